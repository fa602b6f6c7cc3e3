import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type * as v from 'valibot';

/**
 * Answers `body` as JSON, typed by the schema the client parses that answer with: an answer the client would refuse
 * fails the typecheck instead of a shopper's page. The type is the schema's input, since that is what the client
 * receives (a field with a default may be left out). See docs/calls.md#conventions.
 */
export function jsonOf<Schema extends v.GenericSchema>(
  c: Context,
  _schema: Schema,
  body: v.InferInput<Schema>,
  status: ContentfulStatusCode = 200,
): Response {
  return c.json(body as never, status);
}
