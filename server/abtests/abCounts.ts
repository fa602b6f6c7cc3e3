import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { rowsOf, type StatementSteps } from '../database/atomicWork.ts';
import type { SharedDatabase } from '../database/sharedDatabase.ts';
import type { SharedTables } from '../database/sharedTables.ts';
import { storedAbTest } from './calendar.ts';
import { assignGroup } from './assignGroup.ts';

/**
 * The keyed hash a visitor is counted by (HMAC-SHA256 with the generated secret `abVisitors`, hex): the same visitor
 * counts once per test on every instance, and the table holds no id a cookie could be matched with.
 */
export function visitorHashOf(key: string, visitorId: string): string {
  return createHmac('sha256', key).update(visitorId).digest('hex');
}

/** One visitor's group in one test, as counted. */
export interface CountedAssignment {
  test: string;
  group: string;
  /** Shop code, or null when the assignment named none. */
  shop: string | null;
}

/** Counts assignments: a visitor already counted in a test is not counted again (docs/operations.md#ab-test-report). */
export function* countAssignments(
  db: Kysely<SharedTables>,
  visitorHash: string,
  assignments: readonly CountedAssignment[],
  now: string,
): StatementSteps<void> {
  for (const { test, group, shop } of assignments)
    yield db
      .insertInto('ab_assignments')
      .values({ test, visitor_hash: visitorHash, ab_group: group, shop, assigned_at: now })
      .onConflict((conflict) => conflict.columns(['test', 'visitor_hash']).doNothing())
      .compile();
}

/** Counts a visitor's assignments in one statement body of its own. */
export function assignmentCounter(
  database: SharedDatabase,
  key: string,
): (visitorId: string, assignments: readonly CountedAssignment[]) => Promise<void> {
  return async (visitorId, assignments) => {
    if (assignments.length === 0) return;
    const hash = visitorHashOf(key, visitorId);
    await database.atomically((db) => countAssignments(db, hash, assignments, new Date().toISOString()));
  };
}

/** A sign-up of a visitor with statistics consent and an `ab_visitor` id, in the sign-up's transaction. */
export interface AttributedSignUp {
  subscriberId: number;
  /** The shop code the sign-up was made in. */
  shop: string;
  visitorId: string;
  /** The key of {@link visitorHashOf}. */
  key: string;
  now: string;
}

/**
 * Records the test, group and shop of a sign-up for each test running now in its shop, read in the sign-up's own
 * transaction (a test ended meanwhile is not credited), and counts the visitor as assigned if not yet counted. The
 * group is the visitor's deterministic one (server/abtests/assignGroup.ts). A subscriber's first sign-up in a test
 * stays the one credited.
 */
export function* attributeSignUp(db: Kysely<SharedTables>, signUp: AttributedSignUp): StatementSteps<void> {
  const rows = yield* rowsOf(
    db.selectFrom('ab_tests').selectAll().where('starts_at', '<=', signUp.now).where('ends_at', '>', signUp.now),
  );
  const running = rows.map(storedAbTest).filter((test) => !test.shops || test.shops.includes(signUp.shop));
  const assignments = running.map((test) => ({
    test: test.name,
    group: assignGroup(test.name, signUp.visitorId, test.groups, test.weights),
    shop: signUp.shop,
  }));
  yield* countAssignments(db, visitorHashOf(signUp.key, signUp.visitorId), assignments, signUp.now);
  for (const { test, group } of assignments)
    yield db
      .insertInto('ab_signups')
      .values({
        subscriber_id: signUp.subscriberId,
        test,
        ab_group: group,
        shop: signUp.shop,
        signed_up_at: signUp.now,
      })
      .onConflict((conflict) => conflict.columns(['subscriber_id', 'test']).doNothing())
      .compile();
}

/** Marks a subscriber's A/B sign-ups confirmed, in the confirmation's transaction. */
export function* confirmAttributedSignUps(
  db: Kysely<SharedTables>,
  subscriberId: number,
  now: string,
): StatementSteps<void> {
  yield db
    .updateTable('ab_signups')
    .set({ confirmed_at: now })
    .where('subscriber_id', '=', subscriberId)
    .where('confirmed_at', 'is', null)
    .compile();
}
