/** Schemes a footer link may use besides a site-relative path (issue: unsafe content never reaches the page). */
const allowedSchemes = new Set(['https:', 'http:', 'mailto:', 'tel:']);

/**
 * Whether a CMS link is safe to put in an `href`: a site-relative path (`/contact`, not `//host`) or an absolute URL
 * with an allowed scheme. Whitespace and control characters are refused outright because browsers strip them
 * (`java\tscript:` is `javascript:` to a browser).
 */
export function isSafeUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (value.length === 0 || /[\s\u0000-\u001f\u007f]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return allowedSchemes.has(url.protocol);
}
