export interface EmailTextProps {
  /** A translated sentence with an `{{email}}` placeholder. */
  text: string;
  /** The address put in its place. */
  email: string;
}

/**
 * A sentence that names an e-mail address, the address in bold. The address may break before its "@", never in the
 * middle of a word, so a long one fits a 375 px screen.
 */
export function EmailText({ text, email }: EmailTextProps) {
  const [before = '', after = ''] = text.split('{{email}}');
  const at = email.lastIndexOf('@');
  const [local, domain] = at > 0 ? [email.slice(0, at), email.slice(at)] : [email, ''];
  return (
    <>
      {before}
      <strong className="newsletter-email">
        {local}
        <wbr />
        {domain}
      </strong>
      {after}
    </>
  );
}
