import { useLayoutEffect, useRef } from 'react';
import { adoptLiveValues } from './adoptLiveValues.ts';
import { ISLAND_HYDRATED_EVENT } from './islandHydratedEvent.ts';

/**
 * Every island hydrated with `client:interaction` calls this. At the hydration commit, before React renders again or
 * the browser paints, it adopts what was typed into the server-rendered fields, then tells the directive that React
 * now handles the island's events (it replays a submit it held). `findRoot` returns the element holding the fields.
 */
export function useAdoptLiveValues(findRoot: () => Element | null): void {
  // Only once, at the hydration commit; later typing reaches React through its own listeners.
  const findAtHydration = useRef(findRoot);
  useLayoutEffect(() => {
    const root = findAtHydration.current();
    if (!root) return;
    adoptLiveValues(root);
    root.dispatchEvent(new Event(ISLAND_HYDRATED_EVENT, { bubbles: true }));
  }, []);
}
