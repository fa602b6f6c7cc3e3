import { Hono } from 'hono';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { testEngines, type TwoInstances } from '../database/testEngines.ts';
import { SESSION_MAX_LIFETIME_MS, previewSessions } from './sessions.ts';

// Staff sessions in the shared database: what one instance starts, every other one knows, on both engines
// (docs/operations.md#several-instances).
let open: TwoInstances | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await open?.close();
  open = undefined;
});

/** The session calls of one instance, as its routes use them. */
function instance(shared: TwoInstances['first']) {
  const sessions = previewSessions(shared);
  const app = new Hono();
  app.post('/login', async (c) => (await sessions.start(c, 'staff.demo'), c.text('ok')));
  app.get('/me', async (c) => c.json((await sessions.current(c)) ?? null));
  app.get('/renew', async (c) => c.json(await sessions.renew(c)));
  app.get('/preview', async (c) => {
    await sessions.setPreview(c, { previewDateTime: '2026-12-24T10:00:00.000Z', abTestName: 'T', abTestGroup: 'B' });
    return c.text('ok');
  });
  app.get('/logout', async (c) => (await sessions.end(c), c.text('ok')));
  return (path: string, cookie = '') =>
    app.request(path, { method: path === '/login' ? 'POST' : 'GET', headers: { cookie } });
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');

describe.each(testEngines)('$engine', ({ open: openInstances }) => {
  test('a session started on one instance is known, set, renewed and ended on the other', async () => {
    open = await openInstances();
    const [first, second] = [instance(open.first), instance(open.second)];
    const cookie = cookieOf(await first('/login'));
    expect(await (await second('/me', cookie)).json()).toMatchObject({ username: 'staff.demo', previewDateTime: null });
    await second('/preview', cookie);
    expect(await (await first('/me', cookie)).json()).toMatchObject({
      previewDateTime: '2026-12-24T10:00:00.000Z',
      abTestName: 'T',
      abTestGroup: 'B',
    });
    expect(await (await first('/renew', cookie)).json()).toBe(true);
    await second('/logout', cookie);
    expect(await (await first('/me', cookie)).json()).toBeNull();
    expect(await (await first('/renew', cookie)).json()).toBe(false);
    expect(await (await first('/me', 'preview_session=guessed')).json()).toBeNull();
  });

  test('renewals never carry a session past its absolute end, and an expired one is gone', async () => {
    open = await openInstances();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-27T08:00:00Z') });
    const [first, second] = [instance(open.first), instance(open.second)];
    const cookie = cookieOf(await first('/login'));
    // Renewed every 10 minutes for 8 hours, alternately on both instances.
    for (let minutes = 10; minutes < SESSION_MAX_LIFETIME_MS / 60_000; minutes += 10) {
      vi.setSystemTime(Date.parse('2026-11-27T08:00:00Z') + minutes * 60_000);
      expect(await (await (minutes % 20 ? first : second)('/renew', cookie)).json()).toBe(true);
    }
    const me = (await (await first('/me', cookie)).json()) as { expiresAt: number };
    expect(me.expiresAt).toBe(Date.parse('2026-11-27T08:00:00Z') + SESSION_MAX_LIFETIME_MS);
    vi.setSystemTime(me.expiresAt + 1);
    expect(await (await second('/me', cookie)).json()).toBeNull();
    expect(await (await second('/renew', cookie)).json()).toBe(false);
  });
});
