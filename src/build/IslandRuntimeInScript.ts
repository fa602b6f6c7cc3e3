import type { SSRResult } from 'astro';
import { createComponent, render } from 'astro/runtime/server/index.js';
import { INTERACTION_DIRECTIVE } from '../lib/hydration/interactionDirectiveName.ts';

/**
 * Renders nothing. It tells Astro that the page's island runtime (the `<astro-island>` element and the
 * `client:interaction` directive) comes from a script file (src/scripts/islands/islandRuntime.ts), so Astro writes
 * no inline bootstrap `<style>` and `<script>` before the first island. Shop pages load that file as part of their
 * one script (docs/performance.md#before-the-first-interaction); footer fragments need it because a host page's CSP
 * allows script and style files only (docs/footer.md#fragments). Place it before the first island.
 */
const IslandRuntimeInScript = createComponent((result: SSRResult) => {
  result._metadata.hasHydrationScript = true;
  result._metadata.hasDirectives.add(INTERACTION_DIRECTIVE);
  return render``;
});

export default IslandRuntimeInScript;
