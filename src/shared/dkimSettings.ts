import { createPrivateKey } from 'node:crypto';
import fs from 'node:fs';

/** How every mail is signed (docs/operations.md#sending-domain-dkim-spf-dmarc): nodemailer's own `dkim` option. */
export interface DkimSigning {
  /** The signing domain (`d=`), e.g. `aroma.example`. */
  domainName: string;
  /** The selector (`s=`): the public key is published at `{selector}._domainkey.{domain}`. */
  keySelector: string;
  /** The RSA private key, PEM (PKCS #8). */
  privateKey: string;
}

/** The DKIM settings as they come from the environment (all optional). */
export interface DkimVariables {
  MAIL_DKIM_DOMAIN?: string | undefined;
  MAIL_DKIM_SELECTOR?: string | undefined;
  MAIL_DKIM_PRIVATE_KEY?: string | undefined;
  MAIL_DKIM_PRIVATE_KEY_FILE?: string | undefined;
}

/**
 * The signing settings, undefined when none is set, or the problems (each naming its variable, never the key): all
 * three (domain, selector, one key: the PEM text or a file) or none; the key read at start and parsed, RSA only (what
 * nodemailer signs with). A key given in one line with `\n` escapes, as some env files hold it, is accepted.
 */
export function dkimSigning(
  e: DkimVariables,
  resolvePath: (file: string) => string,
): DkimSigning | string[] | undefined {
  const given = [e.MAIL_DKIM_DOMAIN, e.MAIL_DKIM_SELECTOR, e.MAIL_DKIM_PRIVATE_KEY ?? e.MAIL_DKIM_PRIVATE_KEY_FILE];
  if (given.every((value) => value === undefined)) return undefined;
  const problems: string[] = [];
  if (!e.MAIL_DKIM_DOMAIN) problems.push('MAIL_DKIM_DOMAIN must be set when any MAIL_DKIM_ setting is');
  if (!e.MAIL_DKIM_SELECTOR) problems.push('MAIL_DKIM_SELECTOR must be set when any MAIL_DKIM_ setting is');
  if (e.MAIL_DKIM_PRIVATE_KEY !== undefined && e.MAIL_DKIM_PRIVATE_KEY_FILE !== undefined)
    problems.push('MAIL_DKIM_PRIVATE_KEY and MAIL_DKIM_PRIVATE_KEY_FILE must not both be set');
  let pem = e.MAIL_DKIM_PRIVATE_KEY?.replace(/\\n/g, '\n');
  let source = 'MAIL_DKIM_PRIVATE_KEY';
  if (pem === undefined && e.MAIL_DKIM_PRIVATE_KEY_FILE !== undefined) {
    source = 'MAIL_DKIM_PRIVATE_KEY_FILE';
    try {
      pem = fs.readFileSync(resolvePath(e.MAIL_DKIM_PRIVATE_KEY_FILE), 'utf8');
    } catch (error) {
      problems.push(`MAIL_DKIM_PRIVATE_KEY_FILE cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  } else if (pem === undefined) {
    problems.push('MAIL_DKIM_PRIVATE_KEY or MAIL_DKIM_PRIVATE_KEY_FILE must be set when any MAIL_DKIM_ setting is');
  }
  let privateKey = '';
  if (pem !== undefined) {
    try {
      const key = createPrivateKey(pem);
      if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
      privateKey = key.export({ type: 'pkcs8', format: 'pem' }).toString();
    } catch {
      problems.push(`${source} must be an RSA private key in PEM form (got "…")`);
    }
  }
  if (problems.length > 0) return problems;
  return { domainName: e.MAIL_DKIM_DOMAIN!, keySelector: e.MAIL_DKIM_SELECTOR!, privateKey };
}
