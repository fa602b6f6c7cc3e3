import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { findPromtool, prometheusMissing } from '../../scripts/lib/prometheus.mjs';
import { serviceUrl, services } from '../../src/shared/routes.ts';
import { newsletterTestClient } from '../../server/newsletter/testClient.ts';
import { startTestServer, type TestServer } from '../../server/testing.ts';

// Prometheus's own checker on what we ship (docs/operations.md#monitoring): the alert rules load and behave as their
// unit tests say (`promtool check rules`, `promtool test rules`), and a real scrape passes `promtool check metrics`
// (its format and Prometheus's naming conventions). Skipped, saying why, where Prometheus is not installed.
const run = promisify(execFile);
const here = path.resolve(import.meta.dirname, '../../server/metrics');
const missing = prometheusMissing();
if (missing) console.warn(missing);

describe.skipIf(missing !== undefined)('promtool', () => {
  const promtool = findPromtool()!;

  test('check rules: the alert rules file loads', async () => {
    const { stdout } = await run(promtool, ['check', 'rules', path.join(here, 'alerts.yml')]);
    expect(stdout).toContain('SUCCESS: 6 rules found');
  });

  test('test rules: each alert fires on its trouble, not before its `for:`', async () => {
    const { stdout } = await run(promtool, ['test', 'rules', 'alerts.test.yml'], { cwd: here });
    expect(stdout).toContain('SUCCESS');
  });

  describe('check metrics', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ env: { METRICS_TOKEN: 'metrics-token-0123456789abcdef' } });
    });
    afterAll(() => server.close());

    test('a scrape after a sign-up passes, without a single lint problem', async () => {
      const client = newsletterTestClient(server, `${server.dir}/outbox`);
      await client.subscribed({ email: 'promtool@example.com' });
      const response = await fetch(server.origin + serviceUrl(services.metrics, 'metrics'), {
        headers: { authorization: 'Bearer metrics-token-0123456789abcdef' },
      });
      const checked = run(promtool, ['check', 'metrics']);
      checked.child.stdin!.end(await response.text());
      const { stdout, stderr } = await checked;
      expect(stdout + stderr).toBe('');
    });
  });
});
