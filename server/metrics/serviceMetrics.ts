/**
 * The services' own Prometheus series (docs/operations.md#monitoring), in one registry per process: the counters the
 * request handlers and the background loops move, each through one call of a function below, so a loop carries one
 * line of instrumentation. Every label is bounded: shops are the country table's segments, kinds and channels fixed
 * lists; no address, token, name or visitor id is ever a label or a value.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { shopByCode, shops, type Shop } from '../../src/shared/countries.ts';

/** The one registry `/service/metrics` exposes: this module's series, the HTTP timings and prom-client's defaults. */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });
// Three of prom-client's gauges carry a counter's `_total` suffix, against Prometheus's naming rules
// (`promtool check metrics`); their per-type series (`nodejs_active_handles{type}` …) stay.
for (const misnamed of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
  metricsRegistry.removeSingleMetric(misnamed);

/** What became of a sign-up (docs/operations.md#monitoring). */
export type SignUpOutcome = 'created' | 'unchanged' | 'refused' | 'throttled' | 'honeypot' | 'busy';

/** What became of one mail job's turn in the sender (docs/operations.md#monitoring). */
export type MailDeliveryResult = 'sent' | 'retry' | 'failed' | 'unknown' | 'cancelled' | 'suppressed' | 'expired';

const registers = [metricsRegistry];

const signUps = new Counter({
  name: 'newsletter_signups_total',
  help: 'Newsletter sign-ups by shop and outcome (created, unchanged, refused, throttled, honeypot, busy).',
  labelNames: ['shop', 'outcome'] as const,
  registers,
});
const confirmations = new Counter({
  name: 'newsletter_confirmations_total',
  help: 'Confirmed newsletter subscriptions (double opt-in) by shop.',
  labelNames: ['shop'] as const,
  registers,
});
const unsubscribes = new Counter({
  name: 'newsletter_unsubscribes_total',
  help: 'Ended newsletter subscriptions by shop and channel.',
  labelNames: ['shop', 'channel'] as const,
  registers,
});
const mailSent = new Counter({
  name: 'mail_sent_total',
  help: 'Mail jobs the sender handled, by kind and result (sent, retry, failed, unknown, cancelled, suppressed, expired).',
  labelNames: ['kind', 'result'] as const,
  registers,
});
const buildDuration = new Histogram({
  name: 'publish_build_duration_seconds',
  help: "The publisher's builds, by result (ok, failed).",
  labelNames: ['result'] as const,
  buckets: [5, 10, 20, 30, 60, 120, 300, 600],
  registers,
});
const lastBuildSuccess = new Gauge({
  name: 'publish_last_success_timestamp_seconds',
  help: "When the last build of a shop by this instance's publisher went live (Unix time).",
  labelNames: ['shop'] as const,
  registers,
});
const lastBuildOk = new Gauge({
  name: 'publish_last_build_ok',
  help: "Whether the last build of a shop by this instance's publisher went live (1) or failed (0).",
  labelNames: ['shop'] as const,
  registers,
});
const databaseBusy = new Counter({
  name: 'database_busy_total',
  help: 'Requests answered 503 because the database was busy or unreachable.',
  registers,
});

/** The label of a shop: its segment in the country table, else `unknown` (never what a request sent). */
export function shopLabel(shop: Shop | string | null | undefined): string {
  if (shop === null || shop === undefined) return 'unknown';
  if (typeof shop !== 'string') return shop.segment;
  return (shopByCode(shop) ?? shops.find((known) => known.segment === shop))?.segment ?? 'unknown';
}

/** Counts one sign-up of `shop` (a shop, its code or segment; `unknown` when none applied yet). */
export function countSignUp(shop: Shop | string | null | undefined, outcome: SignUpOutcome): void {
  signUps.inc({ shop: shopLabel(shop), outcome });
}

/** Counts a confirmed subscription of the shop with this code. */
export function countConfirmation(shopCode: string | null): void {
  confirmations.inc({ shop: shopLabel(shopCode) });
}

/** Counts an ended subscription of the shop with this code, by the consent log's channel (a fixed list). */
export function countUnsubscribe(shopCode: string | null, channel: string): void {
  unsubscribes.inc({ shop: shopLabel(shopCode), channel });
}

/** Counts one turn of a mail job in the sender; kinds the sender does not know count as `other`. */
export function countMailDelivery(kind: string, known: boolean, result: MailDeliveryResult): void {
  mailSent.inc({ kind: known ? kind : 'other', result });
}

/** Records one build of the publisher: its duration, and per shop whether it went live. */
export function recordBuild(segments: readonly string[], ok: boolean, durationMs: number, at = Date.now()): void {
  buildDuration.observe({ result: ok ? 'ok' : 'failed' }, durationMs / 1000);
  for (const segment of segments) {
    const shop = shopLabel(segment);
    lastBuildOk.set({ shop }, ok ? 1 : 0);
    if (ok) lastBuildSuccess.set({ shop }, at / 1000);
  }
}

/** Counts a request answered 503 for a busy or unreachable database. */
export function countDatabaseBusy(): void {
  databaseBusy.inc();
}
