import * as v from 'valibot';

/**
 * A mail job to queue (docs/newsletter.md#mail-delivery): what `mailJobs().enqueue` takes. The type `NewMailJob` is
 * inferred from it, so the fixture tests build jobs with (`server/fixtures/mailJobFixture.ts`) checks the same shape.
 */
export const newMailJobSchema = v.object({
  /** Which mail: `newsletter.confirmation`, `newsletter.welcome`, ... */
  kind: v.pipe(v.string(), v.nonEmpty()),
  /** The address the mail goes to. */
  recipient: v.pipe(v.string(), v.nonEmpty()),
  /** The subscriber it belongs to; its queued mails are cancelled when the subscription ends. */
  subscriberId: v.optional(v.pipe(v.number(), v.integer())),
  /** What the mail needs at send time; kept only until the job is done. */
  payload: v.custom<object>((value) => typeof value === 'object' && value !== null, 'payload must be an object'),
  /** Not before this instant (default: now). */
  notBefore: v.optional(v.date()),
  /** Not after this instant: a job still unsent then is cancelled (e.g. a confirmation link that has expired). */
  notAfter: v.optional(v.date()),
  /**
   * For a confirmation mail the caps count (server/throttle/confirmationCaps.ts): its recipient domain and the
   * client network it was asked from, and whether it waits for a cap (deferred) instead of being due at once.
   */
  cap: v.optional(v.object({ domain: v.string(), network: v.nullable(v.string()), deferred: v.boolean() })),
});

/** A job to queue. */
export type NewMailJob = v.InferOutput<typeof newMailJobSchema>;
