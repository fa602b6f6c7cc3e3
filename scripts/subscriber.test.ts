import { execFile } from 'node:child_process';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../server/testing.ts';
import { newsletterTestClient, SUBSCRIBERS } from '../server/newsletter/testClient.ts';
import { childEnvironment } from '../src/shared/config.ts';

// The command's own wiring (configuration, database, operator from the environment) beside a running server; what it
// answers in every case: server/newsletter/subscriberCommand.test.ts.
const script = path.resolve(import.meta.dirname, 'subscriber.mjs');

/** Runs `npm run subscriber -- …` as support would, beside the running test server, on its database. */
function subscriber(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: childEnvironment({ TZ: 'UTC', DB_PATH: `${server.dir}/test.sqlite`, SUBSCRIBER_OPERATOR: 'Petra' }),
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
  test('shows and erases an address beside the running server; the audit names the operator, not the address', async () => {
    const email = 'hilde.support@example.com';
    const token = await client.subscribed({ email, firstName: 'Hildegard', lastName: 'Quast' }, 'AT');

    const shown = await subscriber(['show', email]);
    expect([shown.code, shown.stderr]).toEqual([0, '']);
    expect(shown.stdout).toContain(`Address: ${email}`);
    expect(shown.stdout).toContain('Hildegard Quast');

    const erased = await subscriber(['erase', email, '--yes', '--by', 'Jana Support']);
    expect([erased.code, erased.stdout.trim()]).toEqual([
      0,
      'Erased in AT: the address and every personal field are gone.',
    ]);
    expect((await client.json('GET', `${SUBSCRIBERS}/${token}`)).status).toBe(404);

    const audit = await subscriber(['audit']);
    expect(audit.code).toBe(0);
    expect(audit.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/ {2}show {4}AT +by Petra$/),
      expect.stringMatching(/ {2}erase {3}AT +by Jana Support$/),
    ]);
    expect(audit.stdout).not.toContain('hilde');
    // Three commands, each starting Node and loading the services' modules: seconds each on a loaded 2-core machine.
  }, 60_000);
});
