import { Gauge } from 'prom-client';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { MAIL_JOB_STATES } from '../mail/mailStatus.ts';
import { queueFigures } from '../mail/queueFigures.ts';
import type { MailSender } from '../mail/sender.ts';
import { iysSyncStates } from '../iys/syncQueue.ts';
import { metricsRegistry } from './serviceMetrics.ts';

const registers = [metricsRegistry];

const mailJobs = new Gauge({
  name: 'mail_jobs',
  help: 'Mail jobs in the shared queue by state (the same on every instance; npm run mail:status).',
  labelNames: ['state'] as const,
  registers,
});
const oldestUnsentAge = new Gauge({
  name: 'mail_oldest_unsent_age_seconds',
  help: 'Age of the oldest mail not known to have arrived (queued, sending, failed, unknown); 0 when there is none.',
  registers,
});
const senderStalled = new Gauge({
  name: 'mail_sender_stalled',
  help: "Whether this instance's mail sender cannot work (1) or works (0).",
  registers,
});
const iysRegistrations = new Gauge({
  name: 'iys_registrations',
  help: 'İYS registrations in the shared queue by state.',
  labelNames: ['state'] as const,
  registers,
});
const iysPastDeadline = new Gauge({
  name: 'iys_past_deadline',
  help: 'Pending İYS registrations past their 3-business-day deadline.',
  registers,
});

/** Whether the queue could be read at the last scrape (0: the queue gauges are left out until it can). */
const queueRead = new Gauge({
  name: 'mail_queue_read_ok',
  help: 'Whether the last scrape could read the shared queue (1) or not (0: the queue series are missing).',
  registers,
});

/**
 * Sets the gauges read at scrape time (docs/operations.md#monitoring): the shared queue's figures, the same for every
 * instance on one database and equal to `npm run mail:status`, and this instance's sender. A database that cannot
 * answer leaves the queue gauges out (and `mail_queue_read_ok` 0) instead of failing the scrape.
 */
export async function readQueueGauges(
  shared: SharedDatabase,
  sender: Pick<MailSender, 'stalled'> | undefined,
  now = new Date(),
): Promise<void> {
  senderStalled.set(sender?.stalled() ? 1 : 0);
  try {
    const figures = await shared.run((db) => queueFigures(db, now));
    for (const state of MAIL_JOB_STATES) mailJobs.set({ state }, figures.mailByState.get(state) ?? 0);
    oldestUnsentAge.set(
      figures.oldestUnsentAt ? Math.max(0, (now.getTime() - figures.oldestUnsentAt.getTime()) / 1000) : 0,
    );
    for (const state of iysSyncStates) iysRegistrations.set({ state }, figures.iysByState.get(state) ?? 0);
    iysPastDeadline.set(figures.iysPastDeadline);
    queueRead.set(1);
  } catch {
    for (const gauge of [mailJobs, oldestUnsentAge, iysRegistrations, iysPastDeadline]) gauge.reset();
    queueRead.set(0);
  }
}
