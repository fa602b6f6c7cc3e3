// npm run setup:browser: makes sure a Chromium is there for Playwright and Lighthouse, installing Debian's
// `chromium` package when none is found and we may (root with apt). `npm test` runs this first.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { findChromium } from './lib/chromium.mjs';
import { childEnvironment, readToolConfig } from '../src/shared/config.ts';

const found = findChromium();
if (found) {
  console.log(`Chromium: ${found}`);
  process.exit(0);
}
const configured = readToolConfig().CHROME_PATH;
if (configured) {
  console.error(`CHROME_PATH is set to ${configured}, but there is no file there.`);
  process.exit(1);
}
if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get')) {
  console.error('No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to its binary.');
  process.exit(1);
}
console.log("No Chromium found: installing Debian's chromium package…");
const env = childEnvironment({ DEBIAN_FRONTEND: 'noninteractive' });
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
const installed = findChromium();
if (!installed) {
  console.error('Installing chromium did not produce /usr/bin/chromium; set CHROME_PATH to a Chromium binary.');
  process.exit(1);
}
console.log(`Chromium: ${installed}`);
