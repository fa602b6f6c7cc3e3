import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import type { ServerConfig } from '../../src/shared/config.ts';
import type { BuildRunner } from './publisher.ts';
import { childEnvironment } from '../../src/shared/config.ts';
import { RELEASE_LEASE_HOLDER_ENV } from './releaseLease.ts';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The builder gets this long, waiting for a build someone started by hand included (docs/constants.md#timings); then
 * it is killed with its Astro child and the build counts as failed.
 */
export const PUBLISH_BUILD_TIMEOUT_MS = 300_000;
/** Build logs kept in `RELEASES_DIR/.logs/` (docs/constants.md#limits). */
export const KEEP_LOGS = 20;

/** The line of a build's output that tells best why it failed: Astro's last error, else the builder's own last line. */
function reasonIn(logFile: string): string {
  const lines = stripVTControlCharacters(fs.readFileSync(logFile, 'utf8'))
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const astroError = lines.findLast((line) => line.includes('[ERROR]'));
  if (astroError) return astroError.replace(/^.*?\bError: /, '').replace(/^.*\[ERROR\]\s*/, '');
  return (
    lines.findLast((line) => line.startsWith('The build failed')) ?? lines.at(-1) ?? 'The build failed without output'
  );
}

/**
 * The child's environment, asking for plain text: the output goes to a log file an operator reads and the status
 * quotes, and Vite's and Astro's colour libraries would otherwise colour it where `CI` or `FORCE_COLOR` is set.
 */
function plainTextEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env = childEnvironment({ ...overrides, NO_COLOR: '1' });
  delete env.FORCE_COLOR;
  return env;
}

function pruneLogs(logsDir: string) {
  const logs = fs.readdirSync(logsDir).sort();
  for (const old of logs.slice(0, Math.max(0, logs.length - KEEP_LOGS)))
    fs.rmSync(path.join(logsDir, old), { force: true });
}

/**
 * Runs the release builder (`scripts/build.mjs`, the same one `npm run build` runs) as a child process reading
 * content from this server, with its output in a log file under `RELEASES_DIR/.logs/`.
 */
export function releaseBuilder(config: ServerConfig, timeoutMs = PUBLISH_BUILD_TIMEOUT_MS): BuildRunner {
  return ({ shops, contentVersions, variants, origin, signal, leaseHolder }) => {
    const logsDir = path.join(config.releasesDir, '.logs');
    fs.mkdirSync(logsDir, { recursive: true });
    const logFile = path.join(logsDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${shops.join('_')}.log`);
    const output = fs.openSync(logFile, 'w');
    const versions = Object.entries(contentVersions).flatMap(([segment, version]) => [
      '--content-version',
      `${segment}=${version}`,
    ]);
    // The A/B variants as `--ab-variants de=TEST:GROUP:7,…`, none as an empty list (docs/footer.md#ab-tests-and-consent).
    const variantList = variants
      .map(
        (variant) =>
          `${variant.segment}=${variant.test}:${variant.group}${variant.contentVersion === undefined ? '' : `:${variant.contentVersion}`}`,
      )
      .join(',');
    const child = spawn(
      process.execPath,
      [
        path.join(root, 'scripts/build.mjs'),
        '--country',
        shops.join(','),
        ...versions,
        `--ab-variants=${variantList}`,
        '--stop-with-parent',
      ],
      {
        cwd: root,
        env: plainTextEnvironment({
          SERVICE_ORIGIN: origin,
          DIST_DIR: config.distDir,
          RELEASES_DIR: config.releasesDir,
          KEEP_RELEASES: String(config.keepReleases),
          SHOPS: '',
          ALLOW_MINIMAL_FOOTER: '',
          // Vite (under Vitest) sets BASE_URL to `/` in this process; for the commands it names a served site to test.
          BASE_URL: '',
          // This server holds the release lease for the build (docs/architecture.md#locks).
          [RELEASE_LEASE_HOLDER_ENV]: leaseHolder ?? '',
        }),
        stdio: ['ignore', output, output],
        // Its own process group: a time-out or shutdown stops Astro with it.
        detached: true,
      },
    );
    fs.closeSync(output);
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    return new Promise((resolve) => {
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, timeoutMs);
      signal.addEventListener('abort', kill, { once: true });
      child.once('exit', (code) => {
        clearTimeout(timer);
        signal.removeEventListener('abort', kill);
        pruneLogs(logsDir);
        if (code === 0) return resolve({ ok: true });
        const message = timedOut
          ? `The build did not finish within ${timeoutMs / 1000} s and was stopped`
          : reasonIn(logFile);
        resolve({ ok: false, message, log: logFile });
      });
    });
  };
}
