import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { docBlocks, fillDocBlocks } from './lib/docBlocks.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('generated blocks in docs/', () => {
  test.each(Object.entries(docBlocks))('%s is in its file and up to date (else: npm run docs:generate)', (name, block) => {
    const text = fs.readFileSync(path.join(root, block.file), 'utf8');
    const { filled, found } = fillDocBlocks(text);
    expect(found).toContain(name);
    expect(filled).toBe(text);
  });

  test('a stale value is found, and an unknown block name refused', () => {
    const stale = '<!-- generated: locales -->\nThe 8 UI locales\n<!-- /generated -->';
    expect(fillDocBlocks(stale).filled).not.toBe(stale);
    expect(() => fillDocBlocks('<!-- generated: nope -->\nx\n<!-- /generated -->')).toThrow('unknown generated block "nope"');
  });
});
