import type { Context } from 'hono';
import * as v from 'valibot';
import { problem } from '../problem.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import { subscriberStatements, type OpenedSubscriber, type TokenKind } from './subscriberStore.ts';

/** Messages per field; a field the schema does not know is reported as `unknown field` (strict schemas). */
export function fieldErrors(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): Record<string, unknown> {
  const named = issues.map((issue) =>
    issue.type === 'strict_object' && issue.path ? { ...issue, message: 'unknown field' } : issue,
  );
  return v.flatten(named as typeof issues).nested ?? {};
}

/** 400 naming the fields that were refused and why (catalogue keys or valibot messages). */
export function invalidRequest(c: Context, errors: Record<string, unknown>) {
  return problem(c, 400, 'urn:newsletter:invalid_request', 'The request is not valid', { errors });
}

/** 404 for a token nobody has, a spent one, or one of an ended subscription: all alike, so none can be told apart. */
export function tokenUnknown(c: Context) {
  return problem(c, 404, 'urn:newsletter:token_unknown', 'This link is not valid');
}

/**
 * The subscriber of a token (by default the request's `:token`) if it is a token of one of the given kinds, or the
 * problem to answer: 404 unknown (docs/calls.md#newsletter-service), 410 for an expired confirmation link.
 */
export async function subscriberOfToken(
  c: Context,
  database: SharedDatabase,
  kinds: readonly TokenKind[],
  token = c.req.param('token') ?? '',
): Promise<OpenedSubscriber | Response> {
  for (const kind of kinds) {
    const row = await database.run((db) => subscriberStatements.byToken(db, kind, token));
    if (!row) continue;
    if (kind === 'doi' && row.doi_token_expires_at && Date.parse(row.doi_token_expires_at) < Date.now()) {
      return problem(c, 410, 'urn:newsletter:token_expired', 'This link has expired');
    }
    return row;
  }
  return tokenUnknown(c);
}
