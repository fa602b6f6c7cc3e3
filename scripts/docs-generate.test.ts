import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { docBlocks, fillDocBlocks, markdownFiles } from './lib/docBlocks.mjs';
import { isSetting, quotedExports, settingsFile } from './lib/docs/codeValues.mjs';
import { formatValue, perShopPhrase } from './lib/docs/formatValue.mjs';
import { EMAIL_MAX_LENGTH } from '../src/shared/newsletter/subscriberSchema.ts';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('generated parts of the docs', () => {
  test.each(markdownFiles())('%s: every generated part is up to date (else: npm run docs:generate)', (file) => {
    const { stale } = fillDocBlocks(read(file));
    expect(stale).toEqual([]);
  });

  test.each(Object.entries(docBlocks))('block %s is in its file', (name, block) => {
    expect(fillDocBlocks(read(block.file)).found).toContain(name);
  });

  test('the docs quote code values in running text, not only in the tables', () => {
    const quoted = markdownFiles().flatMap((file) => [...read(file).matchAll(/<!-- value: /g)]);
    // Dozens of values are quoted outside docs/constants.md; finding few means the markers were lost.
    expect(quoted.length).toBeGreaterThan(150);
  });

  test('no value marker sits inside a code span, where a reader would see it', () => {
    const inCode = markdownFiles().flatMap((file) => {
      const text = read(file);
      return (
        [...text.matchAll(/<!-- value: /g)]
          // `<!-- value: … -->` right after a backtick is an example the generator leaves alone.
          .filter((match) => text[match.index - 1] !== '`')
          // A code span may run over the lines of a paragraph, not over a table row: count the backticks (not `\``) before it.
          .filter((match) => {
            const line = text.lastIndexOf('\n', match.index) + 1;
            const start = text.startsWith('|', line) ? line : text.lastIndexOf('\n\n', match.index) + 1;
            return (text.slice(start, match.index).match(/(?<!\\)`/g) ?? []).length % 2 === 1;
          })
          .map((match) => `${file}:${text.slice(0, match.index).split('\n').length}`)
      );
    });
    expect(inCode).toEqual([]);
  });

  test('a stale value or block is named with its new text; unknown names are refused', () => {
    const stale = `limit <!-- value: EMAIL_MAX_LENGTH -->${EMAIL_MAX_LENGTH + 2}<!-- /value --> characters`;
    expect(fillDocBlocks(stale).stale).toEqual([
      `value EMAIL_MAX_LENGTH: "${EMAIL_MAX_LENGTH + 2}" is now "${EMAIL_MAX_LENGTH}"`,
    ]);
    expect(fillDocBlocks(stale).filled).toBe(
      `limit <!-- value: EMAIL_MAX_LENGTH -->${EMAIL_MAX_LENGTH}<!-- /value --> characters`,
    );
    expect(fillDocBlocks('<!-- generated: locales -->\nThe 8 UI locales\n<!-- /generated -->').stale).toEqual([
      'block locales',
    ]);
    expect(() => fillDocBlocks('<!-- generated: nope -->\nx\n<!-- /generated -->')).toThrow(
      'unknown generated block "nope"',
    );
    expect(() => fillDocBlocks('<!-- value: EMAIL_MAX_LENGHT -->1<!-- /value -->')).toThrow('EMAIL_MAX_LENGHT');
    // A marker written as an example in a code span is left alone.
    const example = 'write `<!-- value: KEEP_RELEASES -->` and `<!-- /value -->`';
    expect(fillDocBlocks(example).filled).toBe(example);
  });
});

/** The places a "where" cell names: `[name, file]` for every backticked name before its file. */
function placesIn(whereCell: string): [string, string][] {
  return whereCell.split('; ').flatMap((group) => {
    const tokens = [...group.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    const file = tokens.at(-1);
    if (!file || !/^(src|server|scripts)\/.+\.(ts|mjs)$/.test(file)) return [];
    return tokens.slice(0, -1).map((name): [string, string] => [name, file]);
  });
}

describe('the places docs/constants.md names', () => {
  test.each(Object.entries(quotedExports))('%s exports every value the docs quote from it', async (file, names) => {
    const exported = await import(path.join(root, file));
    expect(names.filter((name) => !Object.hasOwn(exported, name))).toEqual([]);
  });

  test('every name in a "where" column is exported by the file named with it (a rename fails here)', async () => {
    const text = read('docs/constants.md');
    const places = ['limits', 'timings', 'sizes'].flatMap((block) => {
      const table =
        new RegExp(`<!-- generated: ${block} -->\\n([\\s\\S]*?)\\n<!-- /generated -->`).exec(text)?.[1] ?? '';
      return table
        .split('\n')
        .slice(2)
        .flatMap((row) => placesIn(row.split(' | ').at(-1)!));
    });
    expect(places.length).toBeGreaterThan(50);
    const missing: string[] = [];
    for (const [name, file] of places) {
      const exportName = name.replace(/\[\].*$/, '');
      const exported = await import(path.join(root, file));
      if (!Object.hasOwn(exported, exportName) && !(file === settingsFile && isSetting(name)))
        missing.push(`${name} (${file})`);
    }
    expect(missing).toEqual([]);
  });

  test('placesIn reads names with their files', () => {
    expect(placesIn('`A`, `B`, `src/x.ts`; `C`, `scripts/lib/y.mjs`; see [x](x.md)')).toEqual([
      ['A', 'src/x.ts'],
      ['B', 'src/x.ts'],
      ['C', 'scripts/lib/y.mjs'],
    ]);
  });
});

describe('formatValue', () => {
  test('writes durations and sizes in the unit asked for, read from the name', () => {
    expect(formatValue('X_TIMEOUT_MS', 15_000, 'ms')).toBe('15000 ms');
    expect(formatValue('X_TIMEOUT_MS', 1_209_600_000, 'days')).toBe('14 days');
    expect(formatValue('X_MS', 3_600_000, 'hours')).toBe('1 hour');
    expect(formatValue('X_TTL_SECONDS', 1800, 's')).toBe('1800 s');
    expect(formatValue('X.maxBytes', 33_554_432, 'MB')).toBe('32 MB');
    expect(formatValue('KEEP', 5, 'code')).toBe('`5`');
    expect(formatValue('SIZES', [12, 16, 24])).toBe('12, 16, 24');
  });

  test('refuses to round, or to give a plain number a unit it does not have', () => {
    expect(() => formatValue('X_MS', 90_000, 'minutes')).toThrow('not a whole number');
    expect(() => formatValue('EMAIL_MAX_LENGTH', 256, 'days')).toThrow('not a duration');
    expect(() => formatValue('X_MS', 1, 'fortnights')).toThrow('unknown format');
  });

  test('writes a per-shop fact as the common value and its exceptions', () => {
    expect(
      perShopPhrase([
        ['DE', 16],
        ['CZ', 18],
        ['AT', 16],
        ['SK', 18],
        ['PL', 16],
      ]),
    ).toBe('16 (18 in CZ and SK)');
    expect(
      perShopPhrase([
        ['DE', 10],
        ['AT', 10],
      ]),
    ).toBe('10');
    expect(
      perShopPhrase(
        [
          ['DE', null],
          ['HU', 1],
          ['AT', null],
          ['XX', 2],
          ['YY', 2],
        ],
        (months) => (months === null ? 'none' : `${months}`),
      ),
    ).toBe('none (2 in XX and YY; 1 in HU)');
  });
});
