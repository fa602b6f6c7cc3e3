/**
 * The security headers every response carries, one list for the local server (server/edge/securityHeaders.ts) and for the CDN's
 * `_headers` file (src/build/integrations/headersFile.ts), so the two cannot drift apart. The CSP is per page (src/shared/csp.ts).
 */
export const securityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/**
 * HSTS, sent only over https (on plain http browsers ignore it, and localhost must stay reachable on http).
 * Two years with subdomains, the value hstspreload.org asks for.
 */
export const strictTransportSecurity = { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' } as const;
