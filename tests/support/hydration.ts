import type { Page } from '@playwright/test';

/** Slows the page's CPU down 6x, as a mid-range phone is (CDP `Emulation.setCPUThrottlingRate`). */
export async function throttleCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

/**
 * Holds back an island's component code (e.g. `NewsletterSignup`) until `release()` is called, so a test can act
 * while the island is certainly not hydrated yet, then let hydration run in the middle of what it does.
 */
export async function holdIslandCode(page: Page, component: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/_astro/${component}\\.[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
