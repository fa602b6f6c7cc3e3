import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { iconNames } from '../../shared/iconNames.ts';
import { footerSpriteIcon } from './footerIcons.ts';

const sprite = fs.readFileSync(new URL('../../../public/icons.svg', import.meta.url), 'utf8');

describe('footerSpriteIcon', () => {
  // The service groups, social and app links shoppers see: each gets a drawn line icon, not a letter in a circle.
  const drawn = [
    'payment',
    'delivery',
    'store',
    'returns',
    'contact',
    'card',
    'services',
    'company',
    'facebook',
    'instagram',
    'youtube',
    'appStore',
    'googlePlay',
  ];

  it.each(drawn)('%s is drawn from a 24×24 sprite symbol in currentColor', (name) => {
    const icon = footerSpriteIcon(name);
    expect(icon).toBeDefined();
    expect(iconNames).toContain(icon);
    expect(sprite).toMatch(new RegExp(`<symbol id="${icon}" viewBox="0 0 24 24"[^>]*currentColor`));
  });

  it('names the footer has no icon for render as text', () => {
    expect(footerSpriteIcon('linkedin')).toBeUndefined();
    expect(footerSpriteIcon('toString')).toBeUndefined();
  });
});
