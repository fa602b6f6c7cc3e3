// `npm run build -- --stop-with-parent`: the build's watch on the server that started it.

/** How often the build checks that the server that started it is still there (docs/constants.md#timings). */
export const PARENT_CHECK_MS = 200;

/**
 * `--stop-with-parent` (the server's publisher passes it): once the server that started this build is gone (killed
 * with -9, so it could not stop us), the build stops with its Astro child, before it switches anything; the restarted
 * server builds again (docs/calls.md#when-it-builds). Returns the check the builder makes right before each switch.
 */
export function stopWithParent() {
  const parent = process.ppid;
  const orphaned = () => process.ppid !== parent;
  setInterval(() => {
    if (!orphaned()) return;
    console.error('The server that started this build is gone: the build stops, and the live release stays as it is.');
    try {
      process.kill(-process.pid, 'SIGKILL'); // The publisher starts us as a process group leader: Astro goes too.
    } catch {
      process.exit(1);
    }
  }, PARENT_CHECK_MS).unref();
  return () => !orphaned();
}
