import { describe, expect, test } from 'vitest';
import { footerHeadScript } from './headScript.ts';

describe('the inline head script', () => {
  function run(cookie: string, platform?: string) {
    const attributes = new Map<string, string>(platform ? [['data-platform', platform]] : []);
    const documentElement = {
      hasAttribute: (name: string) => attributes.has(name),
      setAttribute: (name: string, value: string) => attributes.set(name, value),
    };
    new Function('document', footerHeadScript)({ documentElement, cookie });
    return Object.fromEntries(attributes);
  }
  // `data-footer-js` is always set: it lets CSS show the panels collapsed from the first paint.
  const js = { 'data-footer-js': '' };
  test('applies the reduced footer and the stored platform before first paint', () => {
    expect(run('affiliateNumber=9; platform=SMARTPHONE')).toEqual({
      ...js,
      'data-footer-reduced': '',
      'data-platform': 'SMARTPHONE',
    });
    expect(run('xc-app=new')).toEqual({ ...js, 'data-footer-reduced': '' });
    expect(run('platform=EVIL')).toEqual(js);
    expect(run('xc-app=old; csrf_token=x')).toEqual(js);
  });
  test('keeps a platform attribute the page already has', () => {
    expect(run('platform=CLASSIC', 'TABLET')).toEqual({ ...js, 'data-platform': 'TABLET' });
  });
});
