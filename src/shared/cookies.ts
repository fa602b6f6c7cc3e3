/**
 * The one reader of `document.cookie`-style strings in the client code. Cookies are input anyone can set (another
 * site on a parent domain, a browser extension, an old bug), so a malformed one is ignored, never thrown about:
 * a `URIError` here would stop the island or timer that asked.
 */

/** The decoded value of cookie `name`, or undefined when it is absent or its value is not valid percent-encoding. */
export function readCookie(cookies: string, name: string): string | undefined {
  for (const part of cookies.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** True when a cookie called `name` is present, whatever its value. */
export function hasCookie(cookies: string, name: string): boolean {
  return cookies.split(';').some((part) => part.split('=')[0]!.trim() === name);
}
