import { expect, test } from '@playwright/test';
import { shopBySegment } from '../src/shared/countries.ts';
import { translationsFor } from '../src/shared/i18n.ts';
import { openSignUp } from './newsletter-helpers.ts';

// Copy as the shopper reads it in the built pages; the catalogue rules themselves are unit-tested in src/i18n/copy.test.ts.

test('/de/: the voucher footnote names the conditions once, as its link', async ({ page }) => {
  const section = await openSignUp(page, '/de/');
  const footnote = section.locator('p', { has: page.getByRole('link', { name: 'Gutscheinbedingungen', exact: true }) });
  await expect(footnote).toHaveCount(1);
  const text = (await footnote.textContent()) ?? '';
  expect(text.match(/Gutscheinbedingungen/g)).toHaveLength(1);
  expect(text).toMatch(/je E-Mail-Adresse nur einmal vergeben\. Gutscheinbedingungen$/);
});

for (const [segment, expected] of [
  ['cz', 'Doprava zdarma při nákupu od 999\u00a0Kč.'],
  ['tr', '1.000\u00a0TL ve üzeri siparişlerde kargo ücretsiz.'],
  ['de', null],
  ['hu', null],
] as const) {
  test(`/${segment}/ui/: the gallery's free-shipping sample is the country table's, not invented`, async ({ page }) => {
    const shop = shopBySegment(segment)!;
    await page.goto(`/${segment}/ui/`);
    const notification = page
      .locator('.ui-gallery__specimen')
      .filter({ has: page.locator('figcaption', { hasText: 'variant="information" transparent customIcon="truck"' }) });
    // A shop without a threshold shows its delivery time instead of an amount it does not offer.
    await expect(notification).toContainText(expected ?? translationsFor(shop.locale)('ui.gallery.sample.information'));
    await expect(page.locator('.ui-gallery')).not.toContainText(/\d[\s\u00a0]*(€|Ft)\s*(Bestellwert|feletti)/u);
  });
}

test('/tr/ and /pl/: the trade name of the country table is the TR sender and the PL data controller, as shown', async ({
  page,
}) => {
  const tr = shopBySegment('tr')!;
  let section = await openSignUp(page, '/tr/');
  await section.locator('input[name="newsletterEmail"]').focus();
  await expect(
    section.getByRole('checkbox', { name: `${tr.tradeName} tarafından e-posta adresime`, exact: false }),
  ).toBeVisible();
  await expect(section).not.toContainText('{{');

  const pl = shopBySegment('pl')!;
  section = await openSignUp(page, '/pl/');
  await section.locator('input[name="newsletterEmail"]').focus();
  await expect(section.locator('.newsletter-form__privacy')).toContainText(
    `Administratorem Twoich danych osobowych jest ${pl.tradeName},`,
  );
  await expect(section).not.toContainText('{{');
});
