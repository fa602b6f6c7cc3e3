import fs from 'node:fs';
import { sql } from 'kysely';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { rowsOfSql } from '../database/atomicWork.ts';
import {
  createPostgresTestDatabase,
  postgresTestUrl,
  type PostgresTestDatabase,
} from '../database/postgresTestDatabase.ts';
import { PERSONAL_DATA_COLUMNS } from '../database/sharedMigrations.ts';
import { suppressionStatements } from '../mail/suppressions.ts';
import { startTestServer, type TestServer } from '../testing.ts';
import { newsletterMailKind } from './mails/newsletterMails.ts';
import { newsletterTestClient, SUBSCRIBERS } from './testClient.ts';
import { voucherStatements } from './vouchers.ts';
import type { SubscriberExport } from './exportSchema.ts';
import { shopByCode } from '../../src/shared/countries.ts';

// Export and erasure with the preferences token (docs/newsletter.md#subscriber-rights), on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL.
let server: TestServer;
let client: ReturnType<typeof newsletterTestClient>;
let postgres: PostgresTestDatabase | undefined;

afterEach(async () => {
  await server.close();
  await postgres?.drop();
  postgres = undefined;
});

async function start(engine: 'sqlite' | 'postgres') {
  postgres = engine === 'postgres' ? await createPostgresTestDatabase() : undefined;
  server = await startTestServer({ env: postgres ? { DATABASE_URL: postgres.url } : {} });
  client = newsletterTestClient(server, `${server.dir}/outbox`);
}

const engines = ['sqlite', ...(postgresTestUrl() ? ['postgres' as const] : [])] as const;
const exportOf = (token: string) => fetch(`${server.origin}${SUBSCRIBERS}/${token}/export`);
const erase = (token: string) => client.json('POST', `${SUBSCRIBERS}/${token}/erase`);
const waitFor = (check: () => void | Promise<void>) => vi.waitFor(check, { timeout: 5000, interval: 20 });

/** Every row of every table, as text, on either engine. */
async function everyRow(): Promise<string> {
  const tables = [...Object.keys(PERSONAL_DATA_COLUMNS), 'settings'];
  const dumps = await Promise.all(
    tables.map((table) =>
      server.shared.run((db) => rowsOfSql(db, sql`SELECT * FROM ${sql.table(table)}`)).then(JSON.stringify),
    ),
  );
  return dumps.join('\n');
}

describe.each(engines)('%s', (engine) => {
  test('the export holds the address, the names, the consent log with times and the voucher code', async () => {
    await start(engine);
    const token = await client.subscribed(
      { email: 'Zofia.Export@example.com', firstName: 'Zofia', lastName: 'Quell' },
      'AT',
    );
    const changed = await client.json('PUT', `${SUBSCRIBERS}/${token}`, {
      salutation: 'MRS',
      firstName: 'Zofia',
      lastName: 'Quellbrunn',
      consents: ['DNE'],
    });
    expect(changed.status).toBe(200);
    const response = await exportOf(token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="newsletter-data.json"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const exported = (await response.json()) as SubscriberExport;
    expect(exported).toMatchObject({ version: 1, address: 'Zofia.Export@example.com', suppressions: [] });
    const subscription = exported.subscription!;
    expect(subscription).toMatchObject({
      shop: 'AT',
      status: 'SUBSCRIBED',
      fields: { email: 'Zofia.Export@example.com', firstName: 'Zofia', lastName: 'Quellbrunn', consents: ['DNE'] },
    });
    expect(subscription.consentLog.map((entry) => entry.event)).toEqual(['SIGNED_UP', 'CONFIRMED', 'CHANGED']);
    for (const entry of subscription.consentLog) expect(Date.parse(entry.at)).not.toBeNaN();
    const [voucher] = (await server.shared.run((db) =>
      rowsOfSql(db, sql<{ code: string }>`SELECT code FROM vouchers`),
    )) as { code: string }[];
    expect(subscription.vouchers).toEqual([expect.objectContaining({ code: voucher!.code })]);
    expect(subscription.mails.map((mail) => mail.kind)).toContain(newsletterMailKind.welcome);
  });

  test('an unknown or malformed token gets 404 for export and erase, alike', async () => {
    await start(engine);
    for (const token of ['x'.repeat(43), 'nope', '%00']) {
      const answers = [await exportOf(token), await erase(token)];
      expect(answers.map((answer) => answer.status)).toEqual([404, 404]);
    }
  });

  test('after erase the export gives 404 and no row holds the address or a name', async () => {
    await start(engine);
    const token = await client.subscribed({
      email: 'weg.damit@example.com',
      firstName: 'Wendelin',
      lastName: 'Zorbas',
    });
    await waitFor(async () => expect(await client.mails()).toHaveLength(2));
    expect(await everyRow()).toContain('weg.damit@example.com');
    const refused = await client.json('POST', `${SUBSCRIBERS}/${token}/erase`, { all: true });
    expect(refused.status).toBe(400);
    const erased = await erase(token);
    expect([erased.status, erased.headers.get('cache-control')]).toEqual([204, 'private, no-store']);
    expect((await exportOf(token)).status).toBe(404);
    expect((await erase(token)).status).toBe(404);
    expect((await client.json('GET', `${SUBSCRIBERS}/${token}`)).status).toBe(404);
    const rows = (await everyRow()).toLowerCase();
    for (const personal of ['weg.damit@example.com', 'wendelin', 'zorbas']) expect(rows).not.toContain(personal);
    if (engine === 'sqlite') {
      for (const file of ['test.sqlite', 'test.sqlite-wal']) {
        const path = `${server.dir}/${file}`;
        const bytes = fs.existsSync(path) ? fs.readFileSync(path).toString('latin1').toLowerCase() : '';
        for (const personal of ['weg.damit@example.com', 'wendelin', 'zorbas']) expect(bytes).not.toContain(personal);
      }
    }
  });

  test('a bounce-suppressed address, erased and signed up again, stays suppressed and gets no new voucher', async () => {
    await start(engine);
    const email = 'prallt@example.com';
    const token = await client.subscribed({ email });
    await server.shared.atomically((db) =>
      suppressionStatements.suppress(db, 'DE', email, 'hard_bounce', null, new Date()),
    );
    expect((await erase(token)).status).toBe(204);
    expect(await everyRow()).not.toContain(email);
    expect((await client.subscribe({ email, consents: [] }, { site: 'DE' })).status).toBe(201);
    await server.mail.sender.drained();
    const jobs = await server.shared.run((db) =>
      rowsOfSql(db, sql<{ state: string; last_error: string }>`SELECT state, last_error FROM mail_jobs`),
    );
    expect(jobs).toEqual([{ state: 'cancelled', last_error: 'suppressed: hard_bounce' }]);
    const outlook = await server.shared.run(function* (db) {
      const [row] = yield* rowsOfSql(db, sql<{ id: number }>`SELECT id FROM subscribers WHERE email = ${email}`);
      return yield* voucherStatements.outlook(db, Number(row!.id), shopByCode('DE')!, new Date());
    });
    expect(outlook).toBe('alreadyIssued');
  });
});

describe('TR erasure', () => {
  test('İYS gets RET before the data goes; while İYS is busy nothing is erased (503)', async () => {
    await start('sqlite');
    const email = 'silinsin@example.com';
    const token = await client.subscribed(
      { email, firstName: 'Ayşe', lastName: 'Yılmaz', legals: ['NEWSLETTER'] },
      'TR',
    );
    await waitFor(() => expect(server.iys.standIn.received.map((consent) => consent.body.status)).toEqual(['ONAY']));
    server.iys.standIn.setBusy(true);
    const busy = await erase(token);
    expect([busy.status, busy.headers.get('retry-after')]).toEqual([503, '60']);
    expect((await exportOf(token)).status).toBe(200);
    server.iys.standIn.setBusy(false);
    expect((await erase(token)).status).toBe(204);
    expect(server.iys.standIn.received.map((consent) => [consent.body.status, consent.body.recipient])).toEqual([
      ['ONAY', email],
      ['RET', email],
    ]);
    expect(await everyRow()).not.toContain(email);
  });
});
