import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readToolConfig } from '../../src/shared/config.ts';
import { DEMO_STAFF } from '../../server/preview/staffAccounts.ts';

/** The demo staff credentials the services print on start (or the configured ones). */
const { STAFF_USER, STAFF_PASSWORD } = readToolConfig();
export const staffCredentials = {
  username: STAFF_USER ?? DEMO_STAFF.username,
  password: STAFF_PASSWORD ?? DEMO_STAFF.password,
};

/** Logs the page's browser context in as staff through the login service (the login page has its own test). */
export async function loginAsStaff(page: Page): Promise<void> {
  await page.goto('/preview/login/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  const response = await page.request.post('/service/login/api/v1/login', {
    data: staffCredentials,
    headers: { 'x-csrf-token': csrf },
  });
  expect(response.status()).toBe(200);
}

/** Every URL the page requests from now on. */
export function collectRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** Scripts and stylesheets the page loaded (built assets under `/_astro/`). */
export const assetsOf = (urls: string[]) => urls.filter((url) => new URL(url).pathname.startsWith('/_astro/'));

/** The scripts and stylesheets of the staff-only panel (from the manifest the build writes), as absolute URLs. */
export async function previewPanelAssets(request: APIRequestContext, baseURL: string): Promise<string[]> {
  const manifest = (await (await request.get('/preview/panel-manifest.json')).json()) as {
    script: string;
    styles: string[];
  };
  return [manifest.script, ...manifest.styles].map((asset) => new URL(asset, baseURL).href);
}
