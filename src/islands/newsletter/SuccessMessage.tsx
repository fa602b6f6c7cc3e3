import { useEffect, useRef } from 'react';
import { Notification } from '../../ui/Notification/Notification.tsx';
import { fill, type SignUpStrings } from './signUpStrings.ts';

export interface SuccessMessageProps {
  strings: SignUpStrings;
  /** The address the confirmation e-mail went to. */
  email: string;
}

/** Thanks and what happens next; announced (`role="status"`), scrolled into view and given focus (spec §2, §8). */
export function SuccessMessage({ strings, email }: SuccessMessageProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Focus follows the replaced form, so keyboard and screen-reader users land on the outcome.
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);
  return (
    <div ref={box} className="newsletter-success" tabIndex={-1}>
      <Notification variant="success" showCloseIcon={false} labelText={strings['newsletter.success.heading']}>
        <p>{fill(strings['newsletter.success.text'], { email })}</p>
      </Notification>
    </div>
  );
}
