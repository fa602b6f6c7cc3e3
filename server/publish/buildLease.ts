import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { rowsOf, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';

/** How long a build lease holds without being renewed: a dead holder's lease is taken over after this. */
export const BUILD_LEASE_TTL_MS = 30_000;

/** The lease of builds and rollbacks of the shared release folder; other work names its own (the İYS sync). */
const LEASE_NAME = 'releases';

/** What an attempt to take the lease found. */
export type LeaseAttempt = { held: true } | { held: false; holder: string; expiresAt: number };

/** The right to build and switch releases, one instance at a time (docs/operations.md#several-instances). */
export interface BuildLease {
  /** Who asks: host, process and a random part, unique among the instances on one database. */
  readonly holder: string;
  /** Takes the lease when it is free, expired or already ours (then it is extended). */
  acquire(): Promise<LeaseAttempt>;
  /** Extends the lease; false when it is no longer ours (it expired and another instance took it). */
  renew(): Promise<boolean>;
  /** Gives the lease up, if it is still ours. */
  release(): Promise<void>;
}

/** This process's name among the instances: `host/pid/random`. */
export function instanceName(): string {
  return `${os.hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
}

/** The holders made in this process. */
const ourHolders = new Set<string>();

/**
 * Whether a holder is known to be dead without waiting for its lease to expire: one on this host whose process is
 * gone (a server killed and started again), or one with this process's id that this process did not make (a
 * container's process 1 after a restart). Holders on other hosts are left to the lease's time to live.
 */
export function holderGone(holder: string): boolean {
  const parts = holder.split('/');
  parts.pop();
  const pid = parts.pop();
  if (parts.join('/') !== os.hostname() || !pid || !/^\d+$/.test(pid)) return false;
  if (Number(pid) === process.pid) return !ourHolders.has(holder);
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'EPERM';
  }
}

/**
 * A lease kept in the shared database, so N instances on one database (or one SQLite file) build one at a time.
 * Taking it is one statement (an upsert that only overwrites an expired lease or our own), so two instances asking
 * at once cannot both get it. Times are the instances' clocks, which `BUILD_LEASE_TTL_MS` dwarfs once they keep time.
 */
export function buildLease(
  shared: SharedDatabase,
  { holder = instanceName(), ttlMs = BUILD_LEASE_TTL_MS, now = Date.now, name = LEASE_NAME } = {},
): BuildLease {
  ourHolders.add(holder);
  return {
    holder,
    async acquire() {
      await shared.ready();
      const at = now();
      // Statements one after the other, not one transaction: each is safe on its own (see above).
      return shared.run(function* (db): StatementSteps<LeaseAttempt> {
        const taken = yield* rowsOf(
          db
            .insertInto('publish_leases')
            .values({ name, holder, expires_at: at + ttlMs })
            .onConflict((conflict) =>
              conflict
                .column('name')
                .doUpdateSet({ holder, expires_at: at + ttlMs })
                .where((row) =>
                  row.or([row('publish_leases.expires_at', '<=', at), row('publish_leases.holder', '=', holder)]),
                ),
            )
            .returning('holder'),
        );
        if (taken.length > 0) return { held: true };
        const [current] = yield* rowsOf(
          db.selectFrom('publish_leases').select(['holder', 'expires_at']).where('name', '=', name),
        );
        // Released between the two statements: free now, and the next attempt takes it.
        if (!current) return { held: false, holder: 'nobody', expiresAt: at };
        if (holderGone(current.holder)) {
          // Taken over from exactly that holder: of several instances seeing it gone, one gets it.
          const takenOver = yield* rowsOf(
            db
              .updateTable('publish_leases')
              .set({ holder, expires_at: at + ttlMs })
              .where('name', '=', name)
              .where('holder', '=', current.holder)
              .returning('holder'),
          );
          if (takenOver.length === 1) return { held: true };
        }
        return { held: false, holder: current.holder, expiresAt: Number(current.expires_at) };
      });
    },
    async renew() {
      await shared.ready();
      const renewed = await shared.run(function* (db) {
        return yield* rowsOf(
          db
            .updateTable('publish_leases')
            .set({ expires_at: now() + ttlMs })
            .where('name', '=', name)
            .where('holder', '=', holder)
            .returning('holder'),
        );
      });
      return renewed.length === 1;
    },
    async release() {
      await shared.ready();
      await shared.run(function* (db) {
        yield db.deleteFrom('publish_leases').where('name', '=', name).where('holder', '=', holder).compile();
      });
    },
  };
}
