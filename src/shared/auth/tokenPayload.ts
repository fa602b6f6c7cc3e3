function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (ch) => ch.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * The JSON payload of a token of the form `header.payload.signature` (base64url), without checking the signature,
 * or undefined when there is none or it is not readable JSON. What the payload must contain is the reader's to check.
 */
export function readTokenPayload(token: string | undefined): unknown {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    return JSON.parse(decodeBase64Url(payload)) as unknown;
  } catch {
    return undefined;
  }
}
