const interactions = ['pointerdown', 'focusin', 'keydown', 'touchstart'] as const;

/**
 * Runs `task` once, when the browser is idle after the page has loaded (at most 2 s after load), so that nothing but
 * the head script's decisions competes with the first paint. If the shopper interacts inside one of `earlyFor`
 * before that, the task runs right then, before the click or key it was meant for is handled.
 */
export function startWhenIdle(task: () => void, earlyFor: readonly Element[] = []): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    for (const element of earlyFor) for (const type of interactions) element.removeEventListener(type, run, true);
    task();
  };
  for (const element of earlyFor) for (const type of interactions) element.addEventListener(type, run, { capture: true, passive: true });
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 2000 });
    else setTimeout(run, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
