import { useEffect, useRef, type ReactNode } from 'react';
import { Notification } from '../../ui/Notification/Notification.tsx';

export interface OutcomeNoticeProps {
  /** The outcome in bold, already translated. */
  heading: string;
  /** What follows from it. */
  children: ReactNode;
  /**
   * True when the notice replaces a control the visitor has just used on this page: it is then scrolled into view and
   * focused. False when the page arrived with it (the server's answer to a plain form): hydrating the island then
   * leaves the scroll position and the focus where they are, so nothing moves under a finger or pointer.
   */
  takesFocus: boolean;
}

/**
 * The outcome that replaces a form (signed up, unsubscribed): announced (`role="status"`) and, when it replaces a
 * control in this page (`takesFocus`), scrolled into view and given focus, so keyboard and screen-reader users land on
 * it rather than on a control that is gone (docs/newsletter.md#states).
 */
export function OutcomeNotice({ heading, children, takesFocus }: OutcomeNoticeProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!takesFocus) return;
    box.current?.focus({ preventScroll: true });
    box.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [takesFocus]);
  return (
    <div ref={box} className="newsletter-success" tabIndex={-1}>
      <Notification variant="success" showCloseIcon={false} labelText={heading}>
        {children}
      </Notification>
    </div>
  );
}
