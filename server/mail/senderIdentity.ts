import { randomBytes } from 'node:crypto';
import os from 'node:os';

/**
 * A sender that no longer holds its jobs after this long is gone, whatever else is known (its timeouts are 50 s)
 * (docs/constants.md#timings).
 */
export const FOREIGN_CLAIM_TIMEOUT_MS = 5 * 60 * 1000;

/** The senders of this process that are running. */
const senders = new Set<string>();

/** Who claims a job: this host, this process, and a random part for each sender in it. */
export function newSenderIdentity(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/** Marks a sender of this process as running (true) or stopped (false). */
export function senderRunning(identity: string, running: boolean): void {
  if (running) senders.add(identity);
  else senders.delete(identity);
}

/**
 * Whether the sender that claimed a job has gone (the job is abandoned), so that a second services process on the
 * same database (`npm run content:check` while `npm start` runs) never takes over a job another live process is
 * sending: on this host, its process no longer exists; on another host, its claim is older than any hand-over lasts.
 */
export function senderGone(
  claimedBy: string | null,
  claimedAt: string | null,
  self: string,
  now = Date.now(),
): boolean {
  if (claimedBy === self) return false;
  const [host, pid] = (claimedBy ?? '').split(':');
  if (host === os.hostname() && pid && /^\d+$/.test(pid)) {
    // Our own process id with another sender's random part: an earlier process that had the same id (a container's
    // process 1 after a restart), or another sender of this process, which `stop()` leaves only with nothing claimed.
    if (Number(pid) === process.pid) return !senders.has(claimedBy ?? '');
    try {
      process.kill(Number(pid), 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'EPERM';
    }
  }
  return claimedAt === null || now - Date.parse(claimedAt) > FOREIGN_CLAIM_TIMEOUT_MS;
}
