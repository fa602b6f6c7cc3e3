/**
 * How the shop's islands hydrate. Production builds leave `ISLANDS` unset: `interaction`, on the first pointerdown,
 * focus, key or touch inside the island. The benchmark also builds `ISLANDS=visible` (`client:visible`) and
 * `ISLANDS=eager` (`client:load`) to measure, on the same code, what hydrating later saves.
 */
export type IslandMode = 'interaction' | 'visible' | 'eager';

const requested = process.env.ISLANDS;
export const islandMode: IslandMode = requested === 'eager' || requested === 'visible' ? requested : 'interaction';
