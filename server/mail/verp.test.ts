import { describe, expect, test } from 'vitest';
import { parseVerpAddress, verpAddress, verpAddresses, VERP_TAG_LENGTH } from './verp.ts';

// The per-mail addresses (docs/newsletter.md#suppression): a keyed tag over kind, job and recipient.
const verp = verpAddresses('s'.repeat(43), 'aroma.example');

describe('per-mail addresses (VERP)', () => {
  test('a tagged bounce and unsubscribe address name their job, and are read back; untagged ones too', () => {
    const job = { id: 42, recipient: 'Anna@Example.com' };
    const bounce = verp.address('bounce', job);
    expect(bounce).toMatch(new RegExp(`^bounce\\+42-[a-z2-7]{${VERP_TAG_LENGTH}}@aroma\\.example$`));
    const read = parseVerpAddress(`<${bounce.toUpperCase()}>`, 'aroma.example');
    expect(read).toEqual({ kind: 'bounce', jobId: 42, tag: verp.tag('bounce', 42, 'anna@example.com') });
    expect(verp.verify('bounce', 42, ' anna@example.COM ', read!.tag!)).toBe(true);
    expect(verpAddress('bounce', 42, 'aroma.example')).toBe('bounce+42@aroma.example');
    expect(parseVerpAddress('<Bounce+42@AROMA.example>', 'aroma.example')).toEqual({ kind: 'bounce', jobId: 42 });
  });

  test('the tag differs by kind, job, recipient and secret; a wrong one does not verify', () => {
    const tag = verp.tag('bounce', 42, 'anna@example.com');
    expect(
      new Set([
        tag,
        verp.tag('unsubscribe', 42, 'anna@example.com'),
        verp.tag('bounce', 43, 'anna@example.com'),
        verp.tag('bounce', 42, 'ben@example.com'),
        verpAddresses('t'.repeat(43), 'aroma.example').tag('bounce', 42, 'anna@example.com'),
      ]).size,
    ).toBe(5);
    expect(verp.verify('unsubscribe', 42, 'anna@example.com', tag)).toBe(false);
    expect(verp.verify('bounce', 43, 'anna@example.com', tag)).toBe(false);
    expect(verp.verify('bounce', 42, 'anna@example.com', 'a'.repeat(VERP_TAG_LENGTH))).toBe(false);
    expect(verp.verify('bounce', 42, 'anna@example.com', tag.slice(1))).toBe(false);
  });

  test.each([
    'bounce+42@other.example',
    'newsletter@aroma.example',
    'bounce+0@aroma.example',
    'bounce+4x@aroma.example',
    'bounce+42@aroma.example.evil',
    'bounce+42-short@aroma.example',
    'bounce+42-aaaaaaaaaaaaaaa1@aroma.example',
  ])('%s names no job', (address) => expect(parseVerpAddress(address, 'aroma.example')).toBeUndefined());
});
