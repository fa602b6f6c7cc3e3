// npm run setup:browser: makes sure the browsers the tests drive are there: a Chromium for Playwright and Lighthouse,
// and for the cross-engine suite Firefox ESR, WebKitGTK's WebKitWebDriver and MiniBrowser, and Xvfb. Where one is
// missing and we may (root with apt), it installs Debian's packages (`chromium`, `firefox-esr`, `webkit2gtk-driver`,
// `xvfb`, and `default-jre-headless` for the Nu HTML Checker) in one apt run, with `postgresql` for the tests'
// throwaway cluster, `prometheus` for the monitoring tests and `chromium-headless-shell` for the headless browser tests
// where those are missing too (optional: without them the stores' tests run on SQLite only, the monitoring tests are
// skipped, the browser tests run in the whole Chromium); elsewhere it says what to install. `npm test` runs this
// first. See docs/commands.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { findChromium, findHeadlessChromium } from './lib/chromium.mjs';
import { missingEngineTools } from './lib/engines.mjs';
import { findJava } from './lib/htmlChecker.mjs';
import { findPostgresBin } from './lib/postgres.mjs';
import { findPromtool, prometheusMissing } from './lib/prometheus.mjs';
import { childEnvironment, readToolConfig } from '../src/shared/config.ts';

const configured = readToolConfig().CHROME_PATH;
if (configured && !findChromium()) {
  console.error(`CHROME_PATH is set to ${configured}, but there is no file there.`);
  process.exit(1);
}

const missing = [
  ...(findChromium() ? [] : [{ name: 'Chromium', find: findChromium, debianPackage: 'chromium' }]),
  ...missingEngineTools(),
  // The Nu HTML Checker (tests/html-valid.spec.ts) is a Java program.
  ...(findJava() ? [] : [{ name: 'Java', find: findJava, debianPackage: 'default-jre-headless' }]),
];
const mayInstall = process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get');
// PostgreSQL's server comes in the same apt run where it can; where it cannot, `npm test` says so and goes on.
// So does Chromium's headless shell, which the browser tests use when it is there (lighter than the whole browser).
const hasHeadlessShell = () => configured !== undefined || findHeadlessChromium() !== findChromium();
const optional = mayInstall
  ? [
      ...(findPostgresBin() ? [] : [{ name: 'PostgreSQL', find: findPostgresBin, debianPackage: 'postgresql' }]),
      // Prometheus and promtool for the alert rules' and the real scrape's tests (docs/commands.md#prometheus).
      ...(prometheusMissing() ? [{ name: 'Prometheus', find: findPromtool, debianPackage: 'prometheus' }] : []),
      ...(hasHeadlessShell()
        ? []
        : [{ name: 'Chromium headless shell', find: hasHeadlessShell, debianPackage: 'chromium-headless-shell' }]),
    ]
  : [];
const packages = [...new Set(missing.map((tool) => tool.debianPackage))];
if (packages.length > 0 || optional.length > 0) {
  const names = missing.map((tool) => tool.name).join(', ');
  if (!mayInstall) {
    console.error(
      `Missing: ${names}. Install them (Debian/Ubuntu: \`sudo apt-get install ${packages.join(' ')}\`)` +
        `${findChromium() ? '' : ', or set CHROME_PATH to a Chromium binary'}, then run \`npm run setup:browser\` again.`,
    );
    process.exit(1);
  }
  const all = [...packages, ...optional.map((tool) => tool.debianPackage)];
  console.log(
    `Missing: ${[...missing, ...optional].map((tool) => tool.name).join(', ')}. Installing Debian's ${all.join(', ')}…`,
  );
  const env = childEnvironment({ DEBIAN_FRONTEND: 'noninteractive' });
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...all], { stdio: 'inherit', env });
  const still = missing.filter((tool) => !tool.find());
  if (still.length > 0) {
    console.error(
      `Installing ${packages.join(', ')} did not bring ${still.map((tool) => tool.name).join(', ')}; install them by hand.`,
    );
    process.exit(1);
  }
}
console.log(`Chromium: ${findChromium()}; for headless tests: ${findHeadlessChromium()}`);
console.log('Firefox ESR, WebKitWebDriver with MiniBrowser, xvfb-run, Java: found.');
