// A throwaway PostgreSQL cluster for the tests (docs/commands.md#postgresql): Debian's server binaries, installed
// with apt where they are missing and we may; a cluster in a fresh temporary folder, on a free loopback port, run as
// a non-root user, deleted when it stops.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { childEnvironment } from '../../src/shared/config.ts';

/** Where Debian puts each major version's server binaries. */
const DEBIAN_POSTGRES_DIR = '/usr/lib/postgresql';

/**
 * The folder with `initdb` and `pg_ctl` of the newest PostgreSQL under `base` (Debian's layout: `<base>/<major>/bin`),
 * or undefined.
 */
export function findPostgresBin(base = DEBIAN_POSTGRES_DIR) {
  let versions;
  try {
    versions = fs.readdirSync(base).filter((name) => /^\d+(\.\d+)?$/.test(name));
  } catch {
    return undefined;
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = path.join(base, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb')) && fs.existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

/**
 * The server binaries' folder, installing Debian's `postgresql` first where it is missing and we are root with apt.
 * Answers `{ bin }` or `{ problem }`, a sentence saying why there is none.
 */
export function ensurePostgres() {
  const found = findPostgresBin();
  if (found) return { bin: found };
  if (process.getuid?.() !== 0 || !fs.existsSync('/usr/bin/apt-get'))
    return { problem: 'PostgreSQL is not installed (Debian/Ubuntu: `sudo apt-get install postgresql`)' };
  console.log("PostgreSQL is missing. Installing Debian's postgresql…");
  const env = childEnvironment({ DEBIAN_FRONTEND: 'noninteractive' });
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env, timeout: 300_000 });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'postgresql'], {
      stdio: 'inherit',
      env,
      timeout: 600_000,
    });
  } catch (error) {
    return { problem: `installing postgresql failed: ${error instanceof Error ? error.message : String(error)}` };
  }
  const bin = findPostgresBin();
  return bin ? { bin } : { problem: 'installing postgresql brought no server binaries' };
}

/** A free TCP port on the loopback interface. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Runs a server binary: as the `postgres` user when we are root (PostgreSQL refuses to run as root). */
function runAs(bin, args, options) {
  const asRoot = process.getuid?.() === 0;
  const [command, fullArgs] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(command, fullArgs, { stdio: 'pipe', timeout: 60_000, ...options });
}

/**
 * Starts a cluster in a new temporary folder on a free loopback port, with trust authentication for the `postgres`
 * role (it listens on 127.0.0.1 only) and without fsync (a test cluster loses nothing worth keeping). Answers its
 * `url`, its data folder `dataDir`, and `stop()`, which stops it and deletes the folder.
 */
export async function startThrowawayCluster(bin) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-postgres-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  fs.chmodSync(dir, 0o700);
  const port = await freePort();
  const stop = () => {
    try {
      runAs(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Not running (any more).
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    runAs(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
    runAs(path.join(bin, 'pg_ctl'), [
      '-D',
      data,
      '-o',
      settings,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-t',
      '30',
      'start',
    ]);
  } catch (error) {
    const log = fs.existsSync(path.join(dir, 'log')) ? fs.readFileSync(path.join(dir, 'log'), 'utf8').trim() : '';
    stop();
    const output = error instanceof Error && 'stderr' in error ? String(error.stderr).trim() : String(error);
    throw new Error(`the throwaway PostgreSQL cluster did not start: ${output || log}`);
  }
  // `dataDir`: the cluster's data folder, for tests that read its files (the erasure test reads `base/`).
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dataDir: data, stop };
}
