import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { hydrateIsland } from './support/hydrateAll.ts';
import { confirmationLinkFor, openSignUp, uniqueEmail } from './newsletter-helpers.ts';

test('double opt-in end to end: sign up, open the link from the outbox e-mail, see the confirmation; the link is then spent', async ({
  page,
}) => {
  // Two page loads, a sign-up, the outbox and an axe pass: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  const errors = collectConsoleErrors(page);
  const section = await openSignUp(page, '/cz/');
  const email = uniqueEmail('doi');
  await section.getByLabel('E-mailová adresa').fill(email);
  await section.getByRole('button', { name: 'Přihlásit se' }).click();
  await expect(section.getByRole('status')).toContainText(email);

  const link = await confirmationLinkFor(email);
  expect(link.pathname).toBe('/cz/newsletter/confirm/');
  expect(link.searchParams.get('token')!.length).toBeGreaterThanOrEqual(32);
  await page.goto(link.pathname + link.search);
  // This is the island's confirmation: pressed before it hydrates (a loaded machine), the button posts the plain form,
  // whose answer page a reload would post again (tests/newsletter-no-js-subscriber.spec.ts covers that path).
  const confirmIsland = page.locator('astro-island').filter({ has: page.locator('form.newsletter-confirm') });
  await hydrateIsland(confirmIsland);
  // Only the press confirms (issue 43): tests/newsletter-confirm-click.spec.ts shows that opening the page does not.
  await page.getByRole('button', { name: 'Potvrdit přihlášení' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Vaše přihlášení je potvrzené' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pokračovat v nákupu' })).toHaveAttribute('href', '/cz/');
  await expectNoSeriousAxeViolations(page);

  await page.reload();
  await hydrateIsland(confirmIsland);
  await page.getByRole('button', { name: 'Potvrdit přihlášení' }).click();
  await expect(page.getByRole('alert')).toHaveText('Tento odkaz už bohužel neplatí. Přihlaste se prosím znovu.');
  // A spent link answers like an unknown one: 404.
  expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
});

test('an invalid link shows the sign-up form with the announced banner, which goes once the e-mail field gets focus', async ({
  page,
}) => {
  await page.goto('/de/newsletter/confirm/?token=this-token-does-not-exist-0000000000000');
  // A page opened through a personal link is not for search engines (docs/newsletter.md#pages).
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await page.getByRole('button', { name: 'Anmeldung bestätigen' }).click();
  const banner = page.getByRole('alert');
  await expect(banner).toHaveText('Dieser Link ist leider nicht mehr gültig. Bitte melden Sie sich noch einmal an.');
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel('E-Mail-Adresse').focus();
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Jetzt anmelden' })).toBeVisible();
});

test('the confirmation page without a token offers the sign-up form straight away', async ({ page }) => {
  await page.goto('/pl/newsletter/confirm/');
  await expect(page.getByRole('alert')).toHaveText('Niestety ten link jest już nieważny. Zapisz się ponownie.');
  await expect(page.getByLabel('Adres e-mail')).toBeVisible();
});
