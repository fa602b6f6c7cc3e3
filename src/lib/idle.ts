/**
 * Runs `task` once the main thread is idle (`requestIdleCallback`; at most `timeoutMs` later when given), or on the
 * next task where the browser has no idle callbacks (WebKit).
 */
export function whenIdle(task: () => void, timeoutMs?: number, win: Window = window): void {
  if (typeof win.requestIdleCallback === 'function')
    win.requestIdleCallback(() => task(), timeoutMs === undefined ? undefined : { timeout: timeoutMs });
  else win.setTimeout(task, 0);
}
