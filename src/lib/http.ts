import { csrfHeaders } from '../shared/auth/csrf.ts';

/** Every call to the services gives up after this long (docs/calls.md#conventions). */
export const REQUEST_TIMEOUT_MS = 15_000;

/** Why a call produced no usable answer. */
export type CallFailure = 'timeout' | 'network';

/**
 * `fetch` that gives up after `REQUEST_TIMEOUT_MS` (or the caller's signal), so no caller can hang.
 * Rejects with a `CallError` saying whether it timed out or the network failed; HTTP error statuses resolve
 * normally, since callers map them themselves (a non-2xx reply is an error to them).
 */
export async function fetchWithTimeout(
  input: string,
  init: RequestInit = {},
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  try {
    return await fetch(input, { ...init, signal });
  } catch (error) {
    throw new CallError(timeout.aborted ? 'timeout' : 'network', error);
  }
}

/** A call that got no answer at all. */
export class CallError extends Error {
  readonly failure: CallFailure;
  constructor(failure: CallFailure, cause: unknown) {
    super(failure === 'timeout' ? `No answer within ${REQUEST_TIMEOUT_MS} ms` : 'The service could not be reached', {
      cause,
    });
    this.name = 'CallError';
    this.failure = failure;
  }
}

/** POSTs JSON (with the CSRF header and credentials) under the standard timeout. */
export function postJson(url: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetchWithTimeout(url, {
    ...init,
    method: 'POST',
    credentials: 'include',
    headers: {
      'content-type': 'application/json',
      ...csrfHeaders(),
      ...(init.headers as Record<string, string> | undefined),
    },
    body: JSON.stringify(body),
  });
}
