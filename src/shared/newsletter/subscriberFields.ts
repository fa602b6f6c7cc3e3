import type * as v from 'valibot';
import type { Shop } from '../countries.ts';
import { subscriberCreateRequestSchema, type SubscriberCreateRequest } from './subscriberSchema.ts';

/**
 * The one declaration of what a subscriber row stores from a sign-up (docs/newsletter.md#fields): for each field its
 * column, how it is stored, whether it is personal data erased on unsubscribe and lapse, whether the preferences page
 * can change it, and its schema (the create request's). The row type, the column lists of the statements, the
 * row ↔ object mapping and the erasure all derive from it (server/newsletter/subscriberColumns.ts). Plain data and
 * types only, no SQL dialect: any store can build on it.
 */
export interface SubscriberFieldDeclaration {
  /** The column in `subscribers`. */
  readonly column: string;
  /**
   * `text`: the value itself, NULL when absent (NOT NULL when the schema always gives a value); `json`: a list kept as
   * JSON text, `[]` when absent.
   */
  readonly stored: 'text' | 'json';
  /** Personal data: erased (set to NULL) when the subscription ends by unsubscribe or lapse (docs/newsletter.md#unsubscribe). */
  readonly personal: boolean;
  /** Whether the update request (the preferences page) changes it; otherwise only a sign-up stores it. */
  readonly changeable: boolean;
  /** The shop rule without which the form never asks for the field: then nothing is stored, whatever a client sends. */
  readonly askedWhen?: 'showsPersonalFields';
  /** The field's schema in the create request (src/shared/newsletter/subscriberSchema.ts). */
  readonly schema: v.GenericSchema;
}

const entries = subscriberCreateRequestSchema.entries;

/**
 * Every field of a sign-up as it is stored, keyed by its property name (the name in requests, answers and statement
 * parameters). A field of the create request that is not declared here fails the typecheck.
 */
export const subscriberFields = {
  email: { column: 'email', stored: 'text', personal: false, changeable: false, schema: entries.email },
  salutation: {
    column: 'salutation',
    stored: 'text',
    personal: true,
    changeable: true,
    askedWhen: 'showsPersonalFields',
    schema: entries.salutation,
  },
  firstName: {
    column: 'first_name',
    stored: 'text',
    personal: true,
    changeable: true,
    askedWhen: 'showsPersonalFields',
    schema: entries.firstName,
  },
  lastName: {
    column: 'last_name',
    stored: 'text',
    personal: true,
    changeable: true,
    askedWhen: 'showsPersonalFields',
    schema: entries.lastName,
  },
  consents: { column: 'consents', stored: 'json', personal: false, changeable: true, schema: entries.consents },
  legals: { column: 'legals', stored: 'json', personal: false, changeable: false, schema: entries.legals },
  origin: { column: 'origin', stored: 'text', personal: false, changeable: false, schema: entries.origin },
  originAddition: {
    column: 'origin_addition',
    stored: 'text',
    personal: false,
    changeable: false,
    schema: entries.originAddition,
  },
} as const satisfies Record<keyof SubscriberCreateRequest, SubscriberFieldDeclaration>;

/**
 * Columns the service records about a subscriber beyond the sign-up's fields that are personal data too, erased with
 * them: the last open of an e-bulletin (docs/newsletter.md#opens-and-the-tr-two-year-rule).
 */
export const personalRecordColumns = ['last_opened_at'] as const;

/** The declared fields. */
export type SubscriberFields = typeof subscriberFields;
/** A declared field's property name. */
export type SubscriberFieldName = keyof SubscriberFields;
/** The property names of the fields the update request changes. */
export type ChangeableFieldName = {
  [K in SubscriberFieldName]: SubscriberFields[K]['changeable'] extends true ? K : never;
}[SubscriberFieldName];

type Output<F extends SubscriberFieldDeclaration> = v.InferOutput<F['schema']>;

/** A field's value as its column holds it: JSON text for lists, NULL for an absent optional value. */
export type ColumnValue<F extends SubscriberFieldDeclaration> = F['stored'] extends 'json'
  ? string
  : undefined extends Output<F>
    ? Exclude<Output<F>, undefined> | null
    : Output<F>;

/** A field's value as the service shows it: lists as lists, NULL for an absent optional value. */
export type FieldValue<F extends SubscriberFieldDeclaration> = F['stored'] extends 'json'
  ? Exclude<Output<F>, undefined>
  : ColumnValue<F>;

/** The declared fields as a row holds them, keyed by column (`first_name`). */
export type SubscriberFieldColumns = {
  [K in SubscriberFieldName as SubscriberFields[K]['column']]: ColumnValue<SubscriberFields[K]>;
};

/** The declared fields as a statement binds them, keyed by property name (`firstName`), column-encoded. */
export type StoredSubscriberFields = { [K in SubscriberFieldName]: ColumnValue<SubscriberFields[K]> };

/** The declared fields as the service shows them, keyed by property name, decoded. */
export type SubscriberFieldValues = { [K in SubscriberFieldName]: FieldValue<SubscriberFields[K]> };

/** The declarations with their property names, in declaration order. */
export const subscriberFieldList = (Object.keys(subscriberFields) as SubscriberFieldName[]).map((name) => ({
  name,
  ...subscriberFields[name],
}));

/**
 * The declared fields a request carries, as a shop stores them (column-encoded, keyed by property name): absent ones
 * NULL or `[]`, and none a shop's form never asks for (DE's names: docs/newsletter.md#fields), whatever a client
 * sends. `names` picks the fields: all for a sign-up, the changeable ones for an update.
 */
export function storedFieldsOf<K extends SubscriberFieldName>(
  rules: Shop['newsletter'],
  request: Partial<Record<K, unknown>>,
  names: readonly K[],
): Pick<StoredSubscriberFields, K> {
  const stored: Record<string, unknown> = {};
  for (const name of names) {
    const field: SubscriberFieldDeclaration = subscriberFields[name];
    const asked = field.askedWhen === undefined || rules[field.askedWhen];
    const given = asked ? request[name] : undefined;
    stored[name] = field.stored === 'json' ? JSON.stringify(given ?? []) : (given ?? null);
  }
  return stored as Pick<StoredSubscriberFields, K>;
}

/**
 * The declared fields among a form's values, as a request sends them (docs/newsletter.md#submission): each field
 * `names` picks that `values` holds, left out when empty (`''`, `[]`) if the request allows leaving it out.
 */
export function requestValuesOf(values: object, names: readonly SubscriberFieldName[]): Record<string, unknown> {
  const request: Record<string, unknown> = {};
  for (const name of names) {
    const value: unknown = Object.hasOwn(values, name) ? (values as Record<string, unknown>)[name] : undefined;
    if (value === undefined) continue;
    const empty = value === '' || (Array.isArray(value) && value.length === 0);
    if (empty && subscriberFields[name].schema.type === 'optional') continue;
    request[name] = value;
  }
  return request;
}

/** The property names of every declared field (a sign-up stores them all). */
export const subscriberFieldNames: readonly SubscriberFieldName[] = subscriberFieldList.map((field) => field.name);

/** The property names of the fields the update request changes. */
export const changeableFieldNames = subscriberFieldList
  .filter((field) => field.changeable)
  .map((field) => field.name) as ChangeableFieldName[];
