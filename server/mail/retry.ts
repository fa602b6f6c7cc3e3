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

/**
 * What a transport's error means for the message: `permanent`, refused for good; `transient`, worth another attempt
 * later; `unknown`, it may have arrived (the whole message was sent, then no answer came): never sent again.
 */
export type FailureKind = 'permanent' | 'transient' | 'unknown';

/** The SMTP commands whose 5xx refusal is about this recipient or this message (RFC 5321): final for it. */
const REFUSED_FOR_THIS_MESSAGE = /^(RCPT TO|DATA)\b/i;

/**
 * Marks an error that came after the whole message was handed to the server, while waiting for its answer to the
 * message (a time-out, a closed connection): the server may have taken it (see `failureKind`).
 */
export function afterMessageSent<T extends object>(error: T): T & { afterMessageSent: true } {
  return Object.assign(error, { afterMessageSent: true as const });
}

/**
 * Classifies a transport error by the SMTP command it answered and its reply code (docs/newsletter.md#mail-delivery).
 * Final: a 5xx to `RCPT TO` or `DATA` (e.g. 550 no such mailbox, 554 rejected): the server refused this recipient or
 * this message. Unknown: no answer after the whole message went out (`afterMessageSent`); the server may have
 * delivered it, so it is not sent again, as after a crash in that moment. Everything else is tried again: 4xx replies
 * such as 421 (busy, try later), connection failures and time-outs before the message went out, a 5xx at the
 * greeting, `EHLO`/`HELO`, `AUTH` or `MAIL FROM` (a problem of the sender, e.g. a relay not yet allowing the sending
 * domain: the operator can fix it, no mail is dropped for it), and file system errors of the outbox (not writable,
 * disk full).
 */
export function failureKind(error: unknown): FailureKind {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  const refusedForGood = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  if (refusedForGood && typeof command === 'string' && REFUSED_FOR_THIS_MESSAGE.test(command)) return 'permanent';
  if (!refusedForGood && (error as { afterMessageSent?: unknown } | null)?.afterMessageSent === true) return 'unknown';
  return 'transient';
}

/** Whether a transient failure is a refusal of the sender (its address, login or host), for a log line that says so. */
export function refusedTheSender(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  return (
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    typeof command === 'string' &&
    /^(MAIL FROM|EHLO|HELO|LHLO|AUTH|CONN)\b/i.test(command)
  );
}

/** A one-line description of an error for the job's `last_error` and the log: no stack, no credentials. */
export function describeFailure(error: unknown): string {
  const { code, responseCode, message } = (error ?? {}) as {
    code?: unknown;
    responseCode?: unknown;
    message?: unknown;
  };
  const text = typeof message === 'string' ? message : String(error);
  return [code, responseCode, text.replace(/\/\/[^@\s/]*@/g, '//…@')]
    .filter((part) => part !== undefined && part !== '')
    .join(' ')
    .slice(0, 500);
}
