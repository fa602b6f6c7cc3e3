// The island runtime as a script file, in place of the inline bootstrap Astro writes before a page's first island
// (src/build/IslandRuntimeInScript.ts): first the `client:interaction` directive, then the
// `<astro-island>` element, which looks the directive up as soon as it is defined (imports run in order).
import './registerInteractionDirective.ts';
import 'astro/runtime/server/astro-island.js';
