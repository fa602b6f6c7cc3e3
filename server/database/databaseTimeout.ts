/**
 * "The database answers, but not in time" (docs/operations.md#when-postgresql-is-down), as distinct from "cannot be
 * reached": every pooled connection stayed busy past the acquire time-out, a request's database deadline passed, or
 * PostgreSQL cancelled a statement past its time-out (SQLSTATE 57014) or a lock wait past its own (55P03). The call
 * answers `503 urn:service:database_busy` with `Retry-After`; `/service/health` reports the database degraded while
 * writes keep timing out.
 */

/** SQLSTATE codes of a statement or lock wait PostgreSQL gave up on. */
const TIMED_OUT_STATES = new Set(['57014', '55P03']);

/** A wait of the pool or of a request's deadline that ran out; `reason` says which, for the health call. */
export class DatabaseWaitError extends Error {
  override name = 'DatabaseWaitError';
}

/** Whether an error means the database answered too slowly: a wait ran out, or a statement or lock wait timed out. */
export function isDatabaseTimingOut(error: unknown): boolean {
  if (error instanceof DatabaseWaitError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TIMED_OUT_STATES.has(code);
}
