import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../server/testing.ts';
import { newsletterTestClient, SUBSCRIBERS } from '../server/newsletter/testClient.ts';
import type { SubscriberExport } from '../server/newsletter/exportSchema.ts';
import { childEnvironment } from '../src/shared/config.ts';

const script = path.resolve(import.meta.dirname, 'subscriber.mjs');

/** Runs `npm run subscriber -- …` as support would, beside the running test server, on its database. */
function subscriber(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: childEnvironment({
          TZ: 'UTC',
          DB_PATH: `${server.dir}/test.sqlite`,
          SUBSCRIBER_OPERATOR: 'Petra',
          ...env,
        }),
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let server: TestServer;
let client: ReturnType<typeof newsletterTestClient>;
beforeEach(async () => {
  server = await startTestServer();
  client = newsletterTestClient(server, `${server.dir}/outbox`);
});
afterEach(() => server.close());

describe('npm run subscriber', () => {
  test('shows, exports and erases an address beside the running server, and audits each without it', async () => {
    const email = 'hilde.support@example.com';
    const token = await client.subscribed({ email, firstName: 'Hildegard', lastName: 'Quast' }, 'AT');

    const shown = await subscriber(['show', email]);
    expect([shown.code, shown.stderr]).toEqual([0, '']);
    expect(shown.stdout).toContain(`Address: ${email}`);
    expect(shown.stdout).toMatch(/Shop AT: SUBSCRIBED/);
    expect(shown.stdout).toContain('Hildegard Quast');
    expect(shown.stdout).toMatch(/voucher [2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}/);

    const exported = await subscriber(['export', email.toUpperCase()]);
    expect(exported.code).toBe(0);
    const json = JSON.parse(exported.stdout) as SubscriberExport;
    expect(json).toMatchObject({ version: 1, address: email, subscription: { shop: 'AT', status: 'SUBSCRIBED' } });

    const unconfirmed = await subscriber(['erase', email]);
    expect([unconfirmed.code, unconfirmed.stdout]).toEqual([2, '']);
    expect((await client.json('GET', `${SUBSCRIBERS}/${token}`)).status).toBe(200);

    const erased = await subscriber(['erase', email, '--yes', '--by', 'Jana Support']);
    expect([erased.code, erased.stdout.trim()]).toEqual([
      0,
      'Erased in AT: the address and every personal field are gone.',
    ]);
    expect((await client.json('GET', `${SUBSCRIBERS}/${token}`)).status).toBe(404);
    const again = await subscriber(['show', email]);
    expect([again.code, again.stdout, again.stderr]).toEqual([1, '', 'No data is stored for this address.\n']);

    const audit = await subscriber(['audit']);
    expect(audit.code).toBe(0);
    const lines = audit.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z {2}show {4}AT +by Petra$/);
    expect(lines[1]).toMatch(/ {2}export {2}AT +by Petra$/);
    expect(lines[2]).toMatch(/ {2}erase {3}AT +by Jana Support$/);
    expect(audit.stdout).not.toContain('hilde');
  });

  test('an unknown address prints one line and exits 1, and is not audited; wrong arguments exit 2', async () => {
    for (const action of ['show', 'export']) {
      const unknown = await subscriber([action, 'niemand@example.com']);
      expect([unknown.code, unknown.stdout, unknown.stderr]).toEqual([1, '', 'No data is stored for this address.\n']);
    }
    const erase = await subscriber(['erase', 'niemand@example.com', '--yes']);
    expect([erase.code, erase.stderr]).toEqual([1, 'No data is stored for this address.\n']);
    expect((await subscriber(['audit'])).stdout.trim()).toBe('No export or erasure recorded yet.');
    for (const args of [
      ['show', 'no-address'],
      ['drop', 'a@example.com'],
      ['show', `${'a'.repeat(300)}@x.de`],
    ])
      expect((await subscriber(args)).code).toBe(2);
  });
});
