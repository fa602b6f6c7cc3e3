import { expect, test } from 'vitest';
import { chainDepth, initiatorUrl } from './requestChain.mjs';

test('a waterfall of imports is as deep as its longest chain', () => {
  expect(
    chainDepth([
      { url: '/a.js', initiator: '/de/' },
      { url: '/b.js', initiator: '/a.js' },
      { url: '/c.js', initiator: '/b.js' },
      { url: '/d.js', initiator: '/a.js' },
    ]),
  ).toBe(3);
});

test('files preloaded all at once by the page are one round trip deep; no requests, no depth', () => {
  const page = '/_astro/page.js';
  expect(chainDepth(['/a.js', '/b.js', '/c.js'].map((url) => ({ url, initiator: page })))).toBe(1);
  expect(chainDepth([])).toBe(0);
});

test('the initiator is the importing module, or the script on top of the stack that made the request', () => {
  expect(initiatorUrl({ url: '/a.js' })).toBe('/a.js');
  expect(initiatorUrl({ stack: { callFrames: [{ url: '' }, { url: '/page.js' }] } })).toBe('/page.js');
  expect(initiatorUrl({})).toBe('');
});
