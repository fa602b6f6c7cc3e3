import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { hydrateIsland } from './support/hydrateAll.ts';
import { readToolConfig } from '../src/shared/config.ts';
import { linkIn, readOutbox, type ReceivedMail } from '../server/mail/outboxReader.ts';

/** Where the services write confirmation e-mails: `npm test` passes DATA_DIR; a manual serve sets OUTBOX_DIR. */
const { OUTBOX_DIR, DATA_DIR } = readToolConfig();
export const outboxDir = OUTBOX_DIR ?? (DATA_DIR ? path.join(DATA_DIR, 'outbox') : path.resolve('.data/outbox'));

import { uniqueEmail } from './support/uniqueEmail.ts';

export { uniqueEmail };

/** Opens a shop page and hydrates the sign-up island in the page section (it hydrates on the first interaction). */
export async function openSignUp(page: Page, path: string, scope = '#newsletter') {
  await page.goto(path);
  const section = page.locator(scope);
  await hydrateIsland(section.locator('astro-island'));
  await expect(section.locator('astro-island:not([ssr]) form')).toBeVisible();
  return section;
}

/** Counts the sign-up POSTs the page sends. */
export function countSignUpRequests(page: Page): { count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (
      request.method() === 'POST' &&
      request.url().includes('/service/newsletter/api/internal/newsletter-subscribers')
    )
      counter.count += 1;
  });
  return counter;
}

/**
 * The newest mail to `email` in the outbox whose text has a link to `pathPart` (e.g. `/newsletter/confirm/`), as a
 * mail client reads it, waiting for the services' sender to deliver it.
 */
export async function mailWithLink(email: string, pathPart: string): Promise<{ mail: ReceivedMail; link: URL }> {
  let found: { mail: ReceivedMail; link: URL } | undefined;
  await expect
    .poll(
      async () => {
        for (const mail of (await readOutbox(outboxDir, { to: email })).reverse()) {
          if (!mail.text.includes(pathPart)) continue;
          found = { mail, link: linkIn(mail, pathPart) };
          break;
        }
        return found?.link.href;
      },
      { message: `a mail to ${email} with a ${pathPart} link in ${outboxDir}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

/** The confirmation link from the newest confirmation e-mail sent to `email`. */
export async function confirmationLinkFor(email: string): Promise<URL> {
  return (await mailWithLink(email, '/newsletter/confirm/')).link;
}

/** The newest welcome mail sent to `email` (every mail after confirmation links the preferences page), and that link. */
export function welcomeMailFor(email: string): Promise<{ mail: ReceivedMail; link: URL }> {
  return mailWithLink(email, '/newsletter/preferences/');
}

/** The GA4 events the page pushed. */
export function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
}

/**
 * A confirmed subscription made through the services, as the island makes it (the sign-up call, the confirmation
 * call with the mail's token), for tests of what comes after: answers the address and the preferences page's path.
 * The journey through the pages themselves is tested on its own (newsletter-welcome-mail, newsletter-preferences).
 */
export async function subscribedThroughServices(
  request: APIRequestContext,
  baseURL: string,
  site: string,
  fields: { salutation?: string; firstName?: string; lastName?: string; legals?: string[] } = {},
): Promise<{ email: string; preferences: string }> {
  const email = uniqueEmail(`subscribed-${site.toLowerCase()}`);
  const origin = new URL(baseURL).origin;
  const signedUp = await request.post('/service/newsletter/api/internal/newsletter-subscribers', {
    headers: { site, origin },
    data: { email, consents: [], origin: 'onsite', originAddition: 'subsite', ...fields },
  });
  expect(signedUp.status()).toBe(201);
  const token = (await confirmationLinkFor(email)).searchParams.get('token')!;
  const confirmed = await request.put(`/service/newsletter/api/internal/newsletter-subscribers/${token}/doi`, {
    headers: { origin },
    data: {},
  });
  expect(confirmed.status()).toBe(200);
  const { link } = await welcomeMailFor(email);
  return { email, preferences: link.pathname + link.search };
}
