import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import type { SubscriberExport } from './exportSchema.ts';
import { subscriberCommand, SUBSCRIBER_USAGE } from './subscriberCommand.ts';
import { newsletterTestClient, SUBSCRIBERS } from './testClient.ts';

// `npm run subscriber` (docs/commands.md#subscriber) as its script runs it, in process; the script's own wiring:
// scripts/subscriber.test.ts.
let server: TestServer;
let client: ReturnType<typeof newsletterTestClient>;
beforeEach(async () => {
  server = await startTestServer();
  client = newsletterTestClient(server, `${server.dir}/outbox`);
});
afterEach(() => server.close());

/** Runs the command with `Petra` as the operator of the environment; its exit code and what it wrote. */
async function subscriber(...argv: string[]) {
  const written = { out: '', err: '' };
  const output = {
    out: (text: string) => (written.out += `${text}\n`),
    err: (text: string) => (written.err += `${text}\n`),
  };
  const code = await subscriberCommand(server.shared, undefined, argv, 'Petra', output);
  return { code, ...written };
}

describe('subscriberCommand', () => {
  test('export prints the JSON; erase needs --yes, then erases in every shop; each is audited', async () => {
    const email = 'hilde.support@example.com';
    const token = await client.subscribed({ email, firstName: 'Hildegard', lastName: 'Quast' }, 'AT');
    await server.shared.atomically(function* (db) {
      yield db
        .insertInto('suppressions')
        .values({ site: 'DE', address: email, reason: 'complaint', since: new Date().toISOString(), job_id: null })
        .compile();
    });

    const shown = await subscriber('show', email);
    expect(shown.out).toMatch(/Shop AT: SUBSCRIBED/);
    expect(shown.out).toMatch(/voucher [2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}/);
    expect(shown.out).toMatch(/Suppressed in DE: complaint/);
    const exported = await subscriber('export', email.toUpperCase());
    expect(exported.code).toBe(0);
    expect(JSON.parse(exported.out) as SubscriberExport).toMatchObject({
      version: 1,
      address: email,
      subscription: { shop: 'AT', status: 'SUBSCRIBED', fields: { firstName: 'Hildegard' } },
      suppressions: [{ shop: 'DE', reason: 'complaint' }],
    });

    expect(await subscriber('erase', email)).toEqual({
      code: 2,
      out: '',
      err: 'Erasing cannot be undone: add --yes to erase this address in every shop.\n',
    });
    expect((await client.json('GET', `${SUBSCRIBERS}/${token}`)).status).toBe(200);
    const erased = await subscriber('erase', email, '--yes', '--by=Jana');
    expect([erased.code, erased.out]).toEqual([
      0,
      'Erased in AT, DE: the address and every personal field are gone.\n',
    ]);
    expect(await subscriber('show', email)).toEqual({ code: 1, out: '', err: 'No data is stored for this address.\n' });

    const audit = (await subscriber('audit')).out.trim().split('\n');
    expect(audit).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}show {4}AT,DE +by Petra$/),
      expect.stringMatching(/ {2}export {2}AT,DE +by Petra$/),
      expect.stringMatching(/ {2}erase {3}AT,DE +by Jana$/),
    ]);
  });

  test('an unknown address prints one line and exits 1, unaudited; wrong arguments print the usage and exit 2', async () => {
    for (const action of ['show', 'export'])
      expect(await subscriber(action, 'niemand@example.com')).toEqual({
        code: 1,
        out: '',
        err: 'No data is stored for this address.\n',
      });
    expect((await subscriber('erase', 'niemand@example.com', '--yes')).code).toBe(1);
    expect((await subscriber('audit')).out).toBe('No export or erasure recorded yet.\n');
    for (const argv of [
      [],
      ['show'],
      ['show', 'no-address'],
      ['drop', 'a@example.com'],
      ['show', `${'a'.repeat(300)}@x.de`],
      ['audit', 'x'],
    ])
      expect(await subscriber(...argv)).toEqual({ code: 2, out: '', err: `${SUBSCRIBER_USAGE}\n` });
    const nobody = await subscriberCommand(server.shared, undefined, ['show', 'a@example.com'], undefined, {
      out: () => {},
      err: () => {},
    });
    expect(nobody).toBe(2);
  });
});
