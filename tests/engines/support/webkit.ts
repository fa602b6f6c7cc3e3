import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Builder, By, Key as SeleniumKey, type WebDriver } from 'selenium-webdriver';
import { findMiniBrowser, findWebKitWebDriver } from '../../../scripts/lib/engines.mjs';
import { childEnvironment } from '../../../src/shared/config.ts';
import { missingTool, requireDisplay, type Engine, type EnginePage, type Key } from './enginePage.ts';

/**
 * MiniBrowser's toolbar keeps its window at least 447 px wide. This GTK stylesheet (read through XDG_CONFIG_HOME)
 * shrinks the toolbar's widgets to nothing, so the page can be 375 px wide.
 */
const gtkStylesheet = `headerbar, toolbar, toolbar *, headerbar *, entry, button, progressbar {
  min-width: 0; min-height: 0; padding: 0; margin: 0; border: 0; font-size: 1px; box-shadow: none; -gtk-icon-transform: scale(0);
}
`;
/** The window's height above the page: what is left of the toolbar. */
const CHROME_HEIGHT = 20;
const keys: Record<Key, string> = { Escape: SeleniumKey.ESCAPE, Tab: SeleniumKey.TAB, Enter: SeleniumKey.ENTER };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function untilListening(port: number, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with code ${driver.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not listen within 15 s');
}

/** How long a new session may take to start and show the blank page (about 0.25 s on a quiet machine). */
const SESSION_START_MS = 20_000;

class SessionStartTimeout extends Error {}

/** `work`, or a {@link SessionStartTimeout} after `ms` (the late work's outcome is dropped). */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SessionStartTimeout(`not within ${ms} ms`)), ms);
  });
  work.catch(() => {});
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Stops a process started with `detached` together with its children (the MiniBrowsers of a WebKitWebDriver). */
function stopGroup(child: ChildProcess): void {
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

function webkitPage(driver: WebDriver): EnginePage {
  return {
    open: (url) => driver.get(url),
    resize: async (width, height) => {
      await driver
        .manage()
        .window()
        .setRect({ width, height: height + CHROME_HEIGHT });
    },
    click: async (selector) => {
      await driver.findElement(By.css(selector)).click();
    },
    type: (text) => driver.actions().sendKeys(text).perform(),
    press: (key) => driver.actions().sendKeys(keys[key]).perform(),
    evaluate: (fn, ...args) =>
      driver.executeScript(`return (${fn.toString()}).apply(null, arguments);`, ...args) as never,
    close: () => driver.quit(),
  };
}

/**
 * WebKitGTK's MiniBrowser through WebKitWebDriver (classic WebDriver, driven with selenium-webdriver), on the X
 * display. One WebKitWebDriver per worker, one session per page: an automation session's profile is ephemeral, so
 * each page starts without cookies or storage. (WebDriver's Delete All Cookies is not used: WebKit answered it before
 * the cookies were gone, and once it never answered.) A session starts in about a quarter of a second.
 */
export async function launchWebKit(): Promise<Engine> {
  requireDisplay();
  const webDriver = findWebKitWebDriver();
  if (!webDriver) throw missingTool('WebKitWebDriver', 'webkit2gtk-driver');
  const miniBrowser = findMiniBrowser();
  if (!miniBrowser) throw missingTool('MiniBrowser (WebKitGTK)', 'webkit2gtk-driver');
  const config = fs.mkdtempSync(path.join(os.tmpdir(), 'webkit-gtk-'));
  fs.mkdirSync(path.join(config, 'gtk-3.0'));
  fs.writeFileSync(path.join(config, 'gtk-3.0', 'gtk.css'), gtkStylesheet);
  /** WebKitWebDriver, in a process group of its own with the MiniBrowsers it starts, so that both can be stopped. */
  const startDriver = async () => {
    const port = await freePort();
    const server = spawn(webDriver, [`--port=${port}`], {
      // Without accelerated compositing: under Xvfb its GL is Mesa's software rasteriser, in which WebKit's compositor
      // thread once crashed under a second suite's load (a segfault in swrast_dri.so; the session was gone).
      env: childEnvironment({ XDG_CONFIG_HOME: config, WEBKIT_DISABLE_COMPOSITING_MODE: '1' }),
      stdio: 'ignore',
      detached: true,
    });
    await untilListening(port, server);
    return { port, stop: () => stopGroup(server) };
  };
  let driverProcess = await startDriver();
  const openSessions = new Set<WebDriver>();
  const startSession = async (blankUrl: string) => {
    const driver = await new Builder()
      .usingServer(`http://127.0.0.1:${driverProcess.port}`)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] },
      })
      .build();
    openSessions.add(driver);
    await driver.get(blankUrl);
    return driver;
  };
  return {
    name: 'webkit',
    async newPage(blankUrl) {
      let driver: WebDriver;
      try {
        driver = await within(SESSION_START_MS, startSession(blankUrl));
      } catch (error) {
        if (!(error instanceof SessionStartTimeout)) throw error;
        // Seen twice under a second suite's load: MiniBrowser stopped answering the session's first commands. The
        // driver and its browsers are stopped and started again, once; the test itself runs once (its own time-out
        // still bounds all of it). Said on stderr, so that it is not silent.
        console.error(`WebKit: no session within ${SESSION_START_MS / 1000} s; WebKitWebDriver started again`);
        openSessions.clear();
        driverProcess.stop();
        driverProcess = await startDriver();
        driver = await within(SESSION_START_MS, startSession(blankUrl));
      }
      const page = webkitPage(driver);
      return {
        ...page,
        close: async () => {
          openSessions.delete(driver);
          await page.close();
        },
      };
    },
    async close() {
      await Promise.all([...openSessions].map((driver) => driver.quit().catch(() => {})));
      driverProcess.stop();
      fs.rmSync(config, { recursive: true, force: true });
    },
  };
}
