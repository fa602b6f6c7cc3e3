import { describe, expect, test } from 'vitest';
import { platformFor } from './platform.ts';

describe('platformFor (docs/footer.md#platforms)', () => {
  test.each([
    [375, 'MATCH'],
    [767, 'MATCH'],
    [768, 'TABLET'],
    [1279, 'TABLET'],
    [1280, 'CLASSIC'],
    [1920, 'CLASSIC'],
  ])('without platform attribute, %i px is %s', (width, platform) => expect(platformFor(null, width)).toBe(platform));
  test("the page's platform attribute wins over the width; an unknown value does not", () => {
    expect(platformFor('SMARTPHONE', 1440)).toBe('SMARTPHONE');
    expect(platformFor('CLASSIC', 375)).toBe('CLASSIC');
    expect(platformFor('WATCH', 375)).toBe('MATCH');
  });
});
