import { randomBytes } from 'node:crypto';
import os from 'node:os';

/** A sender that no longer holds its jobs after this long is gone, whatever else is known (its timeouts are 50 s). */
const FOREIGN_CLAIM_TIMEOUT_MS = 5 * 60 * 1000;

/** Who claims a job: this host, this process, and a random part for each sender in it. */
export function newSenderIdentity(): string {
  return `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * Whether the sender that claimed a job has gone (the job is abandoned), so that a second services process on the
 * same database (`npm run content:check` while `npm start` runs) never takes over a job another live process is
 * sending: on this host, its process no longer exists; on another host, its claim is older than any hand-over lasts.
 */
export function senderGone(claimedBy: string | null, claimedAt: string | null, self: string, now = Date.now()): boolean {
  if (claimedBy === self) return false;
  const [host, pid] = (claimedBy ?? '').split(':');
  if (host === os.hostname() && pid && /^\d+$/.test(pid)) {
    try {
      process.kill(Number(pid), 0);
      return false;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code !== 'EPERM';
    }
  }
  return claimedAt === null || now - Date.parse(claimedAt) > FOREIGN_CLAIM_TIMEOUT_MS;
}
