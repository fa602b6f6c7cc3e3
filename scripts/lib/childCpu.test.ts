import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { cpuSecondsSoFar } from './childCpu.mjs';

const cpuOfCommand = path.join(import.meta.dirname, 'cpuOfCommand.mjs');
/**
 * A child's program that uses half a second of CPU, however long that takes on a busy machine: arithmetic, looking at
 * its CPU time once a million steps (asking for it every step spent the time in the kernel, and a child starved on a
 * loaded machine took more than 20 s to reach half a second of user time).
 */
const busyHalfSecond = 'let n = 0; do for (let i = 0; i < 1e6; i++) n += i; while (process.cpuUsage().user < 500_000);';

test.skipIf(process.platform !== 'linux')('a finished child’s CPU time counts towards the layer’s', () => {
  const before = cpuSecondsSoFar()!;
  const child = spawnSync(process.execPath, ['-e', busyHalfSecond]);
  expect(child.status).toBe(0);
  expect(cpuSecondsSoFar()! - before).toBeGreaterThanOrEqual(0.4);
});

test.skipIf(process.platform !== 'linux')(
  'cpuOfCommand.mjs reports the CPU of the command it ran, whose exit code it keeps',
  () => {
    const report = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cpu-of-command-')), 'cpu.json');
    const busy = `${busyHalfSecond} process.exit(3);`;
    const run = spawnSync(process.execPath, [cpuOfCommand, report, process.execPath, '-e', busy]);
    expect(run.status).toBe(3);
    expect(JSON.parse(fs.readFileSync(report, 'utf8')).cpuSeconds).toBeGreaterThanOrEqual(0.4);
    fs.rmSync(path.dirname(report), { recursive: true });
  },
);
