import type { Context, MiddlewareHandler } from 'hono';
import { problem } from '../problem.ts';

/** The largest request body any `/service` call accepts unless a rule below allows more. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * After refusing a body, the rest of it is read and dropped up to these bounds, so a client still sending gets to
 * read the 413 instead of a reset; beyond them the connection is closed anyway (docs/calls.md#conventions).
 */
export const REFUSED_BODY_DRAIN = { maxBytes: 32 * 1024 * 1024, maxMs: 5000 } as const;

/** A call that may send a larger (or must send a smaller) body than the default. */
export interface BodyLimitRule {
  method: string;
  /** Matched against the whole path. */
  path: RegExp;
  maxBytes: number;
}

/** Reads and drops what is left of a refused body, within `REFUSED_BODY_DRAIN`. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number): Promise<void> {
  let bytes = alreadyRead;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeUp = new Promise<'time up'>(
    (resolve) => (timer = setTimeout(() => resolve('time up'), REFUSED_BODY_DRAIN.maxMs)),
  );
  try {
    while (bytes <= REFUSED_BODY_DRAIN.maxBytes) {
      const next = await Promise.race([reader.read(), timeUp]);
      if (next === 'time up' || next.done) return;
      bytes += next.value.length;
    }
  } catch {
    // The client went away: nothing left to answer.
  } finally {
    clearTimeout(timer);
  }
}

/** 413 with `Connection: close`, once the rest of the body has been read (within bounds). */
async function refuse(c: Context, reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead: number) {
  await drain(reader, alreadyRead);
  c.header('connection', 'close');
  return problem(c, 413, 'urn:service:payload_too_large', 'The request body is too large');
}

/**
 * Refuses request bodies over the limit with 413 before anything parses them: a `Content-Length` over the limit is
 * refused unread, a chunked body is counted while it streams and refused as soon as it passes the limit. Either way
 * the answer says `Connection: close` and comes once the rest of the body is read and dropped (up to
 * `REFUSED_BODY_DRAIN`), so the client reads the 413 rather than an EPIPE or a reset. A body within the limit is
 * buffered and handed on unchanged.
 */
export function limitBodies(
  rules: readonly BodyLimitRule[],
  defaultBytes = DEFAULT_BODY_LIMIT_BYTES,
): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return next();
    const maxBytes =
      rules.find((rule) => rule.method === c.req.method && rule.path.test(c.req.path))?.maxBytes ?? defaultBytes;
    const declared = c.req.raw.headers.has('transfer-encoding') ? undefined : c.req.header('content-length');
    if (declared !== undefined) return Number(declared) > maxBytes ? refuse(c, body.getReader(), 0) : next();

    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.length;
      if (size > maxBytes) return refuse(c, reader, size);
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks) });
    return next();
  };
}
