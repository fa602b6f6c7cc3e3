import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { takeBuiltContentVersions, writeBuiltContentVersions } from './builtContentVersions.ts';

let outDir: string;
beforeEach(() => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-versions-'));
});
afterEach(() => fs.rmSync(outDir, { recursive: true, force: true }));

test('hands the versions of the shops that have one to the release builder, and leaves nothing to serve', () => {
  writeBuiltContentVersions(outDir, [
    { segment: 'hu', source: 'cms', dropped: [], reasons: [], contentVersion: 7 },
    { segment: 'de', source: 'fallback', dropped: [], reasons: ['the promotion service answered HTTP 500'] },
  ]);
  expect(takeBuiltContentVersions(outDir)).toEqual({ hu: 7 });
  expect(fs.readdirSync(outDir)).toEqual([]);
});

test('a build that wrote none, or a broken file, names no version', () => {
  expect(takeBuiltContentVersions(outDir)).toEqual({});
  fs.writeFileSync(path.join(outDir, 'built-content-versions.json'), '{"hu":"seven"}');
  expect(takeBuiltContentVersions(outDir)).toEqual({});
  expect(fs.readdirSync(outDir)).toEqual([]);
});
