import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findFirefox } from '../../../scripts/lib/engines.mjs';
import { missingTool, requireDisplay, type Engine, type EnginePage, type Key } from './enginePage.ts';

function firefoxPage(page: Page, close: () => Promise<void>): EnginePage {
  return {
    open: async (url) => {
      await page.goto(url, { waitUntil: 'load' });
    },
    resize: (width, height) => page.setViewport({ width, height }),
    click: (selector) => page.click(selector),
    type: (text) => page.keyboard.type(text),
    press: (key: Key) => page.keyboard.press(key),
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    close,
  };
}

/** Firefox ESR through puppeteer-core over WebDriver BiDi, on the X display; each page in a fresh browser context. */
export async function launchFirefox(): Promise<Engine> {
  requireDisplay();
  const executablePath = findFirefox();
  if (!executablePath) throw missingTool('Firefox ESR', 'firefox-esr');
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: false,
    protocol: 'webDriverBiDi',
  });
  return {
    name: 'firefox',
    async newPage(blankUrl) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.goto(blankUrl);
      return firefoxPage(page, () => context.close());
    },
    close: () => browser.close(),
  };
}
