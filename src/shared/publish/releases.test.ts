import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  STAGING_PREFIX,
  adoptPlainDist,
  listReleases,
  liveRelease,
  liveReleaseId,
  pruneReleases,
  readRelease,
  switchLive,
  writeRelease,
} from './releases.ts';

let dir: string;
let releasesDir: string;
let distDir: string;

/** A release folder with one page whose text names the release. */
function makeRelease(id: string) {
  const site = path.join(releasesDir, id, 'site');
  fs.mkdirSync(path.join(site, 'hu'), { recursive: true });
  fs.writeFileSync(path.join(site, 'hu/index.html'), `page of ${id}`);
  writeRelease(path.join(releasesDir, id), {
    id,
    createdAt: new Date().toISOString(),
    kind: 'build',
    built: ['hu'],
    shops: {},
  });
}

const servedPage = () => fs.readFileSync(path.join(distDir, 'hu/index.html'), 'utf8');

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'releases-'));
  releasesDir = path.join(dir, 'releases');
  distDir = path.join(dir, 'dist');
  fs.mkdirSync(releasesDir);
});
afterEach(() => {
  vi.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the live pointer', () => {
  test('switches dist to another release; readers see the old or the new release, and the link is relative', () => {
    makeRelease('r1');
    makeRelease('r2');
    switchLive(distDir, releasesDir, 'r1');
    expect(servedPage()).toBe('page of r1');
    switchLive(distDir, releasesDir, 'r2');
    expect(servedPage()).toBe('page of r2');
    expect(liveReleaseId(distDir, releasesDir)).toBe('r2');
    expect(path.isAbsolute(fs.readlinkSync(distDir))).toBe(false);
    expect(fs.readdirSync(dir).sort()).toEqual(['dist', 'releases']);
  });

  test('a plain dist folder (the old layout) becomes a release of its own; an empty one is just removed', () => {
    fs.mkdirSync(path.join(distDir, 'hu'), { recursive: true });
    fs.writeFileSync(path.join(distDir, 'hu/index.html'), 'built in place');
    expect(() => switchLive(distDir, releasesDir, 'r1')).toThrow(/plain folder/);
    const id = adoptPlainDist(distDir, releasesDir, ['de', 'hu']);
    expect(liveRelease(distDir, releasesDir)).toMatchObject({ id, kind: 'adopted', built: ['hu'] });
    expect(servedPage()).toBe('built in place');

    const empty = path.join(dir, 'empty-dist');
    fs.mkdirSync(empty);
    expect(adoptPlainDist(empty, releasesDir, ['hu'])).toBeUndefined();
    expect(fs.existsSync(empty)).toBe(false);
  });

  test.skipIf(!fs.existsSync('/dev/shm') || fs.statSync('/dev/shm').dev === fs.statSync(os.tmpdir()).dev)(
    'a plain dist folder on another file system than the releases is adopted by copying (a rename cannot cross)',
    () => {
      const otherFs = fs.mkdtempSync('/dev/shm/releases-');
      try {
        const releasesElsewhere = path.join(otherFs, 'releases');
        fs.mkdirSync(path.join(distDir, 'hu'), { recursive: true });
        fs.writeFileSync(path.join(distDir, 'hu/index.html'), 'built in place');
        const id = adoptPlainDist(distDir, releasesElsewhere, ['hu']);
        expect(liveRelease(distDir, releasesElsewhere)).toMatchObject({ id, kind: 'adopted', built: ['hu'] });
        expect(servedPage()).toBe('built in place');
        expect(fs.lstatSync(distDir).isSymbolicLink()).toBe(true);
      } finally {
        fs.rmSync(otherFs, { recursive: true, force: true });
      }
    },
  );

  test('without a site yet there is no live release', () => {
    expect(liveRelease(distDir, releasesDir)).toBeUndefined();
  });
});

describe('pruning', () => {
  test('keeps the newest releases and never the live one, even when it is older; removes leftover staging folders', () => {
    for (const id of ['r1', 'r2', 'r3', 'r4', 'r5']) makeRelease(id);
    fs.mkdirSync(path.join(releasesDir, `${STAGING_PREFIX}crashed`));
    switchLive(distDir, releasesDir, 'r1');
    expect(pruneReleases(releasesDir, 2, 'r1')).toEqual(['r2', 'r3']);
    expect(listReleases(releasesDir).map((release) => release.id)).toEqual(['r1', 'r4', 'r5']);
    expect(servedPage()).toBe('page of r1');
    expect(fs.readdirSync(releasesDir).filter((name) => name.startsWith(STAGING_PREFIX))).toEqual([]);
  });
});

describe('A/B variants in release.json', () => {
  test('a release records its variants; one without them reads as before', () => {
    makeRelease('r1');
    expect(readRelease(releasesDir, 'r1')?.variants).toBeUndefined();
    const release = readRelease(releasesDir, 'r1')!;
    fs.mkdirSync(path.join(releasesDir, 'r2'));
    writeRelease(path.join(releasesDir, 'r2'), {
      ...release,
      id: 'r2',
      variants: [{ test: 'HERO', group: 'B', segment: 'hu' }],
    });
    expect(readRelease(releasesDir, 'r2')?.variants).toEqual([{ test: 'HERO', group: 'B', segment: 'hu' }]);
  });
});
