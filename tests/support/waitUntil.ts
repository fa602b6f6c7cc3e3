/**
 * Waits until `enough()` holds or `ms` have passed, and answers whether it holds. A load test's "wait for N answers"
 * that can end: on a starved machine the load may stop at its own deadline first, and a bare loop would spin until the
 * test's time-out without saying what it saw.
 */
export async function waitUntil(enough: () => boolean, ms: number, pollMs = 10): Promise<boolean> {
  const end = Date.now() + ms;
  while (!enough()) {
    if (Date.now() >= end) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return true;
}
