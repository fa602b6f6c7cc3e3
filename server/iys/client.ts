import type { ServerConfig } from '../../src/shared/config.ts';
import { iysConsentDate } from './iysTimes.ts';
import type { IysStatus } from './syncQueue.ts';

/** How long one İYS call may take before it counts as a network error (docs/constants.md#timings). */
export const IYS_REQUEST_TIMEOUT_MS = 15_000;

/** One consent or withdrawal as the client sends it. */
export interface IysConsent {
  recipient: string;
  status: IysStatus;
  /** The instant of the consent or withdrawal; sent as Istanbul wall-clock time. */
  at: Date;
}

/**
 * İYS's answer, sorted by what the worker does with it: `accepted` (200, with its request id), `retry` (5xx, 429,
 * network error, timeout: İYS is busy or unreachable), `refused` (any other 4xx: the request itself is wrong).
 */
export type IysOutcome =
  { kind: 'accepted'; requestId: string } | { kind: 'retry'; error: string } | { kind: 'refused'; error: string };

/** Where and as whom the client talks to İYS; `url` is the API's base, e.g. `https://api.iys.org.tr`. */
export type IysClientSettings = Omit<ServerConfig['iys'], 'url'> & { url: string };

/** The body İYS's `POST /sps/{iysCode}/brands/{brandCode}/consents` takes for one e-mail consent from the web form. */
export function consentBody(consent: IysConsent) {
  return {
    recipientType: 'BIREYSEL',
    type: 'EPOSTA',
    source: 'HS_WEB',
    status: consent.status,
    consentDate: iysConsentDate(consent.at),
    recipient: consent.recipient,
  } as const;
}

/** A short, loggable description of an answer: status and at most 300 characters of its body (never the token). */
async function describe(response: Response): Promise<string> {
  const text = (await response.text().catch(() => '')).slice(0, 300);
  return `HTTP ${response.status}${text ? ` ${text}` : ''}`;
}

/** Whether İYS may take the same request later: it is busy (429) or failing (5xx). */
function isTransient(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * The İYS API client (docs/calls.md#iys-stand-in): logs in with `POST /oauth2/token` (grant_type `password`) when
 * it has no token, sends one consent with `POST /sps/{iysCode}/brands/{brandCode}/consents`, and logs in again once
 * when İYS answers 401 (an expired token). Never throws: every failure is an outcome.
 */
export function iysClient(settings: IysClientSettings, fetchImpl: typeof fetch = fetch) {
  const base = settings.url.replace(/\/+$/, '');
  let token: string | undefined;

  async function call(path: string, body: unknown, bearer?: string): Promise<Response> {
    return fetchImpl(base + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(bearer ? { authorization: `Bearer ${bearer}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(IYS_REQUEST_TIMEOUT_MS),
    });
  }

  async function logIn(): Promise<IysOutcome | undefined> {
    const response = await call('/oauth2/token', {
      username: settings.username,
      password: settings.password,
      grant_type: 'password',
    });
    if (!response.ok) {
      const error = `login: ${await describe(response)}`;
      return isTransient(response.status) ? { kind: 'retry', error } : { kind: 'refused', error };
    }
    const answer = (await response.json().catch(() => ({}))) as { access_token?: unknown };
    if (typeof answer.access_token !== 'string') return { kind: 'retry', error: 'login: no access_token in answer' };
    token = answer.access_token;
    return undefined;
  }

  async function send(consent: IysConsent, mayLogInAgain: boolean): Promise<IysOutcome> {
    if (!token) {
      const problem = await logIn();
      if (problem) return problem;
    }
    const path = `/sps/${encodeURIComponent(settings.iysCode)}/brands/${encodeURIComponent(settings.brandCode)}/consents`;
    const response = await call(path, consentBody(consent), token);
    if (response.status === 401 && mayLogInAgain) {
      token = undefined;
      return send(consent, false);
    }
    if (response.ok) {
      const answer = (await response.json().catch(() => ({}))) as { requestId?: unknown };
      if (typeof answer.requestId === 'string') return { kind: 'accepted', requestId: answer.requestId };
      return { kind: 'retry', error: 'HTTP 200 without a requestId' };
    }
    const error = await describe(response);
    return isTransient(response.status) ? { kind: 'retry', error } : { kind: 'refused', error };
  }

  return {
    /** Registers one consent or withdrawal with İYS. */
    async register(consent: IysConsent): Promise<IysOutcome> {
      try {
        return await send(consent, true);
      } catch (error) {
        return { kind: 'retry', error: `network: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
  };
}

/** A client of the İYS API. */
export type IysClient = ReturnType<typeof iysClient>;
