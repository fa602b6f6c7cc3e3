import { expect, test } from '@playwright/test';
import { shopByCode } from '../src/shared/countries.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { countSignUpRequests, openSignUp } from './newsletter-helpers.ts';

// The island's validation per rule set (docs/newsletter.md#rules-per-shop), as a shopper meets it: DE asks for the
// address only, AT shows the personal fields as optional, HU requires salutation and names, TR names and the
// commercial message consent. Every shop's built form (fields, autocomplete, links) is checked in
// tests/site/newsletterForm.test.ts.
const autocomplete = { salutation: 'honorific-prefix', firstName: 'given-name', lastName: 'family-name' } as const;

for (const shop of ['DE', 'AT', 'HU', 'TR'].map((code) => shopByCode(code)!)) {
  const rules = shop.newsletter;
  test(`${shop.code}: the sign-up form follows the country rules and says what is missing in ${shop.locale}`, async ({
    page,
  }) => {
    const section = await openSignUp(page, `/${shop.segment}/`);
    const email = section.locator('input[name="newsletterEmail"]');
    await expect(email).toHaveAttribute('type', 'email');
    await expect(email).toHaveAttribute('autocomplete', 'email');
    await expect(section.locator('form')).toHaveAttribute('novalidate', '');
    await email.focus();

    for (const [name, token] of Object.entries(autocomplete)) {
      const field = section.locator(`[name="${name}"]`);
      if (!rules.showsPersonalFields) {
        await expect(field).toHaveCount(0);
        continue;
      }
      await expect(field).toHaveAttribute('autocomplete', token);
      await expect(field).toBeEnabled();
    }
    if (rules.showsPersonalFields) {
      expect(
        await section
          .locator('select[name="salutation"] option:not([value=""])')
          .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
      ).toEqual(['MRS', 'MR', 'DIVERS', 'COMPANY']);
    }
    await expect(section.locator('input[type="checkbox"][name="legals"][value="NEWSLETTER"]')).toHaveCount(
      rules.requiresCommercialConsent ? 1 : 0,
    );
    await expect(section.locator('input[type="checkbox"][name="consents"][value="DNE"]')).toHaveCount(1);
    await expect(section.getByText(new RegExp(`\\b${rules.minimumAge}\\b`)).first()).toBeAttached();

    // Submit with only an address: mandatory fields per country are reported, the first one gets focus.
    const requests = countSignUpRequests(page);
    await page.route('**/newsletter-subscribers', (route) => route.fulfill({ status: 201 }));
    await email.fill('anna@example.com');
    await section.locator('button[type="submit"]').click();
    const invalid = section.locator('[aria-invalid="true"]');
    const expected = [
      ...(rules.requiresSalutation ? ['salutation'] : []),
      ...(rules.requiresNames ? ['firstName', 'lastName'] : []),
      ...(rules.requiresCommercialConsent ? ['legals'] : []),
    ];
    if (expected.length === 0) {
      await expect(section.getByRole('status')).toBeVisible();
      expect(requests.count).toBe(1);
      return;
    }
    await expect(invalid).toHaveCount(expected.length);
    expect(await invalid.evaluateAll((fields) => fields.map((f) => f.getAttribute('name')))).toEqual(expected);
    await expect(invalid.first()).toBeFocused();
    for (const field of await invalid.all()) {
      const messageId = (await field.getAttribute('aria-describedby'))?.split(' ')[0];
      await expect(page.locator(`[id="${messageId}"]`)).not.toBeEmpty();
    }
    expect(requests.count).toBe(0);
    await expectNoSeriousAxeViolations(page, '#newsletter');
  });
}

test('HU: the mandatory messages are Hungarian, salutation is starred', async ({ page }) => {
  const section = await openSignUp(page, '/hu/');
  await section.getByLabel('E-mail-cím').fill('anna@example.com');
  await section.getByRole('button', { name: 'Feliratkozom' }).click();
  await expect(section.getByText('A megszólítás megadása kötelező.')).toBeVisible();
  await expect(section.getByText('A keresztnév megadása kötelező.')).toBeVisible();
  await expect(section.getByText('A vezetéknév megadása kötelező.')).toBeVisible();
  await expect(section.getByLabel('Megszólítás')).toHaveAttribute('required', '');
});

test('TR: names in Turkish letters pass, URL-like names and a missing consent are refused in Turkish', async ({
  page,
}) => {
  const section = await openSignUp(page, '/tr/');
  const requests = countSignUpRequests(page);
  await section.getByRole('textbox', { name: 'E-posta adresi' }).fill('sule@example.com');
  await section.locator('input[name="firstName"]').fill('www.spam.com');
  await section.locator('input[name="lastName"]').fill('Yılmaz');
  await section.getByRole('button', { name: 'Abone ol' }).click();
  await expect(section.getByText('Bu alan geçersiz karakterler içeriyor.')).toBeVisible();
  await expect(section.getByText('Abone olmak için lütfen ticari elektronik ileti onayınızı verin.')).toBeVisible();
  await expect(section.locator('input[name="firstName"]')).toBeFocused();
  await expect(section.getByText(/14 gün/)).toBeAttached();
  await expect(section.getByText(/2 yıl/)).toBeAttached();
  await section.locator('input[name="firstName"]').fill('Şule Çağrı');
  // Leaving the field clears its error (docs/newsletter.md#validation) before the next click lands.
  await section.locator('input[name="firstName"]').blur();
  await expect(section.getByText('Bu alan geçersiz karakterler içeriyor.')).toHaveCount(0);
  await section.getByRole('checkbox', { name: /ticari elektronik ileti gönderilmesine onay/ }).check();
  await page.route('**/newsletter-subscribers', (route) => route.fulfill({ status: 201 }));
  await section.getByRole('button', { name: 'Abone ol' }).click();
  await expect(section.getByRole('status')).toContainText('sule@example.com');
  expect(requests.count).toBe(1);
});

test('AT: a name longer than 40 characters is refused', async ({ page }) => {
  const section = await openSignUp(page, '/at/');
  await section.getByLabel('E-Mail-Adresse').fill('anna@example.com');
  await section.getByLabel('Vorname').fill('A'.repeat(41));
  await section.getByRole('button', { name: 'Jetzt anmelden' }).click();
  await expect(section.getByText('Bitte geben Sie höchstens 40 Zeichen ein.')).toBeVisible();
});
