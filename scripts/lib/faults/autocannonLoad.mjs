// The throughput half of `npm run faults`: autocannon against a running server on loopback, for a fixed time, with
// requests/s, latency percentiles and errors; sign-ups carry a new address each and come from several client
// addresses (X-Forwarded-For, with the server started with TRUST_PROXY and a raised sign-up limit).
import autocannon from 'autocannon';
import { serviceUrl, services } from '../../../src/shared/routes.ts';

const SIGN_UP = serviceUrl(services.newsletter, 'createSubscriber');

/** The figures of one run, as the report keeps them. */
function figures(result, extra = {}) {
  return {
    seconds: result.duration,
    requests: result.requests.total,
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    /** Answers per status code, e.g. `{ 201: 2000, 503: 40 }`. */
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
    ...extra,
  };
}

/**
 * Sign-ups for `seconds` over `connections` connections from `clients` client addresses (10.0.0.1, 10.0.0.2, …).
 * Resolves with the figures and the addresses that were answered 201.
 * @param {{ origin: string, seconds: number, connections?: number, clients?: number, prefix: string }} options
 */
export async function signUpLoad({ origin, seconds, connections = 10, clients = 50, prefix }) {
  const created = [];
  let sequence = 0;
  const result = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: SIGN_UP,
        setupRequest(request, context) {
          sequence += 1;
          context.email = `${prefix}-${sequence}@example.com`;
          request.headers = {
            'content-type': 'application/json',
            'x-forwarded-for': `10.0.0.${(sequence % clients) + 1}`,
          };
          request.body = JSON.stringify({ email: context.email, consents: [] });
          return request;
        },
        onResponse(status, _body, context) {
          if (status === 201) created.push(context.email);
        },
      },
    ],
  });
  return { figures: figures(result, { created: created.length }), created };
}

/**
 * GETs of one page for `seconds` over `connections` connections.
 * @param {{ origin: string, path: string, seconds: number, connections?: number }} options
 */
export async function pageLoad({ origin, path, seconds, connections = 10 }) {
  const result = await autocannon({
    url: origin + path,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'gzip' },
  });
  return figures(result, { ok: result['2xx'] });
}

/**
 * The sign-up load split over several instances at once, as a load balancer spreads it (`connections` each): the
 * requests/s together, the slower instance's latencies, the errors and the addresses answered 201 on any of them.
 * @param {{ origins: string[], seconds: number, connections?: number, prefix: string }} options
 */
export async function signUpLoadOver({ origins, seconds, connections = 5, prefix }) {
  const loads = await Promise.all(
    origins.map((origin, index) => signUpLoad({ origin, seconds, connections, prefix: `${prefix}${index}` })),
  );
  const all = loads.map((load) => load.figures);
  const total = (pick) => all.reduce((sum, one) => sum + pick(one), 0);
  const created = loads.flatMap((load) => load.created);
  return {
    figures: {
      requestsPerSecond: total((one) => one.requestsPerSecond),
      latencyMs: {
        p50: Math.max(...all.map((one) => one.latencyMs.p50)),
        p99: Math.max(...all.map((one) => one.latencyMs.p99)),
      },
      errors: total((one) => one.errors),
      non2xx: total((one) => one.non2xx),
      statusCodes: sumCounts(all.map((one) => one.statusCodes)),
      created: created.length,
    },
    created,
  };
}

/** Counts per key, added up. */
function sumCounts(counts) {
  const sum = {};
  for (const one of counts) for (const [key, count] of Object.entries(one)) sum[key] = (sum[key] ?? 0) + count;
  return sum;
}
