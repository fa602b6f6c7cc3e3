// How deep a page's script requests are chained: a request made by a script that was itself requested in the same
// stretch waits for that one first. Depth 1 means nothing waited for anything (docs/performance.md#after-the-first-interaction).

/**
 * The URL that made a request, from a CDP `Network.Initiator`: the importing module for a static import, the script
 * on top of the stack for a request made by code (a dynamic import, an inserted `<link rel="modulepreload">`).
 * @param {{ url?: string, stack?: { callFrames?: { url: string }[] } }} initiator
 */
export function initiatorUrl(initiator) {
  return initiator.url || initiator.stack?.callFrames?.find((frame) => frame.url)?.url || '';
}

/**
 * The longest chain among `requests`: each request is one deeper than the request of its initiator when that is
 * among them, else 1. 0 for no requests.
 * @param {{ url: string, initiator: string }[]} requests
 */
export function chainDepth(requests) {
  const byUrl = new Map(requests.map((request) => [request.url, request]));
  const depths = new Map();
  const depthOf = (request, seen = new Set()) => {
    if (depths.has(request.url)) return depths.get(request.url);
    const parent = byUrl.get(request.initiator);
    const depth = parent && !seen.has(parent.url) ? 1 + depthOf(parent, new Set([...seen, request.url])) : 1;
    depths.set(request.url, depth);
    return depth;
  };
  return requests.reduce((deepest, request) => Math.max(deepest, depthOf(request)), 0);
}
