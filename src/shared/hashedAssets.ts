/**
 * The folder of Astro's hashed files (`build.assets` in astro.config.mjs): their names change with their content, so
 * they are cached for a year and may be precompressed (docs/performance.md#compression).
 */
export const HASHED_ASSETS = '_astro';
