import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates the server HTML (and on the server), true right after. An island that reads shared state
 * (a nanostore another island may already have changed) must first render exactly what the server sent, or React
 * throws a hydration mismatch (#418): e.g. the footer's sign-up hydrating after the page's sign-up succeeded.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
