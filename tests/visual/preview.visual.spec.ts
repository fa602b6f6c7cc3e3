import { test, type Page } from '@playwright/test';
import { loginAsStaff } from '../support/preview.ts';
import { expectLooksLike } from './settle.ts';

// The staff preview as staff see it in a preview render, on a phone and on a desktop: the closed indicator, the open
// panel, and the panel showing a message. Regenerate: npm run test:visual:update.
test.describe.configure({ timeout: 60_000 });
test.use({ timezoneId: 'Europe/Berlin', locale: 'en-GB' });

async function previewRender(page: Page) {
  await loginAsStaff(page);
  const query = new URLSearchParams({
    test: 'FOOTER_TEASER_ORDER',
    group: 'B',
    previewDateTime: '2026-12-24T09:00:00.000Z',
  });
  await page.request.get(`/service/preview/api/token?${query}`);
  await page.goto('/de/');
  const indicator = page.locator('[data-preview-indicator]');
  // Enabled once the panel has loaded and taken the button over.
  await indicator.getByRole('button', { name: 'Preview settings' }).waitFor();
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('[data-preview-open]')?.disabled);
  return indicator;
}

async function openPanel(page: Page) {
  const indicator = await previewRender(page);
  await indicator.getByRole('button', { name: 'Preview settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Preview settings' });
  await dialog.getByText('Active tests found.').waitFor();
  return dialog;
}

for (const width of [375, 1440]) {
  test.describe(`preview of /de/ at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('closed indicator', async ({ page }) => {
      const indicator = await previewRender(page);
      await expectLooksLike(page, indicator, `preview-${width}-indicator`);
    });

    test('open panel', async ({ page }) => {
      const dialog = await openPanel(page);
      await page.mouse.move(0, 0);
      await expectLooksLike(page, dialog, `preview-${width}-panel`);
    });

    test('panel showing a message', async ({ page }) => {
      const dialog = await openPanel(page);
      await dialog.getByLabel('A/B test group').selectOption('');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.getByRole('alert').waitFor();
      await page.mouse.move(0, 0);
      await expectLooksLike(page, dialog, `preview-${width}-message`);
    });
  });
}
