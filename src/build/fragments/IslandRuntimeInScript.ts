import type { SSRResult } from 'astro';
import { createComponent, render } from 'astro/runtime/server/index.js';

/**
 * Renders nothing. It tells Astro that the page's island runtime (the `<astro-island>` element and the
 * `client:interaction` directive) comes from a script file, so Astro writes no inline bootstrap `<style>` and
 * `<script>` before the first island. Footer fragments need that: a host page's CSP allows script and style files
 * only, and the fragment's own script loads the runtime (src/scripts/footer/fragmentRuntime.ts). Place it before
 * the first island. See docs/footer.md#fragments.
 */
const IslandRuntimeInScript = createComponent((result: SSRResult) => {
  result._metadata.hasHydrationScript = true;
  result._metadata.hasDirectives.add('interaction');
  return render``;
});

export default IslandRuntimeInScript;
