import { whenIdle } from '../idle.ts';

/** A pointer moving over the island or a finger touching it: signs that somebody is about to use it. */
const intentEvents = ['pointerover', 'touchstart'] as const;
/** Share of the e-mail field that must be visible for it to count as in view. */
const IN_VIEW_RATIO = 0.5;

/** Whether the browser says the shopper asked to save data (Network Information API; only Chromium has it). */
function savesData(win: Window): boolean {
  return (win.navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * Calls `onIntent` once, on the first sign that somebody is about to use `island`, before they do
 * (docs/performance.md#after-the-first-interaction): a pointer over it, a finger on it, or its e-mail field scrolled
 * into view, counted when the main thread is next idle and never when the browser asks to save data. A field that
 * is in view from the start is no sign: only scrolling it in is. Returns a function that stops watching.
 */
export function watchIntent(island: HTMLElement, onIntent: () => void, win: Window = window): () => void {
  let done = false;
  let wasOutOfView = false;
  const field = island.querySelector('input[type="email"]');
  const observer =
    field && !savesData(win) && typeof IntersectionObserver === 'function'
      ? new IntersectionObserver(
          (entries) => {
            const inView = entries[entries.length - 1]!.intersectionRatio >= IN_VIEW_RATIO;
            if (!inView) wasOutOfView = true;
            else if (wasOutOfView) whenIdle(fire, undefined, win);
          },
          { threshold: IN_VIEW_RATIO },
        )
      : undefined;
  function stop() {
    done = true;
    for (const type of intentEvents) island.removeEventListener(type, fire, true);
    observer?.disconnect();
  }
  function fire() {
    if (done) return;
    stop();
    onIntent();
  }
  for (const type of intentEvents) island.addEventListener(type, fire, { capture: true, passive: true });
  if (field) observer?.observe(field);
  return stop;
}
