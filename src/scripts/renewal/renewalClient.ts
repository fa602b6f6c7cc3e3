import { postJson } from '../../lib/http.ts';
import { LOGIN_TOKEN_HEADER } from '../../shared/auth/loginToken.ts';

/** Login service path that renews the shopper's login token (docs/calls.md#login-token-renewal). */
export const LOGIN_TOKEN_RENEW_URL = '/service/login/api/v1/logintoken/renew';

/**
 * Asks the login service to renew `token` (empty JSON body, CSRF header; docs/calls.md#login-token-renewal).
 * Resolves with the HTTP status, or undefined when there was no answer (network failure or timeout).
 */
export async function requestTokenRenewal(token: string): Promise<number | undefined> {
  try {
    const response = await postJson(LOGIN_TOKEN_RENEW_URL, {}, { headers: { [LOGIN_TOKEN_HEADER]: token } });
    return response.status;
  } catch {
    return undefined;
  }
}
