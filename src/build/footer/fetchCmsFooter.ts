import { CallError, fetchWithTimeout, REQUEST_TIMEOUT_MS } from '../../lib/http.ts';
import type { Shop } from '../../shared/countries.ts';
import { serviceUrl, services } from '../../shared/routes.ts';

/** Path of the footer content in the promotion service (docs/calls.md#promotion). */
const FOOTER_PROMOTION_PATH = serviceUrl(services.promotion, 'promotion', { name: 'SHOP_FOOTER' });

/**
 * The raw (unvalidated) content and the CMS version it is (from the answer's entity tag, when it names one), or why
 * there is none.
 */
export type CmsAnswer = { ok: true; raw: unknown; version?: number } | { ok: false; reason: string };

/**
 * The version number of an entity tag such as `"7"` (weak, `W/"7"`, once compressed); undefined for any other tag (a
 * CMS may tag differently).
 */
export function versionOfEntityTag(tag: string | null): number | undefined {
  const match = /^(?:W\/)?"(\d{1,15})"$/.exec(tag ?? '');
  return match ? Number(match[1]) : undefined;
}

/**
 * Fetches a shop's footer content (of an A/B group, when `abTarget` names one) from the promotion service and unwraps
 * `contentJSON`. Never throws: every failure
 * (no answer, timeout, 404, other status, invalid JSON) becomes a reason the build can print and act on.
 */
export async function fetchCmsFooter(
  origin: string,
  shop: Shop,
  timeoutMs = REQUEST_TIMEOUT_MS,
  abTarget?: { test: string; group: string },
): Promise<CmsAnswer> {
  // An A/B variant asks for its group's version (docs/calls.md#promotion).
  const query = abTarget ? `?${new URLSearchParams({ abTest: abTarget.test, abGroup: abTarget.group })}` : '';
  let response: Response;
  try {
    response = await fetchWithTimeout(
      `${origin}${FOOTER_PROMOTION_PATH}${query}`,
      // Credentials and an empty referrer (docs/calls.md#promotion). The `site` header names the shop.
      {
        credentials: 'include',
        referrer: '',
        referrerPolicy: 'no-referrer',
        headers: { site: shop.code, accept: 'application/json' },
      },
      timeoutMs,
    );
  } catch (error) {
    if (error instanceof CallError && error.failure === 'timeout')
      return { ok: false, reason: `the promotion service did not answer within ${timeoutMs} ms` };
    return { ok: false, reason: `the promotion service could not be reached at ${origin}` };
  }
  if (response.status === 404)
    return { ok: false, reason: 'the promotion service has no SHOP_FOOTER for this shop (404)' };
  if (!response.ok) return { ok: false, reason: `the promotion service answered HTTP ${response.status}` };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return { ok: false, reason: 'the promotion service answered with invalid JSON' };
  }
  const contentJSON = (body as { contentJSON?: unknown } | null)?.contentJSON;
  if (typeof contentJSON !== 'string') return { ok: false, reason: 'the answer has no contentJSON string' };
  const version = versionOfEntityTag(response.headers.get('etag'));
  try {
    return { ok: true, raw: JSON.parse(contentJSON), ...(version === undefined ? {} : { version }) };
  } catch (error) {
    return { ok: false, reason: `contentJSON is not valid JSON (${(error as Error).message})` };
  }
}
