/**
 * Name of the project's own hydration directive, `client:interaction` (src/lib/hydration/interactionDirective.ts):
 * the build registers it under this name, the page's island runtime installs it where `<astro-island>` looks for it,
 * and a built island names it in its `client` attribute.
 */
export const INTERACTION_DIRECTIVE = 'interaction';
