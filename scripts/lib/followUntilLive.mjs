// How `npm run content:publish` follows an immediate version until the publisher has the shop live
// (docs/operations.md#publishing-content-versions).

/** How long an immediate version is followed before content:publish gives up (docs/constants.md#timings). */
export const LIVE_TIMEOUT_MS = 60_000;
/** How often the publishing status is asked meanwhile (docs/constants.md#timings). */
export const STATUS_POLL_MS = 500;

/**
 * Asks `readStatus()` (the `GET /service/publish/api/status` response) until shop `segment` serves `version` or
 * `LIVE_TIMEOUT_MS` after `storedAt` have passed. `onBuilding` is called once, on the first answer that is not live yet.
 * Resolves to `{ outcome: 'live', seconds, release }`, `{ outcome: 'unavailable' }` (the server publishes nothing,
 * 404), `{ outcome: 'failed', reason }` (a status error, or a build error that is new since the first answer), or
 * `{ outcome: 'timeout', lastError }` (the shop's last build error as one line, or an empty string).
 */
export async function followUntilLive({ readStatus, segment, version, storedAt, onBuilding = () => {} }) {
  let baselineError;
  let lastEntry = {};
  let reportedBuilding = false;
  while (Date.now() - storedAt < LIVE_TIMEOUT_MS) {
    const status = await readStatus();
    if (status.status === 404) return { outcome: 'unavailable' };
    if (!status.ok)
      return {
        outcome: 'failed',
        reason: `the publishing status answered ${status.status}; cannot tell when it is live`,
      };
    const entry = (lastEntry = (await status.json()).shops?.[segment] ?? {});
    if (typeof entry.contentVersion === 'number' && entry.contentVersion >= version) {
      return { outcome: 'live', seconds: (Date.now() - storedAt) / 1000, release: entry.release };
    }
    // An error that was there before this version was stored belongs to an earlier build.
    const error = entry.lastError === undefined ? undefined : JSON.stringify(entry.lastError);
    if (baselineError === undefined) baselineError = error ?? '';
    else if (error !== undefined && error !== baselineError)
      return { outcome: 'failed', reason: `the build failed: ${describeError(entry.lastError)}` };
    if (!reportedBuilding) onBuilding();
    reportedBuilding = true;
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
  }
  return { outcome: 'timeout', lastError: lastEntry.lastError ? describeError(lastEntry.lastError) : '' };
}

/** A build error of the status (`{ at, message, log? }`, docs/calls.md#status) as one line, with its log file. */
function describeError(error) {
  return `${error.message}${error.log ? ` (log: ${error.log})` : ''}`;
}
