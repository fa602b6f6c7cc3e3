import { afterEach, expect, test } from 'vitest';
import { startTestServer, type TestServer } from '../testing.ts';
import { newsletterMailKind } from './mails/newsletterMails.ts';
import { newsletterTestClient } from './testClient.ts';

// Caps on confirmation mails per recipient domain and overall (docs/newsletter.md#rate-limit): beyond them a sign-up
// is answered exactly as any other, and nothing is stored or sent.
let server: TestServer;
afterEach(() => server.close());

const caps = {
  NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '3',
  NEWSLETTER_CONFIRMATIONS_PER_HOUR: '5',
  NEWSLETTER_SIGNUPS_PER_MINUTE: '1000',
};
const confirmationJobs = () =>
  (
    server.db
      .prepare('SELECT recipient FROM mail_jobs WHERE kind = ? ORDER BY id')
      .all(newsletterMailKind.confirmation) as { recipient: string }[]
  ).map((job) => job.recipient);

test('six sign-ups at one domain, as from several clients: the same answers, three mails and rows', async () => {
  server = await startTestServer({ env: caps, mail: false });
  const client = newsletterTestClient(server, `${server.dir}/outbox`);
  const answers = [];
  for (let index = 0; index < 6; index += 1) {
    const answer = await client.subscribe(
      { email: `stranger${index}@Victim.example`, consents: [] },
      { site: 'DE', 'x-forwarded-for': `203.0.113.${index}` },
    );
    answers.push([answer.status, await answer.text()]);
  }
  expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(new Set([JSON.stringify([201, ''])]));
  expect(confirmationJobs()).toEqual([
    'stranger0@Victim.example',
    'stranger1@Victim.example',
    'stranger2@Victim.example',
  ]);
  expect((server.db.prepare('SELECT count(*) AS n FROM subscribers').get() as { n: number }).n).toBe(3);
});

test('the overall cap holds across domains, and 20 sign-ups at once do not pass it', async () => {
  server = await startTestServer({ env: caps, mail: false });
  const client = newsletterTestClient(server, `${server.dir}/outbox`);
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, index) =>
      client.subscribe({ email: `reader@domain${index}.example`, consents: [] }, { site: 'DE' }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(201));
  expect(confirmationJobs()).toHaveLength(5);
});
