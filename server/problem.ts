import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Answers an RFC 9457 problem document (`application/problem+json`). */
export function problem(c: Context, status: ContentfulStatusCode, type: string, title: string, extra: Record<string, unknown> = {}) {
  return c.body(JSON.stringify({ type, title, status, ...extra }), status, { 'content-type': 'application/problem+json' });
}

/** Reads a JSON request body, or undefined when it is missing or malformed. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}
