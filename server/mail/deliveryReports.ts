/**
 * Reads the reports mail systems send back (docs/newsletter.md#suppression): delivery status notifications (RFC 3464,
 * `multipart/report; report-type=delivery-status`) and complaint reports (ARF, RFC 5965,
 * `multipart/report; report-type=feedback-report`). Only the top level of the report is read; its parts' headers and
 * fields are plain ASCII (RFC 3464 §2, RFC 5965 §3).
 */

/**
 * The message a report returns (its `message/rfc822` part, or only its headers as `text/rfc822-headers`): its
 * Message-ID, and its text, where the per-mail addresses it carried can be read (docs/newsletter.md#suppression).
 */
export interface ReturnedMessage {
  messageId: string | undefined;
  text: string;
}

/** What a report says about one recipient, or about the message (a complaint); with the message it returns, if any. */
export type DeliveryReport =
  | {
      kind: 'bounce';
      severity: 'hard' | 'soft';
      recipients: string[];
      status: string;
      original: ReturnedMessage | undefined;
    }
  | { kind: 'complaint'; recipients: string[]; original: ReturnedMessage | undefined };

/** One MIME entity: its header fields (lower-case names, unfolded) and its body as text. */
interface Entity {
  headers: Map<string, string>;
  body: string;
}

/** Header fields (or DSN fields) of a block of `Name: value` lines, unfolded; the first of a name counts. */
function fieldsOf(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

/** Splits a message or part into its header fields and body. */
function entityOf(raw: string): Entity {
  const end = /\r?\n\r?\n/.exec(raw);
  const head = end ? raw.slice(0, end.index) : raw;
  const body = end ? raw.slice(end.index + end[0].length) : '';
  return { headers: fieldsOf(head), body };
}

/** A Content-Type's media type (lower case) and parameters. */
function contentType(entity: Entity): { type: string; params: Map<string, string> } {
  const [type = '', ...rest] = (entity.headers.get('content-type') ?? 'text/plain').split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq > 0)
      params.set(
        param.slice(0, eq).trim().toLowerCase(),
        param
          .slice(eq + 1)
          .trim()
          .replace(/^"|"$/g, ''),
      );
  }
  return { type: type.trim().toLowerCase(), params };
}

/** A part's body as text, base64 decoded where the part says so. */
function decodedBody(entity: Entity): string {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '').toLowerCase();
  return encoding === 'base64' ? Buffer.from(entity.body, 'base64').toString('latin1') : entity.body;
}

/** The parts of a multipart entity, by its boundary. */
function partsOf(entity: Entity, boundary: string): Entity[] {
  const delimiter = `--${boundary}`;
  const parts: Entity[] = [];
  const chunks = entity.body.split(new RegExp(`(?:^|\\r?\\n)${delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  for (const chunk of chunks.slice(1)) {
    if (chunk.startsWith('--')) break;
    parts.push(entityOf(chunk.replace(/^[ \t]*\r?\n/, '')));
  }
  return parts;
}

/** The address of an `rfc822; anna@example.com` DSN field, lower-cased. */
function addressOf(field: string | undefined): string | undefined {
  const address = field?.replace(/^[^;]*;/, '').trim();
  return address ? address.replace(/^<|>$/g, '').toLowerCase() : undefined;
}

/** The media types a report returns the original message (or its headers) in. */
const RETURNED_MESSAGE_TYPES = new Set(['message/rfc822', 'text/rfc822-headers', 'message/rfc822-headers']);

/** The returned message among a report's parts, if it has one. */
function returnedMessage(parts: readonly Entity[]): ReturnedMessage | undefined {
  const part = parts.find((candidate) => RETURNED_MESSAGE_TYPES.has(contentType(candidate).type));
  if (!part) return undefined;
  const text = decodedBody(part);
  return { messageId: entityOf(text).headers.get('message-id')?.trim(), text };
}

/** The bounces a `message/delivery-status` body reports, one per recipient that failed or was delayed. */
function bouncesOf(body: string, original: ReturnedMessage | undefined): DeliveryReport[] {
  const [, ...recipientGroups] = body.split(/\r?\n[ \t]*\r?\n/).filter((group) => group.trim() !== '');
  return recipientGroups.flatMap((group): DeliveryReport[] => {
    const fields = fieldsOf(group);
    const action = (fields.get('action') ?? '').toLowerCase();
    const status = /^([245])\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0] ?? '';
    const recipients = [addressOf(fields.get('final-recipient')), addressOf(fields.get('original-recipient'))].filter(
      (address): address is string => address !== undefined,
    );
    if (action === 'failed' && status.startsWith('5'))
      return [{ kind: 'bounce', severity: 'hard', recipients, status, original }];
    if ((action === 'failed' || action === 'delayed') && (status.startsWith('4') || action === 'delayed'))
      return [{ kind: 'bounce', severity: 'soft', recipients, status, original }];
    return [];
  });
}

/**
 * The reports a received message carries: the failed and delayed recipients of a DSN, or one complaint of an ARF
 * report (its `Original-Rcpt-To`, if given, as recipient), each with the message it returns. Any other message
 * reports nothing.
 */
export function readDeliveryReport(raw: string): DeliveryReport[] {
  const message = entityOf(raw);
  const { type, params } = contentType(message);
  const boundary = params.get('boundary');
  if (type !== 'multipart/report' || !boundary) return [];
  const reportType = (params.get('report-type') ?? '').toLowerCase();
  const parts = partsOf(message, boundary);
  if (reportType === 'delivery-status') {
    const status = parts.find((part) => contentType(part).type === 'message/delivery-status');
    return status ? bouncesOf(decodedBody(status), returnedMessage(parts)) : [];
  }
  if (reportType === 'feedback-report') {
    const feedback = parts.find((part) => contentType(part).type === 'message/feedback-report');
    if (!feedback) return [];
    const rcpt = addressOf(fieldsOf(decodedBody(feedback)).get('original-rcpt-to'));
    return [{ kind: 'complaint', recipients: rcpt ? [rcpt] : [], original: returnedMessage(parts) }];
  }
  return [];
}
