/**
 * `ISLANDS=eager` builds every island with `client:load` instead of `client:visible`, so the benchmark can
 * measure what lazy hydration saves, side by side, on the same code. Production builds leave it unset.
 */
export const eagerIslands = process.env.ISLANDS === 'eager';
