import http from 'node:http';

/** The create call of the newsletter service, as the shop pages send it. */
const SIGN_UP = '/service/newsletter/api/internal/newsletter-subscribers';

/** One sign-up as the client saw it: a full answer (status, its Connection header) or the error code instead. */
export interface SignUpOutcome {
  email: string;
  worker: number;
  status?: number;
  connection?: string;
  error?: string;
}

/** What counts as a refused connection: the server no longer listens, nothing was sent. */
export const REFUSED = 'ECONNREFUSED';

function signUp(origin: URL, agent: http.Agent, email: string, worker: number): Promise<SignUpOutcome> {
  const body = JSON.stringify({ email, consents: [] });
  return new Promise((resolve) => {
    const request = http.request(
      { host: origin.hostname, port: origin.port, method: 'POST', path: SIGN_UP, agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ email, worker, status: response.statusCode ?? 0, ...(response.headers.connection ? { connection: response.headers.connection } : {}) }));
        response.on('error', (error: NodeJS.ErrnoException) => resolve({ email, worker, error: error.code ?? error.message }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ email, worker, error: error.code ?? error.message }));
    request.end(body);
  });
}

/**
 * A steady sign-up load on loopback: `workers` clients, each on its own keep-alive connection, sending the next sign-up
 * the moment the last one is answered, every address new. A worker stops when its connection is refused (the server
 * is gone), when `stop()` is called, or after `maxPerWorker` sign-ups; `done` resolves with every outcome.
 */
export function signUpLoop(origin: string, { workers = 8, maxPerWorker = 5000, prefix = 'load' } = {}) {
  const url = new URL(origin);
  const outcomes: SignUpOutcome[] = [];
  let stopped = false;
  const run = async (worker: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let i = 0; i < maxPerWorker && !stopped; i++) {
      const outcome = await signUp(url, agent, `${prefix}-${worker}-${i}@example.com`, worker);
      outcomes.push(outcome);
      if (outcome.error === REFUSED) break;
    }
    agent.destroy();
  };
  const done = Promise.all(Array.from({ length: workers }, (_, worker) => run(worker))).then(() => outcomes);
  return {
    outcomes,
    done,
    stop: () => {
      stopped = true;
      return done;
    },
  };
}
