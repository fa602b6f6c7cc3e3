/**
 * Dispatched (bubbling) from inside an island when React has committed its hydration. Astro's own `astro:hydrate`
 * comes earlier: React hydrates in a transition, and a submit React has not adopted yet would go to the browser.
 */
export const ISLAND_HYDRATED_EVENT = 'island-hydrated';
