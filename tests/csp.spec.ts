import { expect, test } from '@playwright/test';
import { shops } from '../src/shared/countries.ts';
import { collectConsoleErrors } from './support/consoleErrors.ts';
import { hydrateAllIslands } from './support/hydrateAll.ts';

const pages = [
  '/',
  ...shops.flatMap((shop) => [
    `/${shop.segment}/`,
    `/${shop.segment}/checkout/`,
    `/${shop.segment}/newsletter/confirm/`,
    `/${shop.segment}/newsletter/preferences/`,
  ]),
];

test.describe('under the Content-Security-Policy', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      const violations: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = violations;
      document.addEventListener('securitypolicyviolation', (event) =>
        violations.push(`${event.violatedDirective}: ${event.blockedURI || event.sample}`),
      );
    });
  });

  for (const path of pages) {
    test(`${path} hydrates every island and reports no violation`, async ({ page }) => {
      const errors = collectConsoleErrors(page);
      const response = await page.goto(path);
      const policy = response?.headers()['content-security-policy'] ?? '';
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).toContain("frame-ancestors 'none'");
      await hydrateAllIslands(page);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
