import type { Shop } from '../../../src/shared/countries.ts';
import { hasString, translationsFor } from '../../../src/shared/i18n.ts';

/** The subscriber's name as the sign-up stored it (each part null when not given). */
export interface SubscriberName {
  salutation: string | null;
  firstName: string | null;
  lastName: string | null;
}

/**
 * The opening line of a mail after the confirmation (docs/newsletter.md#the-mails). Where the shop asks for names
 * (`showsPersonalFields`: AT, HU, TR) and they were given, the subscriber is greeted by name in the language's form:
 * by title and family name where the language's catalogue has that form (German: "Sehr geehrte Frau Muster,"; the
 * `conventionKeys` of src/shared/i18n.ts), else by both names in the language's order ("Guten Tag Alex Muster,",
 * "Kedves Nagy Anna!", "Sayın Ayşe Yılmaz,") where the language has that form (not Czech, Slovak and Polish, whose
 * vocative is not implemented). Otherwise, or without the names that form needs, the generic greeting. The confirmation mail never calls this: names typed by whoever
 * signed an address up must not reach its owner before the owner confirmed (docs/security.md).
 */
export function mailGreeting(shop: Shop, name: SubscriberName | undefined): string {
  const t = translationsFor(shop.locale);
  const firstName = name?.firstName?.trim();
  const lastName = name?.lastName?.trim();
  if (!shop.newsletter.showsPersonalFields || !lastName) return t('newsletter.email.greeting');
  const titled =
    name?.salutation === 'MRS'
      ? 'newsletter.email.greetingMrs'
      : name?.salutation === 'MR'
        ? 'newsletter.email.greetingMr'
        : undefined;
  if (titled && hasString(shop.locale, titled)) return t(titled, { lastName });
  // Czech, Slovak and Polish have no greeting by name until the vocative is implemented (`conventionKeys`).
  return firstName && hasString(shop.locale, 'newsletter.email.greetingNamed')
    ? t('newsletter.email.greetingNamed', { firstName, lastName })
    : t('newsletter.email.greeting');
}
