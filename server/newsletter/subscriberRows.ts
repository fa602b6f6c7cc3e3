import type { SqliteConnection } from '../database/sqliteFile.ts';
import type { StoredStatus } from './subscriberStore.ts';

/** A subscriber as a test stores it directly: address, shop, status and the times the open rules read. */
export interface StoredSubscriberFixture {
  email: string;
  site: string;
  status?: StoredStatus;
  confirmedAt?: string;
  lastOpenedAt?: string | null;
  firstName?: string;
  preferencesTokenHash?: string;
}

/**
 * Test-only: stores a subscriber row as a confirmed sign-up leaves it (names, consents, preferences token hash,
 * confirmation time) without going through the mails, and logs its confirmation. Answers the row's id.
 */
export function storeSubscriber(db: SqliteConnection, fixture: StoredSubscriberFixture): number {
  const confirmedAt = fixture.confirmedAt ?? '2026-01-01T00:00:00.000Z';
  const { id } = db
    .prepare(
      `
      INSERT INTO subscribers (email, salutation, first_name, last_name, consents, legals, origin, origin_addition, site, status,
                               consented_at, confirmed_at, consent_text_version, preferences_token_hash, last_opened_at, created_at, updated_at)
      VALUES (:email, 'MRS', :firstName, 'Yılmaz', '["DNE"]', '["NEWSLETTER"]', 'onsite', 'subsite', :site, :status,
              :confirmedAt, :confirmedAt, 'v1', :tokenHash, :lastOpenedAt, :confirmedAt, :confirmedAt)
      RETURNING id`,
    )
    .get({
      email: fixture.email,
      firstName: fixture.firstName ?? 'Ayşe',
      site: fixture.site,
      status: fixture.status ?? 'SUBSCRIBED',
      confirmedAt,
      tokenHash: fixture.preferencesTokenHash ?? `hash-of-${fixture.email}`,
      lastOpenedAt: fixture.lastOpenedAt ?? null,
    }) as { id: number };
  db.prepare(
    `
    INSERT INTO consent_events (subscriber_id, email, site, event, at, consents, legals, consent_text_version, channel)
    VALUES (?, ?, ?, 'CONFIRMED', ?, '["DNE"]', '["NEWSLETTER"]', 'v1', 'confirmation link')`,
  ).run(id, fixture.email, fixture.site, confirmedAt);
  return id;
}
