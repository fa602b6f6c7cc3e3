import { test } from '@playwright/test';
import { expectLooksLike } from './settle.ts';

// The UI kit gallery (/ui/): the form controls in every state (default, error, success, disabled), the icons, buttons
// and notifications at desktop width, and the text input on a phone. Section by section: the whole page is too tall
// to capture twice within a test on a busy machine. Regenerate: npm run test:visual:update.
test.describe.configure({ timeout: 60_000 });

const sections = [
  { width: 1440, ids: ['ui-button', 'ui-notification', 'ui-textinput', 'ui-select', 'ui-checkbox', 'ui-icon'] },
  { width: 375, ids: ['ui-textinput'] },
];

for (const { width, ids } of sections) {
  test.describe(`gallery at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const id of ids) {
      test(id, async ({ page }) => {
        await page.goto('/ui/');
        await page.locator('astro-island:not([ssr])').first().waitFor({ state: 'attached' });
        await expectLooksLike(
          page,
          page.locator(`section[aria-labelledby="${id}"]`),
          `gallery-${width}-${id.replace(/^ui-/, '')}`,
        );
      });
    }
  });
}
