import { describe, expect, test } from 'vitest';
import { parseVerpAddress, verpAddress } from './verp.ts';

describe('per-mail addresses (VERP)', () => {
  test('a bounce and an unsubscribe address name their job, and are read back', () => {
    expect(verpAddress('bounce', 42, 'aroma.example')).toBe('bounce+42@aroma.example');
    expect(parseVerpAddress('<Bounce+42@AROMA.example>', 'aroma.example')).toEqual({ kind: 'bounce', jobId: 42 });
    expect(parseVerpAddress(verpAddress('unsubscribe', 7, 'aroma.example'), 'aroma.example')).toEqual({
      kind: 'unsubscribe',
      jobId: 7,
    });
  });

  test.each([
    'bounce+42@other.example',
    'newsletter@aroma.example',
    'bounce+0@aroma.example',
    'bounce+4x@aroma.example',
    'bounce+42@aroma.example.evil',
  ])('%s names no job', (address) => expect(parseVerpAddress(address, 'aroma.example')).toBeUndefined());
});
