import type { LoginTokenClaims } from '../../shared/auth/loginToken.ts';
import { readTokenPayload } from '../../shared/auth/tokenPayload.ts';

/**
 * The claims of a login token as the browser needs them to schedule renewal (docs/preview.md#login-token), with a
 * few plain checks: the page reads them at idle, before any interaction, where the schema library must not load
 * (docs/performance.md#before-the-first-interaction). Accepts exactly what the services' schema accepts
 * (src/shared/auth/loginToken.ts; a property test compares the two).
 */
export function readLoginTokenTimes(token: string | undefined): LoginTokenClaims | undefined {
  const payload = readTokenPayload(token);
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const { lid, exp, ren } = payload as Record<string, unknown>;
  if (typeof lid !== 'string' || lid === '' || !Number.isInteger(exp) || !Number.isInteger(ren)) return undefined;
  return { lid, exp: exp as number, ren: ren as number };
}
