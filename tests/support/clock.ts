import type { Page } from '@playwright/test';

/**
 * Stops the page's installed clock (`page.clock.install()` first) a moment ahead of now, so that its timers fire only
 * when the test moves it (`runFor`, `fastForward`): on a busy machine real time would otherwise pass between two steps
 * of the test and fire them early. The moment skipped is 2 s of the page's time, in which nothing the test waits for
 * has started yet; should more real time pass before the clock stops, it is asked again.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (;;) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 2_000);
      return;
    } catch (error) {
      if (!String(error).includes('to the past')) throw error;
    }
  }
}
