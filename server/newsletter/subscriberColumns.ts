import { subscriberSchema, type Subscriber } from '../../src/shared/newsletter/subscriberSchema.ts';
import { sql, type RawBuilder } from 'kysely';
import {
  changeableFieldNames,
  personalRecordColumns,
  subscriberFields,
  subscriberFieldList,
  type ChangeableFieldName,
  type StoredSubscriberFields,
  type SubscriberFieldColumns,
} from '../../src/shared/newsletter/subscriberFields.ts';

/**
 * The SQL pieces the subscriber statements take from the one declaration of the stored fields
 * (src/shared/newsletter/subscriberFields.ts): column lists, parameter lists, SET lists and the row → answer mapping.
 * Plain, portable SQL for both engines (values as parameters through Kysely's `sql`, `excluded.` in an upsert).
 */

/** The declared columns, comma-separated, as a SELECT or an INSERT lists them. */
export const fieldColumns = subscriberFieldList.map((field) => field.column).join(', ');

/** The declared fields' values as statement parameters, in the order of {@link fieldColumns}. */
export function fieldValues(fields: StoredSubscriberFields): RawBuilder<unknown> {
  return sql.join(subscriberFieldList.map((field) => fields[field.name]));
}

/**
 * What a sign-up over an existing row sets: every declared field except the address itself (the conflict's key), from
 * the row the INSERT proposed.
 */
export const fieldsFromExcluded = subscriberFieldList
  .filter((field) => field.name !== 'email')
  .map((field) => `${field.column} = excluded.${field.column}`)
  .join(', ');

/** What a change of preferences sets: the changeable fields, to the values given. */
export function changeableFieldsSetTo(values: Pick<StoredSubscriberFields, ChangeableFieldName>): RawBuilder<unknown> {
  return sql.join(changeableFieldNames.map((name) => sql`${sql.raw(subscriberFields[name].column)} = ${values[name]}`));
}

/** The columns that hold personal data: the declared personal fields and what the service records about the subscriber. */
export const personalColumns: readonly string[] = [
  ...subscriberFieldList.filter((field) => field.personal).map((field) => field.column),
  ...personalRecordColumns,
];

/**
 * The SET list that erases personal data (`salutation = NULL, …`), shared by every erasure: unsubscribe, the lapse of
 * unopened subscriptions and the revert of an unconfirmed return (docs/newsletter.md#unsubscribe).
 */
export const erasePersonalData = personalColumns.map((column) => `${column} = NULL`).join(', ');

/** The fields of the answer (`GET /newsletter-subscribers/{token}`) that a row's declared columns give. */
const answeredFields = subscriberFieldList.filter((field) => Object.hasOwn(subscriberSchema.entries, field.name));

/** The subscriber as the service shows it; only for rows with a shared status. */
export function toSubscriber(row: SubscriberFieldColumns & { status: string }): Subscriber {
  const answer: Record<string, unknown> = { status: row.status };
  for (const field of answeredFields) {
    const value = row[field.column as keyof SubscriberFieldColumns];
    answer[field.name] = field.stored === 'json' ? (JSON.parse(value as string) as unknown) : value;
  }
  return answer as Subscriber;
}
