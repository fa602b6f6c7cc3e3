import { expect, test, type Page } from '@playwright/test';
import { shops } from '../src/shared/countries.ts';
import { translationsFor } from '../src/shared/i18n.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { viewports } from './support/viewports.ts';

const de = translationsFor('de-DE');

// The gallery of UI building blocks as a browser renders it (docs/architecture.md#ui-gallery): every block shown and axe-clean at a phone's
// and a desktop's width, hydrated in every shop's language without an error, no layout shift, and the blocks used by
// pointer and keyboard. Its language, headings, strings per shop and bytes are checked as served in
// tests/site/gallery.test.ts; each block's behaviour in its component tests (src/ui).

// The gallery is one long page: axe over all of it, nine shops in a row or ~60 tab stops take tens of seconds on a
// busy two-core machine, more than the 30 s default.
test.describe.configure({ timeout: 120_000 });

/** The gallery island is interactive only once React has hydrated it. */
async function openGallery(page: Page, path = '/ui/') {
  await page.goto(path);
  await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
}

const specimen = (page: Page, caption: string) =>
  page.locator('.ui-gallery__specimen').filter({ has: page.locator('figcaption', { hasText: caption }) });

for (const viewport of viewports) {
  test.describe(`gallery at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('/ui/ shows every block, axe-clean, without console errors (CSP, hydration)', async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await openGallery(page);
      await expect(page.locator('h1')).toBeVisible();
      for (const name of [
        'Button',
        'IconButton',
        'TextLink',
        'Notification',
        'Spinner',
        'TextInput',
        'Select',
        'Checkbox',
        'ExpansionPanel',
        'Icon',
        'Label',
        'Banderole',
      ]) {
        await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
      }
      await expectNoSeriousAxeViolations(page);
      expect(errors).toEqual([]);
    });
  });
}

test('hydrating the gallery moves nothing: no layout shift from server HTML to the live island', async ({ page }) => {
  // Hydration runs only after the document is parsed (module scripts), so shifts from then on are the island's.
  // Earlier ones come from Chromium painting the long page while it is still streaming in, under a busy CPU.
  await page.addInitScript(() => {
    const state = window as unknown as { shifts: number[]; parsedAt?: number };
    state.shifts = [];
    document.addEventListener('DOMContentLoaded', () => (state.parsedAt = performance.now()));
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (state.parsedAt !== undefined && entry.startTime >= state.parsedAt)
          state.shifts.push((entry as unknown as { value: number }).value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openGallery(page);
  await page.waitForLoadState('networkidle');
  const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBe(0);
});

test("every shop's gallery hydrates in its own language without a console error", async ({ page }) => {
  // Its strings and formats differ by language; a server render the browser's React disagreed with would log an error.
  const errors = collectConsoleErrors(page);
  for (const shop of shops) {
    await openGallery(page, `/${shop.segment}/ui/`);
    await expect(page.locator('h1')).toHaveText(translationsFor(shop.locale)('ui.gallery.title'));
    expect(errors, shop.segment).toEqual([]);
  }
});

test('a loading submit button is busy and ignores further Enter and clicks: one submit only', async ({ page }) => {
  await openGallery(page);
  const form = page.getByTestId('loading-form');
  const submit = form.getByRole('button', { name: de('ui.gallery.sample.subscribe') });
  await submit.focus();
  await page.keyboard.press('Enter');
  await expect(form).toHaveAttribute('data-submits', '1');
  const busy = form.locator('button[aria-busy="true"]');
  await expect(busy).toHaveAccessibleName(de('ui.loading'));
  await expect(busy).toBeFocused();
  await page.keyboard.press('Enter');
  await busy.click({ force: true }); // a real mouse click; Playwright would otherwise wait for aria-disabled to go
  await expect(form).toHaveAttribute('data-submits', '1');
  await form.getByRole('button', { name: de('ui.gallery.sample.reset') }).click();
  await expect(form.locator('button[aria-busy]')).toHaveCount(0);
});

test('a notification closes from the keyboard, emits its close event and can be shown again', async ({ page }) => {
  await openGallery(page);
  const box = page.getByTestId('closable-notification');
  await box.getByRole('button', { name: de('ui.notification.close') }).focus();
  await page.keyboard.press('Enter');
  await expect(box.getByRole('status')).toHaveCount(0);
  await expect(box).toHaveAttribute('data-close-events', '1');
  const reopen = box.getByRole('button', { name: de('ui.gallery.sample.reopen') });
  await expect(reopen).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(box.getByRole('status')).toContainText(de('ui.gallery.sample.success'));
});

test('text inputs: clear button, password toggle and strength, formatting helpers, by keyboard', async ({ page }) => {
  await openGallery(page);
  const email = specimen(page, 'hint clearable').getByRole('textbox');
  await email.fill('anna@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: de('ui.clear') }).first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(email).toHaveValue('');
  await expect(email).toBeFocused();

  const passwordBox = specimen(page, 'type="password" showStrength').first();
  const password = passwordBox.getByLabel(de('ui.gallery.sample.password'), { exact: true });
  await password.pressSequentially('kaffee');
  await expect(passwordBox.locator('.ui-strength__text')).toHaveText(
    `${de('ui.password.strength')}: ${de('ui.password.strength.weak')}`,
  );
  await password.pressSequentially('bohne7');
  await expect(passwordBox.locator('.ui-strength__text')).toHaveText(
    `${de('ui.password.strength')}: ${de('ui.password.strength.strong')}`,
  );
  await page.keyboard.press('Tab');
  await expect(passwordBox.getByRole('button', { name: de('ui.password.show') })).toBeFocused();
  await page.keyboard.press('Space');
  await expect(password).toHaveAttribute('type', 'text');
  await expect(passwordBox.getByRole('button', { name: de('ui.password.hide') })).toBeFocused();

  const iban = page.getByLabel(de('ui.gallery.sample.iban'));
  await iban.pressSequentially('de89 3704-0044x0532');
  await expect(iban).toHaveValue('DE89 3704 0044 0532');
  const amount = page.getByLabel(de('ui.gallery.sample.amount'));
  await amount.pressSequentially('12a,5.0,99');
  await expect(amount).toHaveValue('12,5099');
  const date = page.getByLabel(de('ui.gallery.sample.date'));
  await date.pressSequentially('07032026');
  await expect(date).toHaveValue('07.03.2026');
});

test('an invalid field is marked and described, keeping what was typed', async ({ page }) => {
  await openGallery(page);
  const field = specimen(page, 'error required').first().getByRole('textbox');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(de('ui.gallery.sample.emailError'));
  await expect(field).toHaveValue('anna.muster@');
});

test('select and checkbox work from the keyboard; a link in a checkbox label does not tick it', async ({ page }) => {
  await openGallery(page);
  const select = specimen(page, 'placeholder').getByRole('combobox');
  await select.focus();
  await page.keyboard.press('ArrowDown');
  await expect(select).toHaveValue('MRS');

  const consent = specimen(page, 'name="consents"');
  const box = consent.getByRole('checkbox');
  await consent.getByRole('link', { name: de('ui.gallery.sample.consentLink') }).click();
  await expect(box).not.toBeChecked();
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
});

test('expansion panels: more/less by keyboard, the accordion hides until found', async ({ page }) => {
  await openGallery(page);
  const preview = specimen(page, 'collapsedHeight={60}');
  const content = preview.locator('.ui-expansion__content');
  expect((await content.boundingBox())!.height).toBeCloseTo(60, 0);
  const more = preview.getByRole('button', { name: de('ui.showMore') });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(preview.getByRole('button', { name: de('ui.showLess') })).toHaveAttribute('aria-expanded', 'true');
  expect((await content.boundingBox())!.height).toBeGreaterThan(60);
  expect(
    (await specimen(page, 'collapsedHeight={96}').locator('.ui-expansion__content').boundingBox())!.height,
  ).toBeCloseTo(96, 0);

  const payment = page.getByRole('button', { name: de('ui.gallery.sample.payment') });
  const panel = page.locator(`#${await payment.getAttribute('aria-controls')}`);
  const text = panel.getByText(de('ui.gallery.sample.paymentText'));
  await expect(panel).toHaveAttribute('hidden', 'until-found');
  await expect(text).toBeHidden();
  expect((await panel.boundingBox())?.height ?? 0).toBe(0);
  await payment.focus();
  await page.keyboard.press('Space');
  await expect(payment).toHaveAttribute('aria-expanded', 'true');
  await expect(text).toBeVisible();
});

test('the router link hands the click to the app; every control shows a visible focus ring', async ({ page }) => {
  await openGallery(page);
  await page.getByRole('link', { name: de('ui.gallery.sample.toCheckout') }).click();
  await expect(page).toHaveURL(/\/ui\/$/);
  await expect(page.getByTestId('router-output')).toHaveText(
    de('ui.gallery.sample.navigatedTo', { path: '/de/checkout/' }),
  );

  // Tab through the whole gallery: every stop must draw an outline or a focus shadow.
  await page
    .locator('.ui-gallery')
    .evaluate((gallery) => (gallery.previousElementSibling as HTMLElement | null)?.scrollIntoView());
  await page.locator('nav a').last().focus();
  const unmarked: string[] = [];
  let checked = 0;
  for (let stop = 0; stop < 120; stop += 1) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      if (!element.closest('.ui-gallery')) return null;
      const style = getComputedStyle(element);
      const ring = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      return {
        ring,
        name: `${element.tagName} ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 30)}`,
      };
    });
    if (!info) break;
    checked += 1;
    if (!info.ring) unmarked.push(info.name);
  }
  expect(checked, 'tab stops in the gallery').toBeGreaterThan(40);
  expect(unmarked).toEqual([]);
});

test('at 320 px (or 200 % zoom) nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openGallery(page, '/hu/ui/');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});
