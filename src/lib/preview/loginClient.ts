import { postJson } from '../http.ts';
import type { LoginRequest, loginResults } from '../../shared/preview/schemas.ts';
import { serviceUrl } from '../../shared/routes/service.ts';
import { loginService } from '../../shared/routes/login.ts';

/** Login service path (docs/calls.md#login). */
export const LOGIN_URL = serviceUrl(loginService, 'login');

/** Result of a login (docs/preview.md#staff-login). */
export type LoginResult = (typeof loginResults)[number];

/**
 * Posts the credentials as JSON with the CSRF header (docs/calls.md#login): 2xx is SUCCESS, 400/401/403 UNAUTHORIZED,
 * anything else (5xx, no answer, timeout) SERVICE_UNAVAILABLE.
 */
export async function login(credentials: LoginRequest): Promise<LoginResult> {
  try {
    const response = await postJson(LOGIN_URL, credentials);
    if (response.ok) return 'SUCCESS';
    return [400, 401, 403].includes(response.status) ? 'UNAUTHORIZED' : 'SERVICE_UNAVAILABLE';
  } catch {
    return 'SERVICE_UNAVAILABLE';
  }
}
