import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { shops } from '../shared/countries.ts';
import { switchLive, writeRelease } from '../shared/publish/releases.ts';
import { codeVersionOf } from './codeVersion.ts';
import { liveReleaseFromThisCode } from './liveReleaseFromThisCode.ts';

// A second `npm start` on folders another instance (or this one, before a restart) built joins without building
// only when the live release is this very code's (docs/operations.md#several-instances).
let dir: string;
let question: Parameters<typeof liveReleaseFromThisCode>[0];

/** A live release whose shops were built from `codeOf(segment)`. */
function liveReleaseBuiltFrom(codeOf: (segment: string) => string | undefined) {
  const id = '2026-11-27T00-00-00-000Z';
  fs.mkdirSync(path.join(question.releasesDir, id, 'site'), { recursive: true });
  fs.writeFileSync(path.join(question.releasesDir, id, 'site', 'index.html'), 'shop');
  const builtAt = new Date().toISOString();
  const entries = shops.map((shop) => {
    const code = codeOf(shop.segment);
    return [shop.segment, { release: id, contentVersion: 1, builtAt, durationMs: 1, ...(code ? { code } : {}) }];
  });
  writeRelease(path.join(question.releasesDir, id), {
    id,
    createdAt: builtAt,
    kind: 'build',
    built: shops.map((shop) => shop.segment),
    shops: Object.fromEntries(entries),
  });
  switchLive(question.distDir, question.releasesDir, id);
  return id;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'join-release-'));
  question = {
    distDir: path.join(dir, 'dist'),
    releasesDir: path.join(dir, 'releases'),
    previewRendererDir: path.join(dir, 'renderer'),
    code: 'c0de',
  };
  fs.mkdirSync(question.releasesDir, { recursive: true });
  fs.mkdirSync(path.join(question.previewRendererDir, 'server'), { recursive: true });
  fs.writeFileSync(path.join(question.previewRendererDir, 'server', 'entry.mjs'), '');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test('every shop built from this code, and a renderer: the live release is served without building', () => {
  const id = liveReleaseBuiltFrom(() => 'c0de');
  expect(liveReleaseFromThisCode(question)?.id).toBe(id);
});

test('no release, one shop from other code or from before code versions, or no renderer: a build is needed', () => {
  expect(liveReleaseFromThisCode(question)).toBeUndefined();
  liveReleaseBuiltFrom((segment) => (segment === 'hu' ? 'other' : 'c0de'));
  expect(liveReleaseFromThisCode(question)).toBeUndefined();
  liveReleaseBuiltFrom((segment) => (segment === 'tr' ? undefined : 'c0de'));
  expect(liveReleaseFromThisCode(question)).toBeUndefined();
  liveReleaseBuiltFrom(() => 'c0de');
  fs.rmSync(question.previewRendererDir, { recursive: true });
  expect(liveReleaseFromThisCode(question)).toBeUndefined();
});

test('the code version changes with a source file, not with a test or a file outside the build inputs', () => {
  const root = path.join(dir, 'checkout');
  fs.mkdirSync(path.join(root, 'src', 'lib'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src', 'lib', 'a.ts'), 'export const a = 1;');
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{}');
  const first = codeVersionOf(root);
  fs.writeFileSync(path.join(root, 'src', 'lib', 'a.test.ts'), 'test');
  fs.mkdirSync(path.join(root, 'docs'));
  fs.writeFileSync(path.join(root, 'docs', 'notes.md'), 'notes');
  expect(codeVersionOf(root)).toBe(first);
  fs.writeFileSync(path.join(root, 'src', 'lib', 'a.ts'), 'export const a = 2;');
  expect(codeVersionOf(root)).not.toBe(first);
  const second = codeVersionOf(root);
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{"v":2}');
  expect(codeVersionOf(root)).not.toBe(second);
});
