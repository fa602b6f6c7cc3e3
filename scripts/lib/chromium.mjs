// Finds a Chromium for Playwright and Lighthouse (they cannot download browsers here), installing Debian's if allowed.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The path of a usable Chromium, or exits with a message saying how to get one. */
export function ensureChromium() {
  const configured = process.env.CHROME_PATH;
  if (configured) {
    if (fs.existsSync(configured)) return configured;
    fail(`CHROME_PATH is set to ${configured}, but there is no file there.`);
  }
  const found = candidates.find((file) => fs.existsSync(file));
  if (found) return found;
  const canInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    fail('No Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to its binary.');
  }
  console.log('No Chromium found: installing Debian\'s chromium package…');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  fail('Installing chromium did not produce /usr/bin/chromium; set CHROME_PATH to a Chromium binary.');
}

function fail(message) {
  console.error(message);
  process.exit(1);
}
