/**
 * Attribute of a `client:interaction` island listing, space-separated, the URL of every module file its component
 * and renderer need; the build writes it (src/build/integrations/islandModuleGraphs.ts).
 */
export const ISLAND_MODULES_ATTRIBUTE = 'data-island-modules';

const requested = new Set<string>();

/**
 * Starts fetching every module file `island` needs, all at once, as `<link rel="modulepreload">` (fetched and
 * parsed, not run): the import that hydrates it then finds them on the way and waits for one round trip, not for a
 * chain of imports (docs/performance.md#after-the-first-interaction). Each file is requested once per page; an island
 * without the attribute (a staff preview render) loads as before.
 */
export function preloadIslandModules(island: Element, doc: Document = document): void {
  for (const url of (island.getAttribute(ISLAND_MODULES_ATTRIBUTE) ?? '').split(' ')) {
    if (url === '' || requested.has(url)) continue;
    requested.add(url);
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    doc.head.append(link);
  }
}
