import { describe, expect, test } from 'vitest';
import { hashGate } from './hashGate.ts';

/** A hash that ends when the test says so. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { hash: () => done, finish };
}

describe('hashGate', () => {
  test('runs at most `concurrency` hashes, queues the next ones in order and refuses beyond the queue', async () => {
    const gate = hashGate(2, 2);
    const hashes = Array.from({ length: 5 }, pending);
    const order: number[] = [];
    const runs = hashes.map(({ hash }, i) => gate.run(() => hash().then(() => order.push(i))));
    expect(runs[4]).toBeUndefined();
    expect(gate.started).toBe(2);
    hashes[1]!.finish();
    await runs[1];
    expect(gate.started).toBe(3);
    hashes.slice(0, 4).forEach((h) => h.finish());
    await Promise.all(runs.slice(0, 4));
    expect(gate.started).toBe(4);
    expect(gate.peak).toBe(2);
    expect(order[0]).toBe(1);
    // Free again: the next hash starts at once.
    expect(gate.run(async () => 'ok')).toBeDefined();
  });

  test('a hash that fails frees its slot', async () => {
    const gate = hashGate(1, 0);
    await expect(gate.run(() => Promise.reject(new Error('scrypt')))).rejects.toThrow('scrypt');
    await expect(gate.run(async () => 1)).resolves.toBe(1);
  });
});
