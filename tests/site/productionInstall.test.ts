import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { siteDir } from './support/site.ts';
import { childEnvironment } from '../../src/shared/config.ts';
import { SUBSCRIBERS } from '../../server/newsletter/testClient.ts';
import { SHUTDOWN_TIMEOUT_MS } from '../../server/shutdown.ts';

// A production install (docs/operations.md#a-production-install): the checkout's files without devDependencies
// (`npm install --omit=dev`), on the machine's own Node (older than the project's: `npm run` puts the `node`
// dependency's Node 24 first), started with `npm run serve` on the release the suite built, the mail intake on. It
// must start, serve pages, take a sign-up and write its mail, and greet on SMTP. The install is the cost here (npm's
// cache makes it seconds); nothing is built.
const root = path.resolve(import.meta.dirname, '../..');
let dir: string;
let server: ChildProcess | undefined;
let output = '';

/** The environment of a shell on a machine without the project: no `node_modules/.bin` of any checkout on PATH. */
function systemEnvironment(): NodeJS.ProcessEnv {
  const env = childEnvironment();
  for (const name of Object.keys(env)) if (name.startsWith('npm_') || name === 'NODE_OPTIONS') delete env[name];
  env.PATH = (env.PATH ?? '')
    .split(path.delimiter)
    .filter((entry) => !entry.includes('node_modules'))
    .join(path.delimiter);
  return env;
}

/** Resolves with the first match of `pattern` in the server's output; fails if the server ends first or after 60 s. */
function outputMatch(pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const match = pattern.exec(output);
      if (match) done(() => resolve(match));
    };
    const ended = () => done(() => reject(new Error(`the server ended before ${pattern}:\n${output}`)));
    const timer = setTimeout(() => done(() => reject(new Error(`no ${pattern} within 60 s:\n${output}`))), 60_000);
    const done = (then: () => void) => {
      clearTimeout(timer);
      server!.stdout!.off('data', look);
      server!.stderr!.off('data', look);
      server!.off('exit', ended);
      then();
    };
    server!.stdout!.on('data', look);
    server!.stderr!.on('data', look);
    server!.once('exit', ended);
    look();
  });
}

/** The first line an SMTP server sends on `port`. */
function smtpGreeting(port: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setEncoding('utf8');
    socket.once('data', (line: string) => {
      socket.end('QUIT\r\n');
      resolve(line);
    });
    socket.once('error', reject);
  });
}

let origin: string;
let intakePort: number;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'production-install-'));
  const app = path.join(dir, 'app');
  // The checkout as it is, committed or not: what a deployment copies.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
    .toString()
    .split('\0')
    .filter((file) => file !== '' && fs.existsSync(path.join(root, file)));
  for (const file of files) fs.cpSync(path.join(root, file), path.join(app, file));
  const env = systemEnvironment();
  execFileSync('npm', ['install', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: app,
    env,
    stdio: 'pipe',
  });
  server = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: app,
    env: {
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      SITE_URL: 'http://127.0.0.1:9',
      PUBLISHER: 'off',
      DIST_DIR: siteDir,
      DB_PATH: path.join(dir, 'data', 'storefront.sqlite'),
      OUTBOX_DIR: path.join(dir, 'data', 'outbox'),
      RELEASES_DIR: path.join(dir, 'data', 'releases'),
      MAIL_INTAKE_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: npm, its shell and the server are stopped together (a SIGTERM to npm alone left
    // the server running after the suite).
    detached: true,
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  origin = (await outputMatch(/Services and site on (http:\/\/127\.0\.0\.1:\d+)\//))[1]!;
  intakePort = Number((await outputMatch(/Mail intake \(bounces, complaints\) on smtp:\/\/127\.0\.0\.1:(\d+)/))[1]);
}, 240_000);

// A shutdown may take its whole `SHUTDOWN_TIMEOUT_MS` and the databases' closing after it; the hook waits longer,
// and says what the server printed if it had to.
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    process.kill(-server.pid!, 'SIGTERM');
    const slow = setTimeout(
      () => console.error(`Still stopping after ${SHUTDOWN_TIMEOUT_MS} ms:\n${output}`),
      SHUTDOWN_TIMEOUT_MS,
    );
    await exited;
    clearTimeout(slow);
  }
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}, SHUTDOWN_TIMEOUT_MS + 20_000);

test('the install has no devDependency, and `npm run` serves with the `node` dependency, not the system Node', () => {
  const app = path.join(dir, 'app');
  expect(fs.existsSync(path.join(app, 'node_modules', 'vitest'))).toBe(false);
  expect(fs.existsSync(path.join(app, 'node_modules', 'astro'))).toBe(true);
  // The server's node:sqlite needs Node 22.5 or later: that it listens at all shows it is not this machine's Node 20.
  const servingNode = execFileSync(path.join(app, 'node_modules', '.bin', 'node'), ['--version'])
    .toString()
    .trim();
  expect(servingNode).toMatch(/^v24\./);
});

test('it serves the built pages and its health', async () => {
  const page = await fetch(`${origin}/de/`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('<html lang="de-DE"');
  expect((await fetch(`${origin}/service/health`)).status).toBe(200);
});

test('it takes a sign-up and writes its confirmation mail', async () => {
  const answer = await fetch(`${origin}${SUBSCRIBERS}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', site: 'DE' },
    body: JSON.stringify({ email: 'production.install@example.com', consents: [] }),
  });
  expect(answer.status).toBe(201);
  await outputMatch(/Mail goes to/);
  const outbox = path.join(dir, 'data', 'outbox');
  await expect
    .poll(() => (fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((file) => file.endsWith('.eml')) : []), {
      timeout: 30_000,
    })
    .toHaveLength(1);
});

test('its mail intake greets on SMTP', async () => {
  expect(await smtpGreeting(intakePort)).toMatch(/^220 /);
});
