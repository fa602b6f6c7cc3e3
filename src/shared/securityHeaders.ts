/**
 * The security headers, one list for the local server (server/edge/securityHeaders.ts) and for the CDN's `_headers`
 * file (src/build/integrations/headersFile.ts), so the two cannot drift apart. The CSP is per page (src/shared/csp.ts).
 * See docs/security.md#headers.
 */

/** On every response: no type sniffing, so a file is only ever what its `Content-Type` says. */
export const everyResponseHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
};

/**
 * Headers that only mean something on a document (a page, or anything a browser may show as one): who may frame it,
 * what it may use, what it sends as referrer, which window group it opens in. Scripts, styles, fonts and raster
 * images do without them (`isLeanAsset`): on a page's first request every byte counts.
 */
export const documentOnlyHeaders: Readonly<Record<string, string>> = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * HSTS, sent only over https (on plain http browsers ignore it, and localhost must stay reachable on http), with the
 * document headers: every visit starts with a document. Two years with subdomains, the value hstspreload.org asks for.
 */
export const strictTransportSecurity: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
};

/** Scripts, styles, fonts and raster images. SVG is not among them: a browser opens an SVG as a document that can run script. */
const LEAN_ASSET = /^(?:text\/javascript|application\/javascript|text\/css|font\/|image\/(?!svg\+xml))/i;

/**
 * Whether a response with this `Content-Type` is an asset a browser never shows as a document, which gets only the
 * headers that concern it (`everyResponseHeaders`, its type, caching, `Vary`) and none of `documentOnlyHeaders` or
 * the CSP. Anything else counts as a document (pages, SVG, JSON, text, unknown types).
 */
export function isLeanAsset(contentType: string | null | undefined): boolean {
  return LEAN_ASSET.test(contentType ?? '');
}
