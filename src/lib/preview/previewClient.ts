import * as v from 'valibot';
import { fetchWithTimeout } from '../http.ts';
import {
  checkAuthResponseSchema,
  type CheckAuthResponse,
  type PreviewSelection,
} from '../../shared/preview/schemas.ts';
import { serviceUrl } from '../../shared/routes/service.ts';
import { previewService } from '../../shared/routes/preview.ts';

/** How often the panel renews the staff login while it lives (docs/preview.md#staff-session). */
export const PREVIEW_LOGIN_RENEW_INTERVAL_MS = 300_000;

const init: RequestInit = { credentials: 'same-origin', cache: 'no-store' };

/** The staff session's status and preview state; undefined when the check fails or the answer is malformed. */
export async function checkAuth(): Promise<CheckAuthResponse | undefined> {
  try {
    const response = await fetchWithTimeout(serviceUrl(previewService, 'checkAuth'), init);
    const result = v.safeParse(checkAuthResponseSchema, await response.json());
    return result.success ? result.output : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Applies a preview date-time and A/B selection. A GET cannot carry a body, so the date-time travels as the query
 * parameter `previewDateTime`. True when the service answered with a success status.
 */
export async function applyPreview(selection: PreviewSelection, previewDateTime: string): Promise<boolean> {
  const query = new URLSearchParams({ test: selection.test, group: selection.group, previewDateTime });
  try {
    return (await fetchWithTimeout(`${serviceUrl(previewService, 'applyPreview')}?${query}`, init)).ok;
  } catch {
    return false;
  }
}

/** Ends the staff session; failures are ignored (docs/errors.md#silent-failures). */
export async function logout(): Promise<void> {
  try {
    await fetchWithTimeout(serviceUrl(previewService, 'logout'), init);
  } catch {
    // Logging out is best effort: the panel goes away either way.
  }
}

/** Keeps the staff session alive; failures are ignored (the next check-auth tells the truth). */
export async function renewPreviewLogin(): Promise<void> {
  try {
    await fetchWithTimeout(serviceUrl(previewService, 'renewLogin'), init);
  } catch {
    // Nothing to tell staff: the next renewal tries again.
  }
}
