// A steady sign-up load for the fault tests and `npm run faults`, with one outcome per request: a full answer (its
// status and Connection header) or the error the client saw instead. Loopback only, bounded in count and time.
import http from 'node:http';
import { serviceUrl, services } from '../../../src/shared/routes.ts';

const SIGN_UP = serviceUrl(services.newsletter, 'createSubscriber');

/** The error of a connection the server refused: nothing was sent, so nothing can be lost. */
export const REFUSED = 'ECONNREFUSED';

/**
 * One request's outcome: when it was sent (`at`) and answered (`end`), its status, `Connection` header, and for a
 * problem answer its `type` and whether it carried `Retry-After`; or the error the client saw instead.
 * @typedef {{ email: string, worker: number, at: number, end?: number, status?: number, connection?: string, type?: string, retryAfter?: boolean, error?: string }} SignUpOutcome
 */

/** @returns {Promise<SignUpOutcome>} */
function signUp(url, agent, email, worker) {
  const body = JSON.stringify({ email, consents: [] });
  const at = Date.now();
  return new Promise((resolve) => {
    const failed = (error) => resolve({ email, worker, at, error: error.code ?? error.message });
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: SIGN_UP,
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          let type;
          try {
            type = status >= 400 ? JSON.parse(text).type : undefined;
          } catch {
            // Not a problem document.
          }
          resolve({
            email,
            worker,
            at,
            end: Date.now(),
            status,
            ...(response.headers.connection ? { connection: response.headers.connection } : {}),
            ...(type ? { type } : {}),
            ...(status >= 400 ? { retryAfter: response.headers['retry-after'] !== undefined } : {}),
          });
        });
        response.on('error', failed);
      },
    );
    request.on('error', failed);
    request.end(body);
  });
}

/**
 * `workers` clients, each on its own keep-alive connection, each sending the next sign-up the moment the last one is
 * answered, every address new (`{prefix}-{worker}-{n}@example.com`). A worker stops when `stop()` is called, after
 * `maxPerWorker` sign-ups, after `maxMs`, and when its connection is refused, unless `retryRefused` (a server being
 * restarted): then it tries again every 20 ms.
 * @param {string} origin
 * @param {{ workers?: number, maxPerWorker?: number, maxMs?: number, prefix?: string, retryRefused?: boolean }} [options]
 */
export function signUpLoop(
  origin,
  { workers = 8, maxPerWorker = 20_000, maxMs = 60_000, prefix = 'load', retryRefused = false } = {},
) {
  const url = new URL(origin);
  /** @type {SignUpOutcome[]} */
  const outcomes = [];
  const deadline = Date.now() + maxMs;
  let stopped = false;
  /** Sign-ups answered 201, by worker, and who waits for each worker to have so many. */
  const created = Array.from({ length: workers }, () => 0);
  /** @type {{ count: number, resolve: (reached: boolean) => void }[]} */
  const waiters = [];
  const settleWaiters = (ended = false) => {
    for (const waiter of [...waiters]) {
      const reached = created.every((count) => count >= waiter.count);
      if (!reached && !ended) continue;
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(reached);
    }
  };
  const run = async (worker) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < maxPerWorker && !stopped && Date.now() < deadline; i++) {
      const outcome = await signUp(url, agent, `${prefix}-${worker}-${i}@example.com`, worker);
      outcomes.push(outcome);
      if (outcome.status === 201) {
        created[worker] += 1;
        settleWaiters();
      }
      if (outcome.error === REFUSED) {
        if (!retryRefused) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    agent.destroy();
  };
  const done = Promise.all(Array.from({ length: workers }, (_, worker) => run(worker))).then(() => {
    settleWaiters(true);
    return outcomes;
  });
  return {
    outcomes,
    done,
    /**
     * Resolves true once every worker has had `count` sign-ups answered 201 (the load is steady on every connection),
     * false when the load ended first.
     * @param {number} count
     * @returns {Promise<boolean>}
     */
    answeredByEach(count) {
      return new Promise((resolve) => {
        waiters.push({ count, resolve });
        settleWaiters();
      });
    },
    /** Stops the workers after their current request; resolves with every outcome. */
    stop() {
      stopped = true;
      return done;
    },
  };
}
