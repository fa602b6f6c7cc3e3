import fs from 'node:fs';
import path from 'node:path';
import { staffCredentials } from '../support/preview.ts';
import { expect, test, widths, type Site } from './support/fixtures.ts';

// Staff preview a date to come in Firefox and WebKit (docs/commands.md#cross-engine-suite), at a desktop's width (one
// width: the flow is the same at every width; the panel's layout at both widths is the Chromium tests'): log in, open
// the panel on a shop page, choose the date, apply; the page comes back as it will look then. No page may log an error or break its
// CSP (support/fixtures.ts).

/** DE's seeded Christmas footer, valid from the next 1 December (server/promotion/seed.ts): what 400 days ahead shows. */
const christmasHeadline = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../server/seed/footer-christmas/de.json'), 'utf8'),
).headline as string;

/** Types into a date or time field the way its picker does: the value, then an `input` event. */
async function setInputValue(site: Site, selector: string, value: string): Promise<void> {
  await site.page.evaluate(
    (field, text) => {
      const input = document.querySelector<HTMLInputElement>(field)!;
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    selector,
    value,
  );
}

const width = widths[1];

test(`staff preview a date to come at ${width} px: the page comes back as it will look then`, async ({ site }) => {
  await site.open('/preview/login/', width);
  await site.click('#staff-username');
  await site.page.type(staffCredentials.username);
  await site.click('#staff-password');
  await site.page.type(staffCredentials.password);
  await site.click('#staff-login-form button[type="submit"]');
  await site.until('the login', () =>
    document.querySelector('#staff-login-status')?.textContent?.includes('You are logged in'),
  );

  await site.open('/de/', width);
  await site.until("the preview panel's toggle", () => document.querySelector('.preview-panel__toggle') !== null);
  await site.click('.preview-panel__toggle');
  await site.until(
    'the settings dialog',
    () => document.querySelector<HTMLElement>('.preview-panel__dialog')?.hidden === false,
  );
  // Noon, about 400 days from now: a date to come on any machine, the same day in the shop's time zone.
  const day = new Date(Date.now() + 400 * 24 * 60 * 60 * 1000);
  const iso = day.toISOString().slice(0, 10);
  await setInputValue(site, '.preview-form input[type="date"]', iso);
  await setInputValue(site, '.preview-form input[type="time"]', '12:00');
  await site.click('.preview-form button[type="submit"]');

  const shown = `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
  await site.until(
    `the preview of ${shown}`,
    (text) => document.querySelector('[data-preview-indicator]')?.textContent?.includes(text),
    shown,
  );
  expect(await site.page.evaluate(() => document.querySelector('.footer-service__headline')?.textContent)).toBe(
    christmasHeadline,
  );
});
