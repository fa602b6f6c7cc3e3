import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { findPrometheus } from '../../scripts/lib/prometheus.mjs';

/** One sample of an instant query: its labels and value. */
export interface QueriedSample {
  metric: Record<string, string>;
  value: number;
}

/** An alert as `GET /api/v1/alerts` lists it. */
export interface ListedAlert {
  labels: Record<string, string>;
  state: 'pending' | 'firing';
}

/** A real Prometheus on loopback, asked through its own HTTP API. */
export interface PrometheusServer {
  origin: string;
  /** An instant query (`GET /api/v1/query`). */
  query(expression: string): Promise<QueriedSample[]>;
  /** The alerts pending or firing now. */
  alerts(): Promise<ListedAlert[]>;
  /** What it wrote, for a failure's message. */
  output(): string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function api<T>(origin: string, pathAndQuery: string): Promise<T> {
  const response = await fetch(origin + pathAndQuery);
  const body = (await response.json()) as { status: string; data: T; error?: string };
  if (body.status !== 'success') throw new Error(`Prometheus answered ${response.status}: ${body.error}`);
  return body.data;
}

/**
 * Starts Debian's Prometheus with `config` (prometheus.yml's text; relative rule files resolve in `dir`) and its
 * database in `dir`, on a free loopback port; resolves once it is ready (at most `readyMs`).
 */
export async function startPrometheus(dir: string, config: string, readyMs = 20_000): Promise<PrometheusServer> {
  const binary = findPrometheus();
  if (!binary) throw new Error('Prometheus is not installed');
  fs.writeFileSync(path.join(dir, 'prometheus.yml'), config);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    binary,
    [
      `--config.file=${path.join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${path.join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const end = Date.now() + readyMs;
  for (;;) {
    const ready = await fetch(`${origin}/-/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (child.exitCode !== null || Date.now() > end) {
      await stop();
      throw new Error(`Prometheus did not get ready within ${readyMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    async query(expression) {
      const data = await api<{ result: { metric: Record<string, string>; value: [number, string] }[] }>(
        origin,
        `/api/v1/query?query=${encodeURIComponent(expression)}`,
      );
      return data.result.map(({ metric, value }) => ({ metric, value: Number(value[1]) }));
    },
    async alerts() {
      return (await api<{ alerts: ListedAlert[] }>(origin, '/api/v1/alerts')).alerts;
    },
    output: () => output,
    stop,
  };
}
