/**
 * The Content-Security-Policy of a page, shared by the local server (response header) and the build
 * (`_headers` for CDNs). Astro writes each page's script and style hashes into a `<meta>` CSP; a header adds
 * what a `<meta>` cannot carry (`frame-ancestors`) and the base directives.
 */
const META_CSP = /<meta http-equiv="content-security-policy" content="([^"]*)"/i;

/** Directives every response gets; `frame-ancestors` only works as a header. */
export const baseDirectives = [
  "default-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** The page's own directives (from its `<meta>` CSP) followed by the base directives it does not override. */
export function pagePolicy(html: string): string {
  return withBaseDirectives(META_CSP.exec(html)?.[1] ?? '');
}

/**
 * A page's own policy (Astro's: a `<meta>` in static pages, a header in on-demand renders) followed by the base
 * directives it does not override.
 */
export function withBaseDirectives(policy: string): string {
  const pageDirectives = policy
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean);
  const named = new Set(pageDirectives.map((d) => d.split(/\s+/)[0]));
  return [...pageDirectives, ...baseDirectives.filter((d) => !named.has(d.split(/\s+/)[0]))].join('; ');
}

/** The CSP source of an inline script or style (`sha256-…`), for `Astro.csp.insertScriptHash`/`insertStyleHash`. */
export async function cspHash(text: string): Promise<`sha256-${string}`> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `sha256-${Buffer.from(digest).toString('base64')}`;
}
