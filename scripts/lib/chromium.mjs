// The one place that knows which Chromium the tests, the bench and the screenshots drive, and with which flags.
// Playwright cannot download its own browsers here, so we use a system Chromium (Debian's `chromium`).
import fs from 'node:fs';
import { readChromePath } from '../../src/shared/config.ts';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const headlessShell = '/usr/bin/chromium-headless-shell';

/**
 * Flags for every Chromium we start. Its background services try to reach the internet, which machines without
 * one refuse, many connections at a time; `--no-sandbox` because CI runs as root.
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The configured (`CHROME_PATH`) or first installed Chromium, or undefined when there is none. */
export function findChromium() {
  const configured = readChromePath();
  if (configured) return fs.existsSync(configured) ? configured : undefined;
  return candidates.find((file) => fs.existsSync(file));
}

/**
 * The Chromium for headless tests: Debian's `chromium-headless-shell` (the same engine without the browser's window
 * and services, what Playwright itself uses headless; about a third less CPU per test), else {@link findChromium}.
 * A configured `CHROME_PATH` wins.
 */
export function findHeadlessChromium() {
  if (readChromePath()) return findChromium();
  return fs.existsSync(headlessShell) ? headlessShell : findChromium();
}

/** The path of a usable Chromium, or exits with a message saying how to get one (`npm run setup:browser`). */
export function requireChromium() {
  const found = findChromium();
  if (found) return found;
  const configured = readChromePath();
  console.error(
    configured
      ? `CHROME_PATH is set to ${configured}, but there is no file there.`
      : 'No Chromium found. Run `npm run setup:browser` (Debian/Ubuntu, as root) or set CHROME_PATH to a Chromium binary.',
  );
  process.exit(1);
}
