import interactionDirective from '../../lib/hydration/interactionDirective.ts';
import { INTERACTION_DIRECTIVE } from '../../lib/hydration/interactionDirectiveName.ts';

// What Astro's inline bootstrap does on its own pages: register the directive where `<astro-island>` looks for it.
// A module of its own, so it runs before the island element is defined (imports run in order).
const astro = ((self as { Astro?: Record<string, unknown> }).Astro ??= {});
astro[INTERACTION_DIRECTIVE] = interactionDirective;
window.dispatchEvent(new Event(`astro:${INTERACTION_DIRECTIVE}`));
