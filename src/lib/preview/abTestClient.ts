import * as v from 'valibot';
import { fetchWithTimeout } from '../http.ts';
import { abTestListSchema, type AbTest } from '../../shared/preview/schemas.ts';
import { serviceUrl } from '../../shared/routes/service.ts';
import { abTestsService } from '../../shared/routes/abTests.ts';

/** The A/B tests running at `time` (ISO 8601). Rejects on any failure, a non-2xx reply or a malformed answer. */
export async function fetchTestsAt(time: string): Promise<AbTest[]> {
  const response = await fetchWithTimeout(`${serviceUrl(abTestsService, 'testsAt')}?time=${encodeURIComponent(time)}`, {
    credentials: 'same-origin',
    cache: 'no-store',
  });
  if (!response.ok) throw new Error(`gettestsat answered ${response.status}`);
  return v.parse(abTestListSchema, await response.json());
}
