import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { cpuSecondsSoFar } from './childCpu.mjs';

test.skipIf(process.platform !== 'linux')('a finished child’s CPU time counts towards the layer’s', () => {
  const before = cpuSecondsSoFar()!;
  // A child that uses half a second of CPU, however long that takes on a busy machine.
  const child = spawnSync(process.execPath, ['-e', 'while (process.cpuUsage().user < 500_000);']);
  expect(child.status).toBe(0);
  expect(cpuSecondsSoFar()! - before).toBeGreaterThanOrEqual(0.4);
});
