import { readOutbox, linkIn, type ReceivedMail } from '../mail/outboxReader.ts';
import type { TestServer } from '../testing.ts';

/** The newsletter base path the shop pages call. */
export const NEWSLETTER_BASE = '/service/newsletter/api/internal';
/** The subscribers collection. */
export const SUBSCRIBERS = `${NEWSLETTER_BASE}/newsletter-subscribers`;

/**
 * The newsletter calls as the shop pages make them, against a test server, and the mails in its outbox: for the
 * newsletter service's endpoint tests.
 */
export function newsletterTestClient(server: Pick<TestServer, 'origin'>, outbox: string) {
  const json = (method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(server.origin + pathname, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  const mails = () => readOutbox(outbox);
  /** The newest mail to `email`, waiting up to 5 s for the sender to deliver it. */
  async function mailTo(email: string, count = 1): Promise<ReceivedMail> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = await readOutbox(outbox, { to: email });
      if (found.length >= count) return found.at(-1)!;
      if (Date.now() > deadline) throw new Error(`${count} mail(s) to ${email} expected, ${found.length} in ${outbox}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return {
    json,
    mails,
    mailTo,
    subscribe: (body: unknown, headers: Record<string, string> = {}) => json('POST', SUBSCRIBERS, body, headers),
    /** The confirmation token of the newest mail to `email`. */
    confirmationToken: async (email: string, count = 1) =>
      linkIn(await mailTo(email, count), '/newsletter/confirm/').searchParams.get('token')!,
    /** Signs up, confirms through the mailed link, and answers the preferences token. */
    async subscribed(body: { email: string } & Record<string, unknown>, site = 'DE'): Promise<string> {
      const response = await json('POST', SUBSCRIBERS, { consents: [], ...body }, { site });
      if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
      const token = linkIn(await mailTo(body.email), '/newsletter/confirm/').searchParams.get('token')!;
      const confirmed = await json('PUT', `${SUBSCRIBERS}/${token}/doi`, {});
      return ((await confirmed.json()) as { preferencesToken: string }).preferencesToken;
    },
  };
}
