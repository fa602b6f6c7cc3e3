import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { hydrateIsland } from './support/hydrateAll.ts';
import { readToolConfig } from '../src/shared/config.ts';
import { linkIn, readOutbox } from '../server/mail/outboxReader.ts';

/** Where the services write confirmation e-mails: `npm test` passes DATA_DIR; a manual serve sets OUTBOX_DIR. */
const { OUTBOX_DIR, DATA_DIR } = readToolConfig();
export const outboxDir = OUTBOX_DIR ?? (DATA_DIR ? path.join(DATA_DIR, 'outbox') : path.resolve('.data/outbox'));

/** A fresh address per test, so runs never depend on each other. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

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
    if (request.method() === 'POST' && request.url().includes('/service/newsletter/api/internal/newsletter-subscribers')) counter.count += 1;
  });
  return counter;
}

/**
 * The confirmation link from the outbox e-mail sent to `email`, waiting briefly for it to be written. The mail is read
 * as a mail client would (mailparser: multipart, quoted-printable), not as raw text.
 */
export async function confirmationLinkFor(email: string): Promise<URL> {
  let link: URL | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await readOutbox(outboxDir)).find((candidate) => candidate.to === email && candidate.text.includes('/newsletter/confirm/'));
        link = mail ? linkIn(mail, '/newsletter/confirm/') : undefined;
        return link?.href;
      },
      { message: `a confirmation e-mail to ${email} in ${outboxDir}` },
    )
    .toBeTruthy();
  return link!;
}

/** The GA4 events the page pushed. */
export function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer ?? []);
}
