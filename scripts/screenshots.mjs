// npm run screenshots -- /de/ /tr/checkout/ …: full-page screenshots at 375, 1024 and 1440 px of a running site
// (BASE_URL, default http://localhost:4321) into test-results/screenshots/, for looking at before a change lands.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumArgs, requireChromium } from './lib/chromium.mjs';
import { root } from './lib/services.mjs';
import { readToolConfig } from '../src/shared/config.ts';

const config = readToolConfig();
const base = config.BASE_URL ?? `http://localhost:${config.PORT}`;
const widths = config.WIDTHS;
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/de/'];
const outDir = path.join(root, 'test-results/screenshots');
fs.mkdirSync(outDir, { recursive: true });

const browser = await chromium.launch({ executablePath: requireChromium(), args: chromiumArgs });
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  for (const urlPath of paths) {
    await page.goto(base + urlPath, { waitUntil: 'networkidle' });
    // Scroll through as a person would, so lazy images load and `client:visible` islands hydrate.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y <= height; y += 500) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(150);
    }
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 0));
    const file = path.join(
      outDir,
      `${urlPath.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'root'}-${width}.png`,
    );
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await page.close();
}
await browser.close();
