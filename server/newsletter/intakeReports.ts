import { readDeliveryReport, type DeliveryReport, type ReturnedMessage } from '../mail/deliveryReports.ts';
import { signedBy } from '../mail/dkimVerified.ts';
import type { IntakeMessage } from '../mail/intake.ts';
import type { JobAddress } from '../mail/jobSuppression.ts';
import { maskedLog, type WorkerLog } from '../mail/maskAddresses.ts';
import { recipientDomain } from '../throttle/confirmationCaps.ts';
import { suppressionKey } from '../mail/suppressions.ts';
import type { VerpAddresses, VerpKind } from '../mail/verp.ts';
import type { MailEvents } from './mailEvents.ts';

/**
 * A recipient the intake takes (docs/newsletter.md#suppression): a per-mail address of a job, tagged (its tag
 * verified) or untagged (only for a mail sent before tags), or the fixed address of the feedback loops.
 */
export type IntakeRecipient = { kind: VerpKind; job: JobAddress; tagged: boolean } | { kind: 'feedback' };

/** Settings of the intake's rules. */
export interface IntakeReportOptions {
  /** The per-mail addresses (server/mail/verp.ts), with the secret their tags are checked with. */
  verp: VerpAddresses;
  /** Domains whose DKIM-verified complaint reports are trusted without our tag (`MAIL_FEEDBACK_LOOP_DOMAINS`). */
  feedbackLoopDomains?: readonly string[];
  /** Where ignored reports are said; every address masked. */
  log?: Pick<WorkerLog, 'warn'>;
}

/** The `From` address of a message's header, lower-cased (`Anna <anna@example.com>` → `anna@example.com`). */
function fromAddress(raw: string): string {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const from = /^from:(.*)$/im.exec(headers)?.[1] ?? '';
  return suppressionKey(/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from);
}

/** Whether a domain is one of the feedback loops' or under one (`fbl.provider.example` under `provider.example`). */
function isFeedbackLoop(signer: string, domains: readonly string[]): boolean {
  return domains.some((domain) => signer === domain || signer.endsWith(`.${domain}`));
}

/**
 * The rules of the mail intake (docs/newsletter.md#suppression): it acts only on what the mail it answers carried.
 *
 * - At `RCPT TO` ({@link recipient}): a per-mail address counts when its tag is the job's (checked in constant time),
 *   or, untagged, when its job went out before tags; the fixed `feedback@` address always. Anything else is refused.
 * - A tagged bounce address: every DSN and ARF report in the message is applied to its job. A tagged unsubscribe
 *   address: the job's subscription ends, whatever the `From`.
 * - An untagged address of a mail sent before tags: only a report naming the job's recipient (`Final-Recipient`,
 *   `Original-Rcpt-To`; the `From` of an unsubscribe mail) and DKIM-verified from that recipient's domain.
 * - `feedback@`: an ARF report whose returned message carries our Message-ID and, among its addresses, that job's
 *   tag; or one DKIM-verified from a domain of `feedbackLoopDomains` whose returned message carries our Message-ID.
 *
 * Every report that does not count is logged (masked) and ignored; the sender cannot tell (250 either way).
 */
export function intakeReports(events: MailEvents, options: IntakeReportOptions) {
  const { verp, feedbackLoopDomains = [] } = options;
  const log = maskedLog(options.log ?? console);

  /** Whether a returned message carries, among its addresses, a valid tag of `job` (bounce or unsubscribe). */
  function carriesTagOf(job: JobAddress, original: ReturnedMessage): boolean {
    const addresses = original.text.match(/(?:bounce|unsubscribe)\+\d{1,15}-[a-z2-7]+@[^\s<>"';,]+/gi) ?? [];
    return addresses.some((address) => {
      const read = verp.read(address);
      return (
        read?.jobId === job.jobId &&
        read.tag !== undefined &&
        verp.verify(read.kind, job.jobId, job.recipient, read.tag)
      );
    });
  }

  /** Whether a report of an untagged address counts: it names the job's recipient and its domain signed it. */
  async function legacyCounts(job: JobAddress, named: readonly string[], message: IntakeMessage): Promise<boolean> {
    if (!named.includes(suppressionKey(job.recipient))) return false;
    return signedBy(await message.verifiedDomains(), recipientDomain(job.recipient));
  }

  /** A complaint to `feedback@`: the job its returned message names, if the report counts. */
  async function feedbackJob(report: DeliveryReport, message: IntakeMessage): Promise<JobAddress | undefined> {
    const messageId = report.original?.messageId;
    if (report.kind !== 'complaint' || !messageId) return undefined;
    const job = await events.jobByMessageId(messageId);
    if (!job) return undefined;
    if (carriesTagOf(job, report.original!)) return job;
    const signers = await message.verifiedDomains();
    return signers.some((signer) => isFeedbackLoop(signer, feedbackLoopDomains)) ? job : undefined;
  }

  return {
    /** What an address given at `RCPT TO` is to the intake, or undefined: refused (550). */
    async recipient(address: string): Promise<IntakeRecipient | undefined> {
      if (suppressionKey(address.replace(/^<|>$/g, '')) === verp.feedbackAddress.toLowerCase())
        return { kind: 'feedback' };
      const read = verp.read(address);
      if (!read) return undefined;
      const job = await events.jobAddress(read.jobId);
      if (!job) return undefined;
      if (read.tag !== undefined)
        return verp.verify(read.kind, job.jobId, job.recipient, read.tag)
          ? { kind: read.kind, job, tagged: true }
          : undefined;
      return job.sentUntagged ? { kind: read.kind, job, tagged: false } : undefined;
    },

    /** A message for an accepted recipient: answers how many of its reports changed something. */
    async received(recipient: IntakeRecipient, message: IntakeMessage): Promise<number> {
      if (recipient.kind === 'unsubscribe') {
        const { job, tagged } = recipient;
        if (!tagged && !(await legacyCounts(job, [fromAddress(message.raw)], message))) {
          log.warn(
            `Mail intake: ignored an unsubscribe mail to the untagged address of job ${job.jobId}: not from its recipient with a DKIM signature of the recipient's domain (docs/newsletter.md#suppression).`,
          );
          return 0;
        }
        return (await events.unsubscribeBy(job)) ? 1 : 0;
      }
      const reports = readDeliveryReport(message.raw);
      let applied = 0;
      for (const report of reports) {
        let job: JobAddress | undefined;
        if (recipient.kind === 'feedback') job = await feedbackJob(report, message);
        else if (recipient.tagged) job = recipient.job;
        else if (await legacyCounts(recipient.job, report.recipients, message)) job = recipient.job;
        if (!job) {
          const to =
            recipient.kind === 'feedback'
              ? 'the feedback address'
              : `the untagged address of job ${recipient.job.jobId}`;
          log.warn(
            `Mail intake: ignored a ${report.kind} report to ${to}: it carries neither our tag nor a trusted DKIM signature (docs/newsletter.md#suppression).`,
          );
          continue;
        }
        await events.applyReport(job, report);
        applied += 1;
      }
      return applied;
    },
  };
}

/** The intake's rules over one database. */
export type IntakeReports = ReturnType<typeof intakeReports>;
