import { execFile, execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { linkIn, readOutbox, type ReceivedMail } from '../../server/mail/outboxReader.ts';
import { translationsFor } from '../../src/shared/i18n.ts';
import { childEnvironment } from '../../src/shared/config.ts';
import { browserGet } from '../support/browserGet.ts';
import { waitUntil } from '../../scripts/lib/publishProbe.mjs';
import { listeningOrigin } from '../../scripts/lib/services.mjs';

// Adding a shop, proven: a copy of this checkout gets an eleventh, fictional shop (Luxembourg, de-LU) through exactly
// the steps the README's "Add a country" lists, and nothing else. In that copy the per-shop unit tests pick it up,
// the build builds it, and the server serves its pages and takes its sign-ups.
// This must build: an eleventh shop is proven only by a build of the copy that has it; the suite's site under test
// has the nine shops of this checkout. One build of the copy serves every test here.

const root = path.resolve(import.meta.dirname, '../..');
const node = process.execPath;
let copy: string;
let server: ChildProcess | undefined;
let origin: string;

/** Replaces `before` by `after` in a file of the copy, failing when `before` is not there (the step no longer fits). */
function edit(file: string, before: string | RegExp, after: string): void {
  const full = path.join(copy, file);
  const text = fs.readFileSync(full, 'utf8');
  const changed = text.replace(before, after);
  if (changed === text)
    throw new Error(`${file}: ${String(before)} not found; the README's steps no longer fit the code`);
  fs.writeFileSync(full, changed);
}

/** The README's "Add a country", step by step, for Luxembourg. */
function addLuxembourg(): void {
  // 1. The country table.
  edit('src/shared/countries.ts', /(const shopCodes = \[[^\]]*)\]/, "$1, 'LU']");
  edit(
    'src/shared/countries.ts',
    /\n\]\);\n/,
    `
  {
    code: 'LU', segment: 'lu', locale: 'de-LU', currency: 'EUR', timeZone: 'Europe/Luxembourg',
    tradeName: 'Aroma Luxemburg S.à r.l.',
    imprint: { address: 'Beispillstrooss 1, 1111 Luxemburg, Luxemburg', register: 'RCS Luxembourg B000000' },
    currencySign: { text: '€', position: 'after' }, loyaltyCardPath: '/registerfreearomacard',
    newsletter: standardNewsletter, welcomeVoucher: standardWelcomeVoucher,
    freeShipping: { from: 60 }, returnPeriod: { amount: 30, unit: 'day' }, serviceHours: null, hasFooterFallback: false,
    links: standardLinks,
  },
]);
`,
  );
  // 2. A new locale: its name, what it falls back to, its catalogue, and the catalogue's line in the map.
  edit('src/shared/locales.ts', /(export const uiLocales = \[[^\]]*)\]/, "$1, 'de-LU']");
  edit('src/shared/locales.ts', /(export const localeFallbacks[^=]*= \{\n)/, "$1  'de-LU': 'de-DE',\n");
  fs.writeFileSync(
    path.join(copy, 'src/i18n/de-LU.json'),
    `${JSON.stringify({ 'shop.country': 'Luxemburg' }, null, 2)}\n`,
  );
  edit(
    'src/shared/i18n.ts',
    /(import plPL from [^\n]*\n)/,
    "$1import deLU from '../i18n/de-LU.json' with { type: 'json' };\n",
  );
  edit(
    'src/shared/i18n.ts',
    /(\n {2}'pl-PL': plPL satisfies LanguageCatalogue,\n)/,
    "$1  'de-LU': deLU satisfies Partial<Catalogue>,\n",
  );
  // 3. Its footer content.
  const seed = JSON.parse(fs.readFileSync(path.join(copy, 'server/seed/footer/de.json'), 'utf8')) as {
    headline: string;
    teaserGroups: { heading: { iconName?: string }; introductoryText?: string }[];
  };
  seed.headline = 'Aroma Luxemburg: Service und Hilfe';
  // The shop advertises free shipping, so its delivery teaser names the threshold (docs/footer.md#shop-facts).
  seed.teaserGroups.find((group) => group.heading.iconName === 'delivery')!.introductoryText =
    'Versandkostenfrei ab {{freeShippingFrom}}, in 1–3 Werktagen bei Ihnen.';
  fs.writeFileSync(path.join(copy, 'server/seed/footer/lu.json'), `${JSON.stringify(seed, null, 2)}\n`);
}

/** The checkout's files as they are now (tracked and new, not ignored), copied; node_modules linked. */
function copyCheckout(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-add-shop-'));
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    if (!fs.existsSync(path.join(root, file))) continue; // deleted but not yet committed
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(dir, file));
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** The copy's own data folders, never this checkout's. */
function dataEnv(port: number): ReturnType<typeof childEnvironment> {
  const data = path.join(copy, '.data');
  // Vitest's own BASE_URL would read as the tools' setting (an already served site); a child ignores undefined values.
  return childEnvironment({
    BASE_URL: undefined,
    PORT: String(port),
    SITE_URL: `http://localhost:${port}`,
    DB_PATH: path.join(data, 'storefront.sqlite'),
    OUTBOX_DIR: path.join(data, 'outbox'),
    DIST_DIR: path.join(copy, 'dist'),
    RELEASES_DIR: path.join(data, 'releases'),
    PREVIEW_RENDERER_DIR: path.join(data, 'preview-renderer'),
    PUBLISHER: 'off',
  });
}

beforeAll(async () => {
  copy = copyCheckout();
  addLuxembourg();
  const port = await freePort();
  origin = `http://localhost:${port}`;
  execFileSync(node, ['scripts/build.mjs'], { cwd: copy, env: dataEnv(port), stdio: 'pipe', timeout: 300_000 });
  server = spawn(node, ['server/main.ts'], { cwd: copy, env: dataEnv(port), stdio: ['ignore', 'pipe', 'pipe'] });
  // Serving once it says where it listens (a line of its output); a server that exits first fails with what it said.
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the copy did not start serving within 60 s:\n${output}`)), 60_000);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (!listeningOrigin(output)) return;
      clearTimeout(timer);
      resolve();
    };
    server!.stdout!.on('data', collect);
    server!.stderr!.on('data', collect);
    server!.once('exit', (code) => reject(new Error(`the copy exited (${code}) before it served:\n${output}`)));
  });
  expect((await fetch(`${origin}/service/health`)).status).toBe(200);
}, 420_000);

afterAll(() => {
  server?.kill('SIGTERM');
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe('an eleventh shop through the README steps', () => {
  test('the per-shop unit tests pick it up and pass', async () => {
    const report = path.join(copy, 'vitest-add-shop.json');
    const suites = [
      'src/shared/countries.test.ts',
      'src/shared/i18n.test.ts',
      'src/shared/footer/shopFacts.test.ts',
      'server/promotion/seed.test.ts',
      'src/lib/footer/countryList.test.ts',
    ];
    try {
      // Run without blocking this process, so the server's idle connections close here as they do there.
      await promisify(execFile)(
        node,
        ['node_modules/vitest/vitest.mjs', 'run', ...suites, '--reporter=json', `--outputFile=${report}`],
        { cwd: copy, timeout: 180_000 },
      );
    } catch {
      // The report says what failed.
    }
    const results = JSON.parse(fs.readFileSync(report, 'utf8')) as {
      testResults: { assertionResults: { fullName: string; status: string }[] }[];
    };
    const tests = results.testResults.flatMap((file) => file.assertionResults);
    expect(tests.filter((result) => result.status !== 'passed').map((result) => result.fullName)).toEqual([]);
    expect(
      tests.filter((result) => /\blu\b|\bLU\b/.test(result.fullName)).map((result) => result.fullName).length,
    ).toBeGreaterThanOrEqual(2);
  }, 200_000);

  test('its pages are built and served in its language, with its footer and its facts', async () => {
    const home = await browserGet(`${origin}/lu/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('<html lang="de-LU"');
    expect(html).toContain('Aroma Luxemburg: Service und Hilfe');
    expect(html).toContain('30 Tage Rückgaberecht');
    expect(html).toContain('Versandkostenfrei ab 60\u00a0€');
    for (const page of ['/lu/checkout/', '/lu/service/', '/lu/newsletter/confirm/', '/lu/newsletter/preferences/']) {
      expect((await browserGet(origin + page)).status, page).toBe(200);
    }
    expect(await (await browserGet(`${origin}/`)).text()).toContain('href="/lu/"');
  });

  test('its sign-ups are taken and its confirmation mail goes out in its language', async () => {
    const response = await fetch(`${origin}/service/newsletter/api/internal/newsletter-subscribers`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', site: 'LU' },
      body: JSON.stringify({ email: 'luxemburg@example.com', consents: [] }),
    });
    expect(response.status).toBe(201);
    // The copy's sender writes the mail into its outbox (another process): waited for, at most 15 s.
    const outbox = path.join(copy, '.data/outbox');
    const mails: ReceivedMail[] = await waitUntil(
      async () => {
        const found = await readOutbox(outbox, { to: 'luxemburg@example.com' });
        return found.length > 0 && found;
      },
      { timeoutMs: 15_000, what: `the confirmation mail in ${outbox}` },
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(translationsFor('de-DE')('newsletter.email.confirm.subject'));
    expect(linkIn(mails[0]!, '/newsletter/confirm/').pathname).toBe('/lu/newsletter/confirm/');
  });
});
