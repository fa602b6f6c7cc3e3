/**
 * SQLSTATE codes of PostgreSQL that mean "the database cannot serve this now", not "this request is wrong": it is
 * shutting down or starting (57P01–57P03), too many connections or out of resources (53xxx). Class 08 (connection
 * exceptions) counts as a whole. A statement or lock wait past its time-out (57014, 55P03) is no outage: the database
 * answers, too slowly (server/database/databaseTimeout.ts).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53000', '53100', '53200', '53300']);

/** Socket errors of a connection that could not be made or broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);

/** node-postgres's own words for a connection that timed out or ended (its errors carry no code). */
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'connection timeout',
  'Client has encountered a connection error',
  'Query read timeout',
];

/**
 * Whether an error means the shared PostgreSQL database cannot be reached or cannot serve for now
 * (docs/operations.md#when-postgresql-is-down): the request is answered 503 with `Retry-After`, nothing is stored, and
 * the pool connects again by itself once PostgreSQL is back.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message, errors } = error as { code?: unknown; message?: unknown; errors?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code)))
    return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.some((words) => message.includes(words))) return true;
  // A host name with several addresses fails with one error per address.
  return Array.isArray(errors) && errors.some(isDatabaseUnreachable);
}

/**
 * An error's message in one line, for the health call's `reason` and the start's log line. A connection refused on
 * every address of a host name (`localhost`: `::1` and `127.0.0.1`) arrives as an AggregateError without a message of
 * its own: its first part says what happened.
 */
export function databaseErrorReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  const first = error instanceof AggregateError ? (error.errors as unknown[])[0] : undefined;
  return first instanceof Error && first.message ? first.message : ((error as { code?: string }).code ?? error.name);
}
