import { useEffect, useRef } from 'react';
import { Notification } from '../../ui/Notification/Notification.tsx';
import type { SignUpStrings } from './signUpStrings.ts';

export interface SuccessMessageProps {
  strings: SignUpStrings;
  /** The address the confirmation e-mail went to. */
  email: string;
}

/**
 * Thanks and what happens next; announced (`role="status"`), scrolled into view and given focus
 * (docs/newsletter.md#states).
 */
export function SuccessMessage({ strings, email }: SuccessMessageProps) {
  const box = useRef<HTMLDivElement>(null);
  const [before = '', after = ''] = strings['newsletter.success.text'].split('{{email}}');
  const at = email.lastIndexOf('@');
  const [local, domain] = at > 0 ? [email.slice(0, at), email.slice(at)] : [email, ''];
  useEffect(() => {
    // Focus follows the replaced form, so keyboard and screen-reader users land on the outcome.
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);
  return (
    <div ref={box} className="newsletter-success" tabIndex={-1}>
      <Notification variant="success" showCloseIcon={false} labelText={strings['newsletter.success.heading']}>
        <p>
          {before}
          {/* The address may break before its "@", never in the middle of a word. */}
          <strong className="newsletter-success__email">{local}<wbr />{domain}</strong>
          {after}
        </p>
      </Notification>
    </div>
  );
}
