/** The GA4 sign-up event (docs/newsletter.md#analytics). */
export interface SignUpEvent {
  event: 'sign_up';
  subject: 'newsletter';
  /** `origin:originAddition`, e.g. `onsite:subsite`. */
  origin: string;
  type: 'ga4';
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes the sign-up event to `window.dataLayer`, creating it if the tag manager has not (yet). */
export function pushSignUpEvent(origin: string, originAddition: string): SignUpEvent {
  const event: SignUpEvent = {
    event: 'sign_up',
    subject: 'newsletter',
    origin: `${origin}:${originAddition}`,
    type: 'ga4',
  };
  window.dataLayer ??= [];
  window.dataLayer.push(event);
  return event;
}
