import { expect, test } from '@playwright/test';
import { shopBySegment } from '../../src/shared/countries.ts';
import { MAIL_COLUMN_PIXELS, MAIL_GUTTER_PIXELS, mailHtml } from '../../server/newsletter/mails/mailHtml.ts';
import { sampleMails } from '../../server/newsletter/mails/sampleMails.ts';

// The HTML part of both mails as a mail client shows it, on a phone (375 px) and at the 600 px a desktop client
// gives a mail, in the German, Hungarian and Turkish shop (docs/newsletter.md#the-mails). The HTML loads nothing, so
// it is rendered from the sample mails alone, without the services. Regenerate: npm run test:visual:update.

for (const segment of ['de', 'hu', 'tr']) {
  const shop = shopBySegment(segment)!;
  for (const [name, content] of [
    ['confirmation', sampleMails.confirmation(shop)],
    ['welcome', sampleMails.welcome(shop)],
  ] as const) {
    for (const width of [375, 600]) {
      test(`${name} mail, ${segment}, ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        // Nothing may be fetched: a mail loads no images, fonts or styles.
        const requests: string[] = [];
        page.on('request', (request) => requests.push(request.url()));
        await page.setContent(await mailHtml(content));
        expect(requests).toEqual([]);
        // The card, the brand line and the footer keep one gutter from the window's edge: nothing touches it.
        const lefts = await page.evaluate(() => {
          const card = [...document.querySelectorAll('table')].find(
            (table) => table.style.backgroundColor === 'rgb(255, 255, 255)',
          )!;
          const brand = [...document.querySelectorAll('p')].find((text) => text.textContent === 'AROMA')!;
          const rule = document.querySelector('hr')!;
          return [card, brand, rule].map((element) => Math.round(element.getBoundingClientRect().left));
        });
        expect(new Set(lefts)).toEqual(new Set([MAIL_GUTTER_PIXELS + Math.max(0, (width - MAIL_COLUMN_PIXELS) / 2)]));
        await expect(page).toHaveScreenshot(`mail-${name}-${segment}-${width}.png`, { fullPage: true });
      });
    }
  }
}
