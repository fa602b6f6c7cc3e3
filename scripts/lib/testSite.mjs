// The site under test: the services on a throwaway data folder and one release built from their content. `npm test`
// starts it once and hands it to the site and browser layers (docs/commands.md#test-layers); `npx vitest --project
// site` and `npx playwright test` start their own when none is handed on. Never this checkout's dist/ or .data/: a
// test run must not replace what `npm start` is serving.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { childEnvironment, withEnvironment } from '../../src/shared/config.ts';
import { ensurePortFree, listeningOrigin, root, servicesUp } from './services.mjs';
import { buildSite } from './buildSite.mjs';

/**
 * What the site and browser layers are handed to find the site under test: its origin, its data folder (database,
 * outbox) and its release folders.
 * @param {string} dataDir
 * @param {string} origin
 */
function handedOnEnvironment(dataDir, origin) {
  return {
    TEST_SITE_ORIGIN: origin,
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'dist'),
    RELEASES_DIR: path.join(dataDir, 'releases'),
    PREVIEW_RENDERER_DIR: path.join(dataDir, 'preview-renderer'),
  };
}

/**
 * The settings the site under test runs with. Every test signs up at example.com from one address: the caps on
 * confirmation mails and the sign-up throttle must not count them (the throttle and the caps are tested over HTTP in
 * tests/security and server/newsletter, not by chance here).
 * @param {string} dataDir
 */
function serverEnvironment(dataDir) {
  return {
    DB_PATH: path.join(dataDir, 'test.sqlite'),
    OUTBOX_DIR: path.join(dataDir, 'outbox'),
    PUBLISHER: 'no-catch-up',
    // The site under test is the default pages: a test that wants variants builds its own (tests/publish).
    AB_VARIANTS: 'off',
    NEWSLETTER_SIGNUPS_PER_MINUTE: '600',
    NEWSLETTER_CONFIRMATIONS_PER_DOMAIN_PER_HOUR: '1000000',
    NEWSLETTER_CONFIRMATIONS_PER_HOUR: '1000000',
  };
}

/**
 * Polls the health call until the services answer (503 "no live release" counts: the build comes next), and only once
 * `child` has said it listens on the origin's port (server/main.ts's first line): another server on that port (a second
 * suite beside this one that took the same port a moment earlier) answers the health call too, while our child fails
 * to listen and exits. Rejects when the child exits first or after `timeoutMs`, with the child's output.
 * @param {string} origin
 * @param {import('node:child_process').ChildProcess} child
 * @param {() => string} output what the child has printed so far
 */
export async function untilServicesAnswer(origin, child, output, timeoutMs = 60_000) {
  const ownPort = new URL(origin).port;
  const listensHere = () => {
    const said = listeningOrigin(output());
    return said !== undefined && new URL(said).port === ownPort;
  };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The services exited with ${child.exitCode ?? child.signalCode}:\n${output()}`);
    try {
      if (
        listensHere() &&
        (await servicesUp(await fetch(`${origin}/service/health`, { signal: AbortSignal.timeout(2000) })))
      )
        return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`The services did not answer within ${timeoutMs / 1000} s:\n${output()}`);
}

/**
 * Starts the services on `port` (localhost) with a new throwaway data folder, builds every shop from their content into
 * a release there, and resolves once the site is served. `env` is what to hand the site and browser layers (the
 * services' own settings, such as their raised limits, stay theirs: the unit layer's servers run with the defaults).
 * `stop()` stops the services and deletes the folder.
 * @param {{ port: number, quiet?: boolean }} options
 * @returns {Promise<{ origin: string, dataDir: string, env: Record<string, string>, stop: () => Promise<void> }>}
 */
export async function startTestSite({ port, quiet = true }) {
  await ensurePortFree(port, 'localhost');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'storefront-test-site-'));
  const env = handedOnEnvironment(dataDir, `http://localhost:${port}`);
  // Built and served as in production (a test runner sets NODE_ENV=test), so the budgets measure what shoppers get;
  // the build reads the release folders from the environment.
  return withEnvironment({ ...env, NODE_ENV: undefined }, () => startAndBuild(dataDir, env, port, quiet));
}

/**
 * Starts the services and builds the site under test, as {@link startTestSite} says.
 * @param {string} dataDir
 * @param {Record<string, string>} env
 * @param {number} port
 * @param {boolean} quiet
 */
async function startAndBuild(dataDir, env, port, quiet) {
  const child = spawn(process.execPath, [path.join(root, 'server/main.ts')], {
    cwd: root,
    env: childEnvironment({ ...env, ...serverEnvironment(dataDir), PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => {
    log += chunk;
    if (!quiet) process.stderr.write(chunk);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await untilServicesAnswer(env.TEST_SITE_ORIGIN, child, () => log);
    const code = await buildSite({ serviceOrigin: env.TEST_SITE_ORIGIN, variants: [] });
    if (code !== 0)
      throw new Error(`The site under test did not build (exit code ${code}); see the build output above.`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin: env.TEST_SITE_ORIGIN, dataDir, env, stop };
}
