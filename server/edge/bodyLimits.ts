import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { problem } from '../problem.ts';

/** The largest request body any `/service` call accepts unless a rule below allows more. */
const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

/** A call that may send a larger (or must send a smaller) body than the default. */
export interface BodyLimitRule {
  method: string;
  /** Matched against the whole path. */
  path: RegExp;
  maxBytes: number;
}

/**
 * Refuses request bodies over the limit with 413 before anything parses them: a `Content-Length` over the limit is
 * refused unread, a chunked body is counted while it streams and refused as soon as it passes the limit.
 */
export function limitBodies(rules: readonly BodyLimitRule[], defaultBytes = DEFAULT_BODY_LIMIT_BYTES): MiddlewareHandler {
  const onError: Parameters<typeof bodyLimit>[0]['onError'] = (c) =>
    problem(c, 413, 'urn:service:payload_too_large', 'The request body is too large');
  const byRule = rules.map((rule) => ({ rule, limit: bodyLimit({ maxSize: rule.maxBytes, onError }) }));
  const fallback = bodyLimit({ maxSize: defaultBytes, onError });
  return (c, next) => {
    const match = byRule.find(({ rule }) => rule.method === c.req.method && rule.path.test(c.req.path));
    return (match?.limit ?? fallback)(c, next);
  };
}
