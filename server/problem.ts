import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as v from 'valibot';
import { jsonPath } from '../src/shared/footer/sanitizeFooterContent.ts';

/** Answers an RFC 9457 problem document (`application/problem+json`). */
export function problem(
  c: Context,
  status: ContentfulStatusCode,
  type: string,
  title: string,
  extra: Record<string, unknown> = {},
) {
  return c.body(JSON.stringify({ type, title, status, ...extra }), status, {
    'content-type': 'application/problem+json',
  });
}

/**
 * A refused body's validation issues as `problems` entries: `{ path: '$.shops[0]', message }`; a field a strict schema
 * does not know says `unknown field`, as the newsletter calls do.
 */
export function issueProblems(issues: readonly v.BaseIssue<unknown>[]): { path: string; message: string }[] {
  return issues.map((issue) => ({
    path: jsonPath((issue.path ?? []).map((item) => item.key as string | number)),
    message: issue.type === 'strict_object' && issue.path ? 'unknown field' : issue.message,
  }));
}

/** Reads a JSON request body, or undefined when it is missing or malformed. */
export async function readJson(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}
