// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from 'vitest';
import { hideNewsletterWhenSubscribed } from './newsletterVisibility.ts';

// The footer's sign-up hides for a logged-in customer who already subscribed or waits for the double opt-in, and stays
// for everything else (docs/footer.md#newsletter-in-the-footer), with psdata's answers stubbed. That the footer's
// script asks at idle on a real page, and the area then disappears, is the browser layer's
// (tests/footer-interactions.spec.ts).

const loggedIn = 'login_token=a.b.c; csrf_token=token-123';
let calls: { url: string; init?: RequestInit }[];

function psdataAnswers(answer: () => Response | Promise<Response>): void {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
}
async function shownAfter(cookies: string): Promise<boolean> {
  const container = document.createElement('div');
  await hideNewsletterWhenSubscribed(container, cookies);
  return !container.hidden;
}
afterEach(() => vi.unstubAllGlobals());

test.each(['SUBSCRIBED', 'WAITING_FOR_DOI'])(
  'hidden when psdata reports %s, asked once with the CSRF token of the cookie',
  async (status) => {
    psdataAnswers(() => Response.json({ nl_status: status }));
    expect(await shownAfter(loggedIn)).toBe(false);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/service/customerfrontenddata/api/v1/psdata');
    expect(new Headers(calls[0]!.init!.headers).get('x-csrf-token')).toBe('token-123');
  },
);

test.each([
  ['200 {"nl_status":null}', () => Response.json({ nl_status: null })],
  ['404 {}', () => Response.json({}, { status: 404 })],
  ['500 {}', () => Response.json({}, { status: 500 })],
  ['200 with an unknown status', () => Response.json({ nl_status: 'MAYBE' })],
  ['200 with a body that is no JSON', () => new Response('<html>', { status: 200 })],
  ['no answer at all', () => Promise.reject(new TypeError('Failed to fetch'))],
])('stays when psdata answers %s', async (_, answer) => {
  psdataAnswers(answer);
  expect(await shownAfter(loggedIn)).toBe(true);
  expect(calls).toHaveLength(1);
});

test('an anonymous visitor (no login cookie) is not asked about at all', async () => {
  psdataAnswers(() => Response.json({ nl_status: 'SUBSCRIBED' }));
  expect(await shownAfter('csrf_token=token-123')).toBe(true);
  expect(calls).toEqual([]);
});
