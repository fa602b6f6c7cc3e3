import { postJson } from '../../lib/http.ts';
import { LOGIN_TOKEN_HEADER } from '../../shared/auth/loginCookie.ts';
import { serviceUrl } from '../../shared/routes/service.ts';
import { loginService } from '../../shared/routes/login.ts';

/**
 * Asks the login service to renew `token` (empty JSON body, CSRF header; docs/calls.md#login-token-renewal).
 * Resolves with the HTTP status, or undefined when there was no answer (network failure or timeout).
 */
export async function requestTokenRenewal(token: string): Promise<number | undefined> {
  try {
    const response = await postJson(
      serviceUrl(loginService, 'renewLoginToken'),
      {},
      { headers: { [LOGIN_TOKEN_HEADER]: token } },
    );
    return response.status;
  } catch {
    return undefined;
  }
}
