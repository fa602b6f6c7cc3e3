import { readBuildConfig, type BuildConfig } from '../shared/config.ts';

/**
 * How the shop's islands hydrate. Production builds leave `ISLANDS` unset: `interaction`, on the first pointerdown,
 * focus, key or touch inside the island. The benchmark also builds `ISLANDS=visible` (`client:visible`) and
 * `ISLANDS=eager` (`client:load`) to measure, on the same code, what hydrating later saves.
 */
export type IslandMode = BuildConfig['ISLANDS'];

export const islandMode: IslandMode = readBuildConfig().ISLANDS;
