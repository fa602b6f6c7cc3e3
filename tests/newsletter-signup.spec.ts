import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { countSignUpRequests, dataLayer, openSignUp, uniqueEmail } from './newsletter-helpers.ts';

const signUpEvent = { event: 'sign_up', subject: 'newsletter', origin: 'onsite:subsite', type: 'ga4' };

test.describe('newsletter sign-up on the German shop page', () => {
  test('a valid address signs up: success message with the address, announced, in view; form gone; one event', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const section = await openSignUp(page, '/de/');
    await expectNoSeriousAxeViolations(page, '#newsletter');
    const email = uniqueEmail('success');
    const requests = countSignUpRequests(page);
    await section.getByLabel('E-Mail-Adresse').fill(email);
    await section.getByRole('button', { name: 'Jetzt anmelden' }).click();

    const success = section.getByRole('status').filter({ hasText: 'Vielen Dank für Ihre Newsletter-Anmeldung!' });
    await expect(success).toBeVisible();
    await expect(success).toContainText(`Wir haben Ihnen eine E-Mail an ${email} geschickt.`);
    await expect(success).toBeInViewport();
    await expect(section.locator('form')).toHaveCount(0);
    expect(requests.count).toBe(1);
    expect(await dataLayer(page)).toEqual([signUpEvent]);
    await expectNoSeriousAxeViolations(page, '#newsletter');
    expect(errors).toEqual([]);
  });

  test('sends the request body exactly per spec', async ({ page }) => {
    const section = await openSignUp(page, '/at/');
    const email = uniqueEmail('body');
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/newsletter-subscribers'),
    );
    await section.getByLabel('E-Mail-Adresse').fill(email);
    await section.getByLabel('Vorname').fill('Jürgen');
    await section.getByRole('checkbox', { name: /Angebote erhalten, die zu mir passen/ }).check();
    await section.getByRole('button', { name: 'Jetzt anmelden' }).click();
    const request = await posted;
    expect(request.url()).toMatch(/\/service\/newsletter\/api\/internal\/newsletter-subscribers$/);
    expect(request.headers()['content-type']).toBe('application/json');
    expect(request.postDataJSON()).toEqual({
      email,
      firstName: 'Jürgen',
      consents: ['DNE'],
      origin: 'onsite',
      originAddition: 'subsite',
    });
  });

  test('a double click sends exactly one request while the button shows its loading state', async ({ page }) => {
    const section = await openSignUp(page, '/de/');
    const requests = countSignUpRequests(page);
    // Hold the answer back until every extra click and Enter has landed while the first request runs
    // (a fixed delay raced the test under load: the success could replace the form first).
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/newsletter-subscribers', async (route) => {
      await held;
      await route.continue();
    });
    await section.getByLabel('E-Mail-Adresse').fill(uniqueEmail('double'));
    // The loading button is named by its spinner ("Ihre Anmeldung wird gesendet"), so find it by type.
    const button = section.locator('button[type="submit"]');
    await button.dblclick();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toHaveAccessibleName(/Ihre Anmeldung wird gesendet/);
    // The loading button reports itself disabled (aria-disabled), so the extra click has to be forced.
    await button.click({ force: true });
    await section.getByLabel('E-Mail-Adresse').press('Enter');
    release();
    await expect(section.getByRole('status').filter({ hasText: 'Vielen Dank' })).toBeVisible();
    expect(requests.count).toBe(1);
  });

  test('an empty or malformed address is refused in the shop voice, focused, and nothing is sent', async ({ page }) => {
    const section = await openSignUp(page, '/de/');
    const requests = countSignUpRequests(page);
    const email = section.getByLabel('E-Mail-Adresse');
    await section.getByRole('button', { name: 'Jetzt anmelden' }).click();
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    const describedBy = await email.getAttribute('aria-describedby');
    await expect(page.locator(`[id="${describedBy?.split(' ')[0]}"]`)).toHaveText(
      'Die E-Mail-Adresse ist ein Pflichtfeld.',
    );
    await expectNoSeriousAxeViolations(page, '#newsletter');

    await email.fill('anna@example');
    await email.blur();
    await expect(section.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    // Errors clear on blur once the value is fine.
    await email.fill('anna@example.com');
    await email.blur();
    await expect(email).not.toHaveAttribute('aria-invalid', 'true');
    await expect(section.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toHaveCount(0);
    expect(requests.count).toBe(0);
  });

  test('extra fields and consents appear once the e-mail field gets focus', async ({ page }) => {
    const section = await openSignUp(page, '/de/');
    await expect(section.getByRole('checkbox')).toHaveCount(0);
    await section.getByLabel('E-Mail-Adresse').focus();
    const dne = section.getByRole('checkbox', { name: /Angebote erhalten, die zu mir passen/ });
    await expect(dne).toHaveAttribute('name', 'consents');
    await expect(dne).toHaveAttribute('value', 'DNE');
    await expect(section.getByText(/mindestens 16 Jahre alt/)).toBeAttached();
    const more = section.getByRole('button', { name: 'Mehr anzeigen' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(section.getByRole('button', { name: 'Weniger anzeigen' })).toHaveAttribute('aria-expanded', 'true');
    await expectNoSeriousAxeViolations(page, '#newsletter');
  });

  test('a service failure shows the generic banner (no close icon), keeps what was typed, still sends the event', async ({
    page,
  }) => {
    const section = await openSignUp(page, '/at/');
    await page.route('**/newsletter-subscribers', (route) =>
      route.fulfill({ status: 500, contentType: 'application/problem+json', body: '{"type":"urn:x"}' }),
    );
    const email = uniqueEmail('generic');
    await section.getByLabel('E-Mail-Adresse').fill(email);
    await section.getByLabel('Nachname').fill('Gruber');
    await section.getByRole('checkbox', { name: /Angebote erhalten, die zu mir passen/ }).check();
    await section.getByRole('button', { name: 'Jetzt anmelden' }).click();
    const banner = section.getByRole('alert');
    await expect(banner).toHaveText(
      'Aus technischen Gründen ist die Newsletter-Anmeldung gerade nicht möglich. Bitte versuchen Sie es später noch einmal.',
    );
    await expect(banner.getByRole('button')).toHaveCount(0);
    await expect(section.getByLabel('E-Mail-Adresse')).toHaveValue(email);
    await expect(section.getByLabel('Nachname')).toHaveValue('Gruber');
    await expect(section.getByRole('checkbox', { name: /Angebote erhalten, die zu mir passen/ })).toBeChecked();
    expect(await dataLayer(page)).toEqual([signUpEvent]);
    await expectNoSeriousAxeViolations(page, '#newsletter');
  });

  test('too many sign-ups (429) and a network failure are the generic error too', async ({ page }) => {
    const section = await openSignUp(page, '/de/');
    await page.route('**/newsletter-subscribers', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/problem+json',
        body: '{"type":"urn:service:too_many_requests"}',
      }),
    );
    await section.getByLabel('E-Mail-Adresse').fill(uniqueEmail('limited'));
    await section.getByRole('button', { name: 'Jetzt anmelden' }).click();
    await expect(section.getByRole('alert')).toContainText('Aus technischen Gründen');
    await page.unroute('**/newsletter-subscribers');
    await page.route('**/newsletter-subscribers', (route) => route.abort('connectionrefused'));
    await section.getByRole('button', { name: 'Jetzt anmelden' }).click();
    await expect(section.getByRole('alert')).toContainText('Aus technischen Gründen');
  });

  test('an address the service refuses gets the invalid-address message on the field, typed value kept', async ({
    page,
  }) => {
    const section = await openSignUp(page, '/de/');
    await page.route('**/newsletter-subscribers', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/problem+json',
        body: '{"type":"urn:newsletter:email_invalid"}',
      }),
    );
    const email = section.getByLabel('E-Mail-Adresse');
    await email.fill('refused@example.com');
    await section.getByRole('button', { name: 'Jetzt anmelden' }).click();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();
    await expect(email).toHaveValue('refused@example.com');
    await expect(section.getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeVisible();
    await expect(section.getByRole('alert')).toHaveCount(0);
    await expectNoSeriousAxeViolations(page, '#newsletter');
  });

  test('a honeypot filled by a script counts as a bot: success shown, nothing sent but the analytics event', async ({
    page,
  }) => {
    const section = await openSignUp(page, '/de/');
    const requests = countSignUpRequests(page);
    const trapBox = section.locator('.newsletter-honeypot');
    await expect(trapBox).toHaveAttribute('aria-hidden', 'true');
    const honeypot = trapBox.locator('input');
    await expect(honeypot).toHaveAttribute('tabindex', '-1');
    await expect(honeypot).not.toBeInViewport();
    // Nothing autofill recognises: no e-mail, mail, name or phone words in name, id, label, type or autocomplete.
    const described = await honeypot.evaluate((input: HTMLInputElement) =>
      [input.name, input.id, input.type, input.autocomplete, input.labels?.[0]?.textContent ?? ''].join(' '),
    );
    expect(described).not.toMatch(/e-?mail|mail|name|phone|tel/i);
    await section.getByLabel('E-Mail-Adresse').fill('bot@example.com');
    await honeypot.fill('bot@example.com', { force: true });
    await section.getByRole('button', { name: 'Jetzt anmelden' }).click();
    await expect(section.getByRole('status').filter({ hasText: 'Vielen Dank' })).toBeVisible();
    expect(requests.count).toBe(0);
    expect(await dataLayer(page)).toEqual([signUpEvent]);
  });

  test('with a login cookie the form is prefilled from base data; DNE already given is not asked again', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: 'login_token', value: 'a.b.c', url: baseURL! }]);
    let loginHeader: string | undefined;
    await page.route('**/customers/base-data', (route) => {
      loginHeader = route.request().headers()['x-login-token'];
      return route.fulfill({
        json: {
          email: 'erika@example.com',
          salutation: 'MRS',
          firstName: 'Erika',
          lastName: 'Musterfrau',
          consents: ['DNE'],
        },
      });
    });
    const section = await openSignUp(page, '/at/');
    await expect(section.getByLabel('E-Mail-Adresse')).toHaveValue('erika@example.com');
    expect(loginHeader).toBe('a.b.c');
    await expect(section.getByLabel('Anrede')).toHaveValue('MRS');
    await expect(section.getByLabel('Vorname')).toHaveValue('Erika');
    await expect(section.getByLabel('Vorname')).toBeDisabled();
    await expect(section.getByRole('checkbox', { name: /Angebote erhalten, die zu mir passen/ })).toHaveCount(0);
    const posted = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/newsletter-subscribers'),
    );
    await page.route('**/newsletter-subscribers', (route) => route.fulfill({ status: 201 }));
    await section.getByRole('button', { name: 'Jetzt anmelden' }).click();
    expect((await posted).postDataJSON()).toEqual({
      email: 'erika@example.com',
      salutation: 'MRS',
      firstName: 'Erika',
      lastName: 'Musterfrau',
      consents: ['DNE'],
      origin: 'onsite',
      originAddition: 'subsite',
    });
    await expectNoSeriousAxeViolations(page, '#newsletter');
  });
});
