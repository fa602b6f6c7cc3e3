import { whenIdle } from '../lib/idle.ts';
import { interactionEvents as interactions } from '../lib/interactionEvents.ts';

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
  for (const element of earlyFor)
    for (const type of interactions) element.addEventListener(type, run, { capture: true, passive: true });
  const afterLoad = () => whenIdle(run, 2000);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}
