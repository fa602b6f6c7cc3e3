// The one place that knows which Firefox and WebKit the cross-engine suite drives (tests/engines) and which Debian
// packages bring them: Firefox ESR (driven by puppeteer-core over WebDriver BiDi), WebKitGTK's MiniBrowser (driven by
// selenium-webdriver through WebKitGTK's WebKitWebDriver) and Xvfb (a display for both; `xvfb-run`).
import fs from 'node:fs';
import path from 'node:path';

const firstExisting = (files) => files.find((file) => fs.existsSync(file));

/** Firefox ESR, or undefined. */
export function findFirefox() {
  return firstExisting(['/usr/bin/firefox-esr', '/usr/bin/firefox']);
}

/** WebKitGTK's WebDriver server, or undefined. */
export function findWebKitWebDriver() {
  return firstExisting(['/usr/bin/WebKitWebDriver']);
}

/** WebKitGTK's MiniBrowser (it comes with the WebKitGTK library, in its architecture's folder), or undefined. */
export function findMiniBrowser() {
  const lib = '/usr/lib';
  if (!fs.existsSync(lib)) return undefined;
  const candidates = fs
    .readdirSync(lib)
    .flatMap((arch) => ['webkit2gtk-4.1', 'webkit2gtk-4.0'].map((dir) => path.join(lib, arch, dir, 'MiniBrowser')));
  return firstExisting([
    ...candidates,
    ...['webkit2gtk-4.1', 'webkit2gtk-4.0'].map((dir) => path.join(lib, dir, 'MiniBrowser')),
  ]);
}

/** `xvfb-run`, which gives a command a virtual display, or undefined. */
export function findXvfbRun() {
  return firstExisting(['/usr/bin/xvfb-run']);
}

/** `xauth`, which `xvfb-run` needs, or undefined. */
function findXauth() {
  return firstExisting(['/usr/bin/xauth']);
}

/** What the cross-engine suite needs, with the Debian package that brings it. */
export const engineTools = [
  { name: 'Firefox ESR', find: findFirefox, debianPackage: 'firefox-esr' },
  { name: 'WebKitWebDriver', find: findWebKitWebDriver, debianPackage: 'webkit2gtk-driver' },
  { name: 'MiniBrowser (WebKitGTK)', find: findMiniBrowser, debianPackage: 'webkit2gtk-driver' },
  { name: 'xvfb-run', find: findXvfbRun, debianPackage: 'xvfb' },
  { name: 'xauth', find: findXauth, debianPackage: 'xauth' },
];

/** The tools of `engineTools` that are missing. */
export function missingEngineTools() {
  return engineTools.filter((tool) => !tool.find());
}
