import type { DNSResolver } from 'mailauth';

/** How DKIM keys are looked up: DNS by default; tests hand in their own records. */
export type DkimKeyResolver = DNSResolver;

/**
 * The signing domains (`d=`, lower case) of the DKIM signatures on a received message that verify, with `mailauth`
 * against the keys the signers publish in DNS (docs/newsletter.md#suppression). A message without a valid signature
 * has none; a DNS failure counts as none too.
 */
export async function dkimVerifiedDomains(raw: string, resolver?: DkimKeyResolver): Promise<string[]> {
  // Loaded with the first message to check, not with the server: mailauth and what it needs take longer to load than
  // the rest of a server's start. Outside the `try`: a verifier that cannot load is an error, not "no signature".
  const { dkimVerify } = await import('mailauth');
  try {
    const { results } = await dkimVerify(Buffer.from(raw, 'latin1'), resolver ? { resolver } : {});
    return results
      .filter((result) => result.status.result === 'pass')
      .map((result) => result.signingDomain.toLowerCase());
  } catch {
    return [];
  }
}

/** Whether one of the verified signing domains is `domain` or a parent of it (`example.com` signs `mx.example.com`). */
export function signedBy(verifiedDomains: readonly string[], domain: string): boolean {
  const wanted = domain.trim().toLowerCase().replace(/\.$/, '');
  return verifiedDomains.some((signer) => wanted === signer || wanted.endsWith(`.${signer}`));
}
