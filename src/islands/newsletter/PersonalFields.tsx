import type { NewsletterFormValues, NewsletterRules } from '../../shared/newsletter/formSchema.ts';
import { salutations } from '../../shared/newsletter/subscriberSchema.ts';
import { Select } from '../../ui/Select/Select.tsx';
import { TextInput } from '../../ui/TextInput/TextInput.tsx';
import type { SignUpStrings } from './signUpStrings.ts';

/** Salutation, first and last name. */
export type PersonalField = 'salutation' | 'firstName' | 'lastName';
type PersonalValues = Pick<NewsletterFormValues, PersonalField>;

export interface PersonalFieldsProps {
  strings: SignUpStrings;
  /** The shop's rules: which of the fields are mandatory (and starred). */
  rules: NewsletterRules;
  /** Prefix of the controls' ids, unique on the page. */
  idPrefix: string;
  values: PersonalValues;
  /** Error messages per field, already translated. */
  errors: Partial<Record<PersonalField, string>>;
  /** Fields prefilled from the customer's data, disabled while they hold a value (docs/newsletter.md#prefill). */
  locked?: Partial<Record<PersonalField, boolean>>;
  /** Ref callback per field, to focus the first invalid one. */
  register: (name: PersonalField) => (element: HTMLElement | null) => void;
  onChange: <K extends PersonalField>(name: K, value: NewsletterFormValues[K]) => void;
  /** Checks the field on its own (docs/newsletter.md#validation). */
  onBlur: (name: PersonalField) => void;
}

/** The fields' ids after the caller's prefix (`{idPrefix}-{id}`), so that an error summary can link to them. */
export const personalFieldIds = {
  salutation: 'salutation',
  firstName: 'first-name',
  lastName: 'last-name',
} as const satisfies Record<PersonalField, string>;

/** First and last name, in this order. */
const nameFields = [
  {
    name: 'firstName',
    id: personalFieldIds.firstName,
    label: 'newsletter.field.firstName',
    autoComplete: 'given-name',
    className: 'newsletter-form__first-name',
  },
  {
    name: 'lastName',
    id: personalFieldIds.lastName,
    label: 'newsletter.field.lastName',
    autoComplete: 'family-name',
    className: undefined,
  },
] as const;

/**
 * The personal fields of the sign-up and the preferences page, for shops that show them
 * (docs/newsletter.md#rules-per-shop): the caller renders them only when `rules.showsPersonalFields`.
 */
export function PersonalFields({
  strings,
  rules,
  idPrefix,
  values,
  errors,
  locked = {},
  register,
  onChange,
  onBlur,
}: PersonalFieldsProps) {
  return (
    <>
      <Select
        ref={register('salutation')}
        id={`${idPrefix}-${personalFieldIds.salutation}`}
        label={strings['newsletter.field.salutation']}
        name="salutation"
        autoComplete="honorific-prefix"
        required={rules.requiresSalutation}
        disabled={locked.salutation && values.salutation !== ''}
        placeholder={strings['newsletter.field.salutationChoose']}
        options={salutations.map((value) => ({ value, label: strings[`newsletter.salutation.${value}`] }))}
        value={values.salutation}
        error={errors.salutation}
        onValueChange={(value) => onChange('salutation', value as NewsletterFormValues['salutation'])}
        onBlur={() => onBlur('salutation')}
      />
      {nameFields.map(({ name, id, label, autoComplete, className }) => (
        <TextInput
          key={name}
          ref={register(name)}
          className={className}
          id={`${idPrefix}-${id}`}
          label={strings[label]}
          name={name}
          autoComplete={autoComplete}
          required={rules.requiresNames}
          disabled={locked[name] && values[name] !== ''}
          value={values[name]}
          error={errors[name]}
          onValueChange={(value) => onChange(name, value)}
          onBlur={() => onBlur(name)}
        />
      ))}
    </>
  );
}
