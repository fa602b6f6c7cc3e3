import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { linkCheckoutPackages } from './checkoutPackages.ts';

let dir: string;
let root: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'checkout-packages-'));
  root = path.join(dir, 'shop');
  fs.mkdirSync(path.join(root, 'node_modules', 'react'), { recursive: true });
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

test("a folder outside the checkout, even one whose path starts with the checkout's, gets a link to its packages", () => {
  for (const outside of [path.join(dir, 'releases'), `${root}-releases`]) {
    expect(linkCheckoutPackages(outside, root)).toBe(path.join(outside, 'node_modules'));
    expect(fs.existsSync(path.join(outside, 'node_modules', 'react'))).toBe(true);
    expect(linkCheckoutPackages(outside, root)).toBe(path.join(outside, 'node_modules'));
  }
});

test('a folder inside the checkout gets none: its own node_modules is found anyway', () => {
  expect(linkCheckoutPackages(path.join(root, '.data', 'renderer'), root)).toBeUndefined();
  expect(fs.existsSync(path.join(root, '.data', 'renderer', 'node_modules'))).toBe(false);
});

test('a link to another (moved) checkout is replaced', () => {
  const outside = path.join(dir, 'renderer');
  fs.mkdirSync(outside);
  fs.symlinkSync(path.join(dir, 'old-checkout', 'node_modules'), path.join(outside, 'node_modules'));
  linkCheckoutPackages(outside, root);
  expect(fs.readlinkSync(path.join(outside, 'node_modules'))).toBe(path.join(root, 'node_modules'));
});
