import type { Shop } from '../../../src/shared/countries.ts';
import { translationsFor } from '../../../src/shared/i18n.ts';

/** The subscriber's name as the sign-up stored it (each part null when not given). */
export interface SubscriberName {
  salutation: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The opening line of a mail after the confirmation (docs/newsletter.md#the-mails). Where the shop asks for names
 * (`showsPersonalFields`: AT, HU, TR) and they were given, the subscriber is greeted by name in the language's form:
 * German by title and family name ("Sehr geehrte Frau Muster,"; "Guten Tag Alex Muster," for other salutations), the
 * other languages by both names in their order ("Kedves Nagy Anna!", "Sayın Ayşe Yılmaz,"). Otherwise, or without
 * the names that form needs, the generic greeting. The confirmation mail never calls this: names typed by whoever
 * signed an address up must not reach its owner before the owner confirmed (docs/security.md).
 */
export function mailGreeting(shop: Shop, name: SubscriberName | undefined): string {
  const t = translationsFor(shop.locale);
  const firstName = name?.firstName?.trim();
  const lastName = name?.lastName?.trim();
  if (!shop.newsletter.showsPersonalFields || !lastName) return t('newsletter.email.greeting');
  if (shop.locale.startsWith('de-')) {
    if (name?.salutation === 'MRS') return t('newsletter.email.greetingMrs', { lastName });
    if (name?.salutation === 'MR') return t('newsletter.email.greetingMr', { lastName });
  }
  return firstName ? t('newsletter.email.greetingNamed', { firstName, lastName }) : t('newsletter.email.greeting');
}
