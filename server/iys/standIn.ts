import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { ServerConfig } from '../../src/shared/config.ts';
import { iysStandInService } from '../../src/shared/routes.ts';

/** Consents the stand-in keeps for tests and a look in the debugger; older ones are dropped (docs/constants.md#limits). */
export const IYS_STAND_IN_KEPT_CONSENTS = 1000;

/** The values İYS documents for the fields of one consent. */
const allowed = {
  recipientType: new Set(['BIREYSEL', 'TACIR']),
  type: new Set(['ARAMA', 'MESAJ', 'EPOSTA']),
  source: new Set([
    'HS_FIZIKSEL_ORTAM',
    'HS_ISLAK_IMZA',
    'HS_WEB',
    'HS_CAGRI_MERKEZI',
    'HS_SOSYAL_MEDYA',
    'HS_EPOSTA',
    'HS_MESAJ',
    'HS_MOBIL',
    'HS_EORTAM',
    'HS_ETKINLIK',
    'HS_2015',
    'HS_ATM',
    'HS_KARAR',
  ]),
  status: new Set(['ONAY', 'RET']),
} as const;

/** One consent the stand-in accepted. */
export interface ReceivedConsent {
  iysCode: string;
  brandCode: string;
  requestId: string;
  body: Record<string, unknown>;
}

/** The stand-in İYS: its routes, what it accepted, and a test-only switch that makes it answer 503. */
export interface IysStandIn {
  routes: Hono;
  /** Consents accepted, oldest first. */
  received: ReceivedConsent[];
  /** Test-only: while true, every consent call answers 503 (İYS busy). Not reachable over HTTP. */
  setBusy(busy: boolean): void;
}

/** An İYS-like error answer: `{ errors: [{ code, message, location }] }`; the codes are the stand-in's own. */
function iysError(c: Context, status: 400 | 401 | 403 | 503, code: string, message: string, location?: string) {
  return c.json({ errors: [{ code, message, ...(location ? { location: [location] } : {}) }] }, status);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function jsonObject(c: Context): Promise<Record<string, unknown> | undefined> {
  const body = (await c.req.json().catch(() => undefined)) as unknown;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

/** The first field of a consent body that İYS would refuse, with why; undefined when it is well formed. */
function consentProblem(body: Record<string, unknown>, now: Date): [field: string, message: string] | undefined {
  for (const field of ['recipientType', 'type', 'source', 'status'] as const) {
    const value = body[field];
    if (typeof value !== 'string' || !allowed[field].has(value)) return [field, `${field} is missing or not allowed`];
  }
  const date = body.consentDate;
  if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(date))
    return ['consentDate', 'consentDate must be YYYY-MM-DD HH:mm:ss'];
  const instant = Date.parse(`${date.replace(' ', 'T')}+03:00`);
  if (Number.isNaN(instant)) return ['consentDate', 'consentDate is not a date'];
  if (instant > now.getTime() + 60_000) return ['consentDate', 'consentDate lies in the future'];
  const recipient = body.recipient;
  if (typeof recipient !== 'string' || (body.type === 'EPOSTA' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(recipient)))
    return ['recipient', 'recipient is not an e-mail address'];
  return undefined;
}

/**
 * A stand-in of İYS's API (docs/calls.md#iys-stand-in) with its documented paths and answers: `POST /oauth2/token`
 * with the configured username and password (grant_type `password`) answers a bearer token; `POST
 * /sps/{iysCode}/brands/{brandCode}/consents` with that token, the configured codes and a well-formed consent answers
 * 200 `{ requestId }`; 400 with İYS-like error JSON on bad input, 401 without a valid token, 403 for another
 * sender's codes. Tokens and consents live in memory only.
 */
export function iysStandIn(settings: ServerConfig['iys'], now: () => Date = () => new Date()): IysStandIn {
  const tokens = new Set<string>();
  const received: ReceivedConsent[] = [];
  let busy = false;
  const routes = new Hono();
  const { calls } = iysStandInService;

  routes.post(calls.token.path, async (c) => {
    const body = await jsonObject(c);
    if (
      !body ||
      body.grant_type !== 'password' ||
      typeof body.username !== 'string' ||
      typeof body.password !== 'string'
    )
      return iysError(c, 400, 'INVALID_REQUEST', 'username, password and grant_type password are required');
    if (!sameText(body.username, settings.username) || !sameText(body.password, settings.password))
      return iysError(c, 401, 'INVALID_GRANT', 'username or password is wrong');
    const token = randomBytes(24).toString('base64url');
    if (tokens.size >= IYS_STAND_IN_KEPT_CONSENTS) tokens.clear();
    tokens.add(token);
    return c.json({ access_token: token, token_type: 'bearer', expires_in: 7200 });
  });

  routes.post(calls.addConsent.path, async (c) => {
    const bearer = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    if (!bearer || !tokens.has(bearer)) return iysError(c, 401, 'UNAUTHORIZED', 'a valid bearer token is required');
    const iysCode = c.req.param('iysCode');
    const brandCode = c.req.param('brandCode');
    if (iysCode !== settings.iysCode || brandCode !== settings.brandCode)
      return iysError(c, 403, 'FORBIDDEN', 'this login may not act for that İYS code and brand code');
    if (busy) return iysError(c, 503, 'SERVICE_UNAVAILABLE', 'İYS is busy, try again later');
    const body = await jsonObject(c);
    if (!body) return iysError(c, 400, 'INVALID_REQUEST', 'the body must be a JSON object');
    const problem = consentProblem(body, now());
    if (problem) return iysError(c, 400, 'INVALID_FIELD', problem[1], problem[0]);
    const requestId = randomUUID();
    received.push({ iysCode, brandCode, requestId, body });
    if (received.length > IYS_STAND_IN_KEPT_CONSENTS) received.shift();
    return c.json({ requestId });
  });

  return {
    routes,
    received,
    setBusy(value) {
      busy = value;
    },
  };
}
