import * as v from 'valibot';
import { isCalendarDateTime } from '../calendarInstant.ts';

/**
 * Shapes and rules of the staff preview (docs/preview.md#settings-form), shared by the panel and the stand-in services.
 * Staff UI is English, so messages here are the English texts of docs/errors.md#preview-messages.
 */

/** Auth-status values of the preview service (docs/preview.md#who-sees-the-panel). */
const authStatuses = ['SUCCESS', 'BAD_REQUEST', 'INTERNAL_ERROR', 'UNAUTHORIZED'] as const;
/** Results of a staff login (docs/preview.md#staff-login). */
export const loginResults = ['SUCCESS', 'UNAUTHORIZED', 'SERVICE_UNAVAILABLE'] as const;

/** Message on the form when a test is chosen without a group (docs/preview.md#selection-rules). */
const GROUP_MISSING_MESSAGE = 'Please also select an A/B test group!';
/** Message on the group field when it is missing (docs/preview.md#selection-rules). */
const REQUIRED_MESSAGE = 'Required';

const nullableText = v.nullish(v.string(), null);

/** Answer of `GET /service/preview/api/auth/checkauth`. */
export const checkAuthResponseSchema = v.object({
  /** SUCCESS when the staff session is valid. */
  status: v.picklist(authStatuses),
  /** Preview date-time (ISO 8601) in force, or null for "now". */
  dateTime: nullableText,
  /** A/B test forced for this session, or null. */
  abTestName: nullableText,
  /** Group of that test, or null. */
  abTestGroup: nullableText,
});
export type CheckAuthResponse = v.InferOutput<typeof checkAuthResponseSchema>;

/** An A/B test as `gettestsat` lists it: a name and its groups. */
const abTestSchema = v.object({
  /** Test name, unique. */
  name: v.pipe(v.string(), v.nonEmpty()),
  /** Groups a visitor can be put in. */
  groups: v.array(v.object({ /** Group name, unique within the test. */ name: v.pipe(v.string(), v.nonEmpty()) })),
});
export type AbTest = v.InferOutput<typeof abTestSchema>;

/** Answer of `GET /service/abtestfrontend/api/v1/gettestsat`. */
export const abTestListSchema = v.array(abTestSchema);

/** Longest user name a login accepts (docs/constants.md#limits). */
export const LOGIN_USERNAME_MAX_LENGTH = 256;
/** Longest password a login accepts, so nobody makes the server hash megabytes (docs/constants.md#limits). */
export const LOGIN_PASSWORD_MAX_LENGTH = 1024;

/** Staff credentials posted to `POST /service/login/api/v1/login`. */
export const loginRequestSchema = v.object({
  /** User name (staff) or e-mail address (demo shopper). */
  username: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(LOGIN_USERNAME_MAX_LENGTH)),
  /** Password; never stored, only compared with a scrypt hash. */
  password: v.pipe(v.string(), v.nonEmpty(), v.maxLength(LOGIN_PASSWORD_MAX_LENGTH)),
});
export type LoginRequest = v.InferOutput<typeof loginRequestSchema>;

/**
 * The A/B part of the panel: both empty (no forced test) is valid; a test needs a group.
 * The group issue carries `REQUIRED_MESSAGE`, the form-level one `GROUP_MISSING_MESSAGE`.
 */
export const previewSelectionSchema = v.pipe(
  v.object({
    /** Chosen test name; empty for none. */
    test: v.string(),
    /** Chosen group name; empty for none. */
    group: v.string(),
  }),
  v.forward(
    v.check((selection) => selection.test === '' || selection.group !== '', REQUIRED_MESSAGE),
    ['group'],
  ),
  v.check((selection) => selection.group === '' || selection.test !== '', 'A group needs a test'),
);
export type PreviewSelection = v.InferOutput<typeof previewSelectionSchema>;

/** What is wrong with a selection, or undefined when it may be applied. */
export interface SelectionProblem {
  /** Form-level message (docs/preview.md#selection-rules). */
  message: string;
  /** Message on the group field. */
  group: string;
}

/** Checks the panel's A/B selection (docs/preview.md#selection-rules). */
export function checkSelection(selection: PreviewSelection): SelectionProblem | undefined {
  const result = v.safeParse(previewSelectionSchema, selection);
  if (result.success) return undefined;
  return { message: GROUP_MISSING_MESSAGE, group: REQUIRED_MESSAGE };
}

/** An ISO instant accepted by the services (`time`, `previewDateTime`, `validFrom`): a moment the calendar has. */
export const isoInstantSchema = v.pipe(
  v.string(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const value = dataset.value;
    if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(Date.parse(value)))
      addIssue({ message: 'Not an ISO 8601 date-time' });
    else if (!isCalendarDateTime(value)) addIssue({ message: 'Not a date and time of the calendar' });
  }),
);
