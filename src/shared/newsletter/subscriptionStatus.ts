/**
 * Where a subscription stands (customer data `nl_status`; docs/newsletter.md#double-opt-in). A plain list without
 * the schema library, so browser code that runs before the first interaction can check a status with it.
 */
export const subscriptionStatuses = ['WAITING_FOR_DOI', 'SUBSCRIBED'] as const;

/** One of `subscriptionStatuses`. */
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** Whether `value` is a subscription status. */
export function isSubscriptionStatus(value: unknown): value is SubscriptionStatus {
  return (subscriptionStatuses as readonly unknown[]).includes(value);
}
