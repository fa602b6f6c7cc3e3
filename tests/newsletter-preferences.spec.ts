import { expect, test, type Page, type Request } from '@playwright/test';
import { shopByCode } from '../src/shared/countries.ts';
import { translationsFor } from '../src/shared/i18n.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { confirmationLinkFor, openSignUp, subscribedThroughServices, uniqueEmail } from './newsletter-helpers.ts';

// The subscriber's journey through the real pages and services (docs/newsletter.md#the-preferences-page): sign up on the shop
// page, open the link from the outbox e-mail, confirm, follow the confirmation page's link to the preferences page,
// change something (a reload shows it), unsubscribe (the link then opens nothing). HU walks the whole way through the
// pages; the other shops subscribe through the services' calls and start at the preferences page.

const isWrite = (method: string) => (request: { method(): string; url(): string }) =>
  request.method() === method && /\/newsletter-subscribers\/[^/]+$/.test(request.url());

/** Signs up on the shop page with what the shop requires, confirms through the e-mail's link and opens the preferences page. */
async function signUpConfirmAndOpenPreferences(
  page: Page,
  code: string,
  personal?: { salutation?: string; firstName: string; lastName: string },
) {
  const shop = shopByCode(code)!;
  const t = translationsFor(shop.locale);
  const section = await openSignUp(page, `/${shop.segment}/`);
  const email = uniqueEmail(`prefs-${shop.segment}`);
  await section.getByRole('textbox', { name: t('newsletter.field.email'), exact: true }).fill(email);
  if (personal?.salutation)
    await section
      .getByRole('combobox', { name: t('newsletter.field.salutation'), exact: true })
      .selectOption(personal.salutation);
  if (personal) {
    await section.getByRole('textbox', { name: t('newsletter.field.firstName'), exact: true }).fill(personal.firstName);
    await section.getByRole('textbox', { name: t('newsletter.field.lastName'), exact: true }).fill(personal.lastName);
  }
  if (shop.newsletter.requiresCommercialConsent) await section.locator('input[name="legals"]').check();
  await section.getByRole('button', { name: t('newsletter.submit') }).click();
  await expect(section.getByRole('status')).toContainText(email);

  const link = await confirmationLinkFor(email);
  await page.goto(link.pathname + link.search);
  // Only the press confirms; the island, or before it hydrates (several seconds on the 6x slower CPU) the plain form.
  await page.getByRole('button', { name: t('newsletter.confirm.button') }).click();
  await expect(page.getByRole('status').filter({ hasText: t('newsletter.confirm.successHeading') })).toBeVisible({
    timeout: 20_000,
  });
  await page.getByRole('link', { name: t('newsletter.preferences.link') }).click();
  await expect(page).toHaveURL(new RegExp(`/${shop.segment}/newsletter/preferences/\\?token=`));
  await expect(page.locator('.newsletter-preferences__address')).toHaveText(
    t('newsletter.preferences.subscribedAs', { email }),
  );
  return { shop, t, email };
}

/** A subscription made through the services' calls, its preferences page opened. */
async function openPreferencesOfNewSubscription(
  page: Page,
  baseURL: string,
  code: string,
  fields: Parameters<typeof subscribedThroughServices>[3] = {},
) {
  const shop = shopByCode(code)!;
  const t = translationsFor(shop.locale);
  const { email, preferences } = await subscribedThroughServices(page.request, baseURL, shop.code, fields);
  await page.goto(preferences);
  await expect(page.locator('.newsletter-preferences__address')).toHaveText(
    t('newsletter.preferences.subscribedAs', { email }),
  );
  // These flows are the island's: until it has hydrated, Save posts the page's plain form (newsletter-no-js specs),
  // whose answer says an error at its field and in a summary.
  await expect(page.locator('astro-island:has(.newsletter-preferences)')).not.toHaveAttribute('ssr');
  return { shop, t, email };
}

/** Unsubscribes with the keyboard, then checks that the link opens nothing any more. */
async function unsubscribeAndCheckTheLinkIsSpent(page: Page, t: ReturnType<typeof translationsFor>, email: string) {
  // The island sends the DELETE once it runs; before that the button posts the page's plain form (newsletter-no-js specs).
  await expect(page.locator('astro-island:has(.newsletter-preferences)')).not.toHaveAttribute('ssr');
  const button = page.getByRole('button', { name: t('newsletter.preferences.unsubscribe') });
  await button.focus();
  const deleted = page.waitForRequest(isWrite('DELETE'));
  await page.keyboard.press('Enter');
  expect((await deleted).headers()['content-type']).toBe('application/json');
  const notice = page.locator('.newsletter-success');
  await expect(notice.getByRole('status')).toContainText(t('newsletter.preferences.unsubscribedHeading'));
  await expect(notice).toContainText(email);
  await expect(notice).toBeFocused();
  // The offer to sign up again starts with the address that just left.
  await expect(page.getByRole('heading', { name: t('newsletter.preferences.signUpAgainHeading') })).toBeVisible();
  await expect(page.getByRole('textbox', { name: t('newsletter.field.email'), exact: true })).toHaveValue(email);
  await expectNoSeriousAxeViolations(page);

  await page.reload();
  // The spent link has a message of its own (issue 43), and offers no sign-up form.
  await expect(page.getByRole('alert')).toContainText(t('newsletter.preferences.linkInvalidHeading'));
  await expect(page.getByRole('button', { name: t('newsletter.submit') })).toHaveCount(0);
}

test.describe('the preferences page, end to end', () => {
  // Two sign-up pages, the outbox, three page loads and two axe passes: more than 30 s on a busy 2-core machine.
  test.describe.configure({ timeout: 90_000 });

  test('HU: salutation and both names are required as at the sign-up; a change is saved; unsubscribing ends it', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const { t, email } = await signUpConfirmAndOpenPreferences(page, 'HU', {
      salutation: 'MRS',
      firstName: 'Anna',
      lastName: 'Nagy',
    });
    const salutation = page.getByRole('combobox', { name: t('newsletter.field.salutation'), exact: true });
    const firstName = page.getByRole('textbox', { name: t('newsletter.field.firstName'), exact: true });
    await expect(salutation).toHaveValue('MRS');
    await expect(salutation).toHaveAttribute('required', '');
    await expect(firstName).toHaveValue('Anna');
    await expect(page.getByRole('textbox', { name: t('newsletter.field.lastName'), exact: true })).toHaveValue('Nagy');
    await expect(page.getByRole('checkbox', { name: t('newsletter.consent.dne') })).not.toBeChecked();
    await expectNoSeriousAxeViolations(page);

    // An emptied mandatory field is refused in Hungarian, focused, described, and nothing is sent.
    let puts = 0;
    page.on('request', (request) => {
      if (isWrite('PUT')(request)) puts += 1;
    });
    await firstName.fill('');
    await page.getByRole('button', { name: t('newsletter.preferences.save') }).click();
    await expect(firstName).toBeFocused();
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    const describedBy = (await firstName.getAttribute('aria-describedby'))!.split(' ')[0];
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText(t('newsletter.error.firstNameRequired'));
    expect(puts).toBe(0);

    await firstName.fill('Győző');
    await salutation.selectOption('MR');
    await page.getByRole('checkbox', { name: t('newsletter.consent.dne') }).check();
    await page.getByRole('button', { name: t('newsletter.preferences.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('newsletter.preferences.saved') })).toBeVisible();
    expect(puts).toBe(1);

    await page.reload();
    await expect(firstName).toHaveValue('Győző');
    await expect(salutation).toHaveValue('MR');
    await expect(page.getByRole('checkbox', { name: t('newsletter.consent.dne') })).toBeChecked();

    await unsubscribeAndCheckTheLinkIsSpent(page, t, email);
    // The only errors are the spent link's 404s.
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
  });

  test('TR on a 6x slower CPU: names are required, salutation is not; the DNE consent is withdrawn as it was given', async ({
    page,
    baseURL,
  }) => {
    // The page hydrates, validates and saves on a phone's CPU; the reloads and the unsubscribe after that at full speed.
    // Throttled and set back through one CDP session: a second session's rate 1 did not undo the first one's 6×, so
    // the unsubscribe ran throttled too (and once sent no DELETE within the test's 90 s).
    const cpu = await page.context().newCDPSession(page);
    await cpu.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    const { t, email } = await openPreferencesOfNewSubscription(page, baseURL!, 'TR', {
      firstName: 'Şule',
      lastName: 'Yılmaz',
      legals: ['NEWSLETTER'],
    });
    await expect(
      page.getByRole('combobox', { name: t('newsletter.field.salutation'), exact: true }),
    ).not.toHaveAttribute('required', '');
    const lastName = page.getByRole('textbox', { name: t('newsletter.field.lastName'), exact: true });
    await lastName.fill('');
    // Leaving the emptied field says nothing yet ("mandatory" is said on Save, as at the sign-up) ...
    await lastName.blur();
    await expect(lastName).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: t('newsletter.preferences.save') }).click();
    await expect(page.getByText(t('newsletter.error.lastNameRequired'))).toBeVisible();
    // ... and a fixed field loses its error when it is left.
    await lastName.fill('Çağrı');
    await lastName.blur();
    await expect(page.getByText(t('newsletter.error.lastNameRequired'))).toHaveCount(0);

    const dne = page.getByRole('checkbox', { name: t('newsletter.consent.dne') });
    await dne.check();
    const put = page.waitForRequest(isWrite('PUT'));
    await page.getByRole('button', { name: t('newsletter.preferences.save') }).click();
    expect((await put).postDataJSON()).toEqual({ firstName: 'Şule', lastName: 'Çağrı', consents: ['DNE'] });
    await expect(page.getByRole('status').filter({ hasText: t('newsletter.preferences.saved') })).toBeVisible();
    await cpu.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.reload();
    await expect(lastName).toHaveValue('Çağrı');
    await expect(dne).toBeChecked();
    await dne.uncheck();
    await page.getByRole('button', { name: t('newsletter.preferences.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('newsletter.preferences.saved') })).toBeVisible();
    await page.reload();
    await expect(dne).not.toBeChecked();

    await unsubscribeAndCheckTheLinkIsSpent(page, t, email);
  });

  test('CH_FR: no personal fields, only the DNE consent; nothing on the page sends the token elsewhere', async ({
    page,
    baseURL,
  }) => {
    const { t, email } = await openPreferencesOfNewSubscription(page, baseURL!, 'CH_FR');
    const preferencesUrl = page.url();
    const token = new URL(preferencesUrl).searchParams.get('token')!;
    await expect(
      page.locator('input[name="firstName"], input[name="lastName"], select[name="salutation"]'),
    ).toHaveCount(0);
    await expect(page.getByText(t('newsletter.mandatoryNote'))).toHaveCount(0);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');

    // Every request the page makes stays on this origin and names no path or query in its Referer.
    const requests: { url: string; referer: string | undefined }[] = [];
    const record = (request: Request) =>
      void request.allHeaders().then(
        (headers) => requests.push({ url: request.url(), referer: headers['referer'] }),
        // Only once the page has closed, after the checks below: a request still on its way has no headers to read.
        () => undefined,
      );
    page.on('request', record);
    await page.reload();
    await page.getByRole('checkbox', { name: t('newsletter.consent.dne') }).check();
    await page.getByRole('button', { name: t('newsletter.preferences.save') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('newsletter.preferences.saved') })).toBeVisible();
    // A link to another site (the footer's social and app links) is followed with the origin as Referer, nothing more.
    let outsideReferer: string | undefined = 'not followed';
    await page.route(
      (url) => url.origin !== new URL(baseURL!).origin,
      async (route) => {
        outsideReferer = route.request().headers()['referer'];
        await route.fulfill({ body: 'elsewhere' });
      },
    );
    const outside = await page.locator('footer a[href^="http"]').first().getAttribute('href');
    await page.evaluate((href) => {
      const link = Object.assign(document.createElement('a'), { href });
      document.body.append(link);
      link.click();
    }, outside!);
    await expect.poll(() => outsideReferer).not.toBe('not followed');
    // The other site's page is loaded and its request recorded (headers are read asynchronously) before counting;
    // going back earlier would race that navigation.
    await page.waitForURL((url) => url.host === new URL(outside!).host);
    await expect
      .poll(() => requests.some((request) => new URL(request.url).host === new URL(outside!).host))
      .toBe(true);
    expect(
      outsideReferer === undefined || outsideReferer === `${new URL(baseURL!).origin}/`,
      String(outsideReferer),
    ).toBe(true);
    expect(requests.length).toBeGreaterThan(3);
    expect(
      requests.filter(
        (request) => new URL(request.url).origin !== new URL(baseURL!).origin && !request.url.startsWith('data:'),
      ),
    ).toEqual([expect.objectContaining({ url: expect.stringContaining(new URL(outside!).host) })]);
    expect(
      requests.filter((request) => request.referer?.includes(token) || request.referer?.includes('/preferences/')),
    ).toEqual([]);

    page.off('request', record);

    // Back by address, not by history: going back across the other origin's document races Chromium's process swap.
    await page.goto(preferencesUrl);
    await unsubscribeAndCheckTheLinkIsSpent(page, t, email);
  });
});

test('keyboard: every control of the loaded page in reading order, each with a visible focus ring', async ({
  page,
  baseURL,
}) => {
  // A real subscription: the server renders the page with it (docs/newsletter.md#plain-form).
  await openPreferencesOfNewSubscription(page, baseURL!, 'AT');
  const island = page.locator('.newsletter-preferences');
  await expect(island.locator('form').first()).toBeVisible();
  await island.locator('p').first().click();
  const stops: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    stops.push(
      await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        const style = getComputedStyle(element);
        const ring =
          (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
        return `${element.getAttribute('name') ?? element.textContent?.trim()}${ring ? '' : ' (no focus ring)'}`;
      }),
    );
  }
  expect(stops).toEqual(['salutation', 'firstName', 'lastName', 'consents', 'Änderungen speichern', 'Jetzt abmelden']);
});
