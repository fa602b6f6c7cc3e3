/**
 * How long a mail waits before its next attempt after the transport refused it (docs/newsletter.md#mail-delivery):
 * `firstMs` after the first failed attempt, doubling with every further one, never more than `maxMs`.
 */
export function retryDelayMs(failedAttempts: number, firstMs: number, maxMs: number): number {
  const exponent = Math.max(0, failedAttempts - 1);
  // 2^31 and beyond only overflow; the cap has long been reached by then.
  return Math.min(maxMs, firstMs * 2 ** Math.min(exponent, 30));
}

/**
 * The delay spread by ±20 %, so that mails refused together (a server down for everyone) do not all come back in
 * the same instant. `random` is a number in [0, 1).
 */
export function withJitter(delayMs: number, random = Math.random()): number {
  return Math.round(delayMs * (0.8 + 0.4 * random));
}

/** Whether a transport's error is final for this message, or worth another attempt later. */
export type FailureKind = 'permanent' | 'transient';

/**
 * Classifies a transport error. Final: the SMTP server refused this recipient or this message with a 5xx reply
 * (`RCPT TO`, `DATA`, e.g. 550 no such mailbox, 554 rejected). Everything else is tried again: 4xx replies such as
 * 421 (busy, try later), connection failures and time-outs, a 5xx at connection, login or `MAIL FROM` (a
 * configuration fault of ours that the operator can fix: no mail is dropped for it), and file system errors of the
 * outbox (not writable, disk full).
 */
export function failureKind(error: unknown): FailureKind {
  const { responseCode, command, code } = (error ?? {}) as { responseCode?: unknown; command?: unknown; code?: unknown };
  const refusedForGood = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  const aboutThisMessage = code === 'EENVELOPE' || (typeof command === 'string' && /^(RCPT TO|DATA)\b/i.test(command)) || code === 'EMESSAGE';
  return refusedForGood && aboutThisMessage ? 'permanent' : 'transient';
}

/** A one-line description of an error for the job's `last_error` and the log: no stack, no credentials. */
export function describeFailure(error: unknown): string {
  const { code, responseCode, message } = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : String(error);
  return [code, responseCode, text.replace(/\/\/[^@\s/]*@/g, '//…@')].filter((part) => part !== undefined && part !== '').join(' ').slice(0, 500);
}
