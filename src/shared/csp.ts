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
  const meta = META_CSP.exec(html)?.[1] ?? '';
  const pageDirectives = meta.split(';').map((d) => d.trim()).filter(Boolean);
  const named = new Set(pageDirectives.map((d) => d.split(/\s+/)[0]));
  return [...pageDirectives, ...baseDirectives.filter((d) => !named.has(d.split(/\s+/)[0]))].join('; ');
}
