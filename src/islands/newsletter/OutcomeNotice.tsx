import { useEffect, useRef, type ReactNode } from 'react';
import { Notification } from '../../ui/Notification/Notification.tsx';

export interface OutcomeNoticeProps {
  /** The outcome in bold, already translated. */
  heading: string;
  /** What follows from it. */
  children: ReactNode;
}

/**
 * The outcome that replaces a form (signed up, unsubscribed): announced (`role="status"`), scrolled into view and given
 * focus, so keyboard and screen-reader users land on it rather than on a control that is gone
 * (docs/newsletter.md#states).
 */
export function OutcomeNotice({ heading, children }: OutcomeNoticeProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, []);
  return (
    <div ref={box} className="newsletter-success" tabIndex={-1}>
      <Notification variant="success" showCloseIcon={false} labelText={heading}>
        {children}
      </Notification>
    </div>
  );
}
