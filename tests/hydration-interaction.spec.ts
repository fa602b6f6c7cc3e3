import { expect, test, type Locator, type Page, type Request } from '@playwright/test';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { holdIslandCode, throttleCpu } from './support/hydration.ts';
import { uniqueEmail } from './newsletter-helpers.ts';

// The shop's islands hydrate on the first interaction inside them (src/build/integrations/hydrateOnInteraction.ts). These
// tests act as the shopper does, on a mid-range phone's CPU (6x slower), and check that nothing they do is lost.

const isSignUp = (request: Request) => request.method() === 'POST' && request.url().endsWith('/newsletter-subscribers');

/** The whole address is in the focused field; Enter sends it as typed and the success message names it. */
async function expectKeptAndSentWithEnter(page: Page, section: Locator, field: Locator, email: string): Promise<void> {
  await expect(field).toHaveValue(email);
  await expect(field).toBeFocused();
  const posted = page.waitForRequest(isSignUp);
  await page.keyboard.press('Enter');
  expect((await posted).postDataJSON()).toMatchObject({ email });
  await expect(section.getByRole('status')).toContainText(email, { timeout: 15_000 });
}

test.describe('sign-up hydrating on the first interaction (CPU 6x slower)', () => {
  test('typing that starts before the island has hydrated is all kept: value, focus, and what is sent', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const release = await holdIslandCode(page, 'NewsletterSignup');
    await page.goto('/de/');
    await throttleCpu(page);
    const section = page.locator('#newsletter');
    const island = section.locator('astro-island');
    const field = section.getByLabel('E-Mail-Adresse');
    const email = uniqueEmail('early');
    const half = Math.floor(email.length / 2);

    await field.click();
    await page.keyboard.type(email.slice(0, half));
    // Still the server's HTML: whatever reached the field so far was typed before hydration.
    await expect(island).toHaveAttribute('ssr', '');
    await expect(field).toHaveValue(email.slice(0, half));
    release();
    // The rest is typed while the code arrives and React hydrates.
    await page.keyboard.type(email.slice(half));
    await expect(island).not.toHaveAttribute('ssr', { timeout: 15_000 });
    // The address goes out as typed.
    await expectKeptAndSentWithEnter(page, section, field, email);
    expect(errors).toEqual([]);
  });

  test('a click on "Jetzt anmelden" as the very first interaction still submits (address filled in by the browser)', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page);
    const release = await holdIslandCode(page, 'NewsletterSignup');
    await page.goto('/de/');
    await throttleCpu(page);
    const section = page.locator('#newsletter');
    const email = uniqueEmail('firstclick');
    // Autofill writes into the field without a keystroke or focus: nothing has hydrated the island yet.
    await section.getByLabel('E-Mail-Adresse').evaluate((input: HTMLInputElement, value) => {
      input.value = value;
    }, email);
    await expect(section.locator('astro-island')).toHaveAttribute('ssr', '');
    const posted = page.waitForRequest(isSignUp, { timeout: 20_000 });
    await section.getByRole('button', { name: 'Jetzt anmelden' }).click();
    // The click landed before the island's code had even arrived.
    release();
    expect((await posted).postDataJSON()).toMatchObject({ email });
    await expect(section.getByRole('status')).toContainText(email, { timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test('a click on "Jetzt anmelden" with an empty field, as the first interaction, shows the required message', async ({
    page,
  }) => {
    await page.goto('/de/');
    await throttleCpu(page);
    const section = page.locator('#newsletter');
    const requests: Request[] = [];
    page.on('request', (request) => {
      if (isSignUp(request)) requests.push(request);
    });
    await section.getByRole('button', { name: 'Jetzt anmelden' }).click();
    const field = section.getByLabel('E-Mail-Adresse');
    await expect(field).toHaveAttribute('aria-invalid', 'true', { timeout: 15_000 });
    await expect(field).toBeFocused();
    // The page did not navigate: no address in the URL, nothing sent.
    expect(new URL(page.url()).search).toBe('');
    expect(requests).toEqual([]);
  });

  test('a keyboard user tabbing into the e-mail field is served just as well', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const release = await holdIslandCode(page, 'NewsletterSignup');
    await page.goto('/de/');
    await throttleCpu(page);
    const section = page.locator('#newsletter');
    const field = section.getByLabel('E-Mail-Adresse');
    // From the control before it, one Tab: what the keyboard user does last on the way in (tabbing through the
    // whole page before it, under a 6x slower CPU, only makes the test slow).
    await field.evaluate((input) => {
      const reachable = [
        ...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]'),
      ].filter((element) => element.tabIndex >= 0 && element.getClientRects().length > 0);
      reachable[reachable.indexOf(input as HTMLElement) - 1]!.focus();
    });
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    const email = uniqueEmail('keyboard');
    // Typing goes on at once: the first characters before the island's code has arrived, the rest while it hydrates.
    await page.keyboard.type(email.slice(0, 5));
    release();
    await page.keyboard.type(email.slice(5));
    await expect(section.locator('astro-island')).not.toHaveAttribute('ssr', { timeout: 15_000 });
    await expectKeptAndSentWithEnter(page, section, field, email);
    expect(errors).toEqual([]);
  });

  test('nothing but the page loads React: no island code before the first interaction', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/de/');
    await page.waitForLoadState('networkidle');
    await page.mouse.wheel(0, 20_000);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => /\/(NewsletterSignup|CountrySelector|client)\.[\w-]+\.js$/.test(path))).toEqual([]);
    await expect(page.locator('astro-island[ssr]')).toHaveCount(await page.locator('astro-island').count());
  });
});
