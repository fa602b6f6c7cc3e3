import { useEffect, useState } from 'react';
import { fetchTestsAt } from '../../lib/preview/abTestClient.ts';
import type { AbTest } from '../../shared/preview/schemas.ts';

/** Where loading the tests for a moment stands. */
export type TestsState = { kind: 'loading' } | { kind: 'loaded'; tests: AbTest[] } | { kind: 'failed' };

/**
 * The A/B tests running at `instant`, fetched again whenever `key` changes (the inputs, not the instant: an
 * invalid date means "now", which would change on every render). Answers that arrive late are dropped.
 */
export function useTestsAt(key: string, instant: string): TestsState {
  const [state, setState] = useState<{ key: string; value: TestsState }>({ key, value: { kind: 'loading' } });
  useEffect(() => {
    let current = true;
    fetchTestsAt(instant).then(
      (tests) => current && setState({ key, value: { kind: 'loaded', tests } }),
      () => current && setState({ key, value: { kind: 'failed' } }),
    );
    return () => {
      current = false;
    };
    // `instant` is derived from `key`; re-fetching on every new "now" would never settle.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the inputs, see above
  }, [key]);
  return state.key === key ? state.value : { kind: 'loading' };
}
