import { useEffect, useState } from 'react';

/**
 * False while React hydrates the server HTML, true right after. An island that reads shared state (a nanostore
 * another island may already have changed) must first render exactly what the server sent, or React throws a
 * hydration mismatch (#418): e.g. the footer's sign-up hydrating after the page's sign-up succeeded.
 */
export function useHasMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
