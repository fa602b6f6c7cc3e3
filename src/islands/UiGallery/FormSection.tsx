import { useState } from 'react';
import { maskDateInput } from '../../lib/format/date.ts';
import { formatIban } from '../../lib/format/iban.ts';
import { sanitizeNumberInput } from '../../lib/format/number.ts';
import { EMAIL_MAX_LENGTH } from '../../shared/newsletter/subscriberSchema.ts';
import { Checkbox } from '../../ui/Checkbox/Checkbox.tsx';
import { Select } from '../../ui/Select/Select.tsx';
import { TextInput } from '../../ui/TextInput/TextInput.tsx';
import type { GallerySectionProps } from './galleryStrings.ts';
import { GallerySection, Specimen } from './Specimen.tsx';

/** TextInput, Select and Checkbox in every state (default, error, success, disabled), with the input helpers wired in. */
export function FormSection({ strings: s, datePattern }: GallerySectionProps) {
  const [email, setEmail] = useState('');
  const salutations = [
    { value: 'MRS', label: s['ui.gallery.sample.mrs'] },
    { value: 'MR', label: s['ui.gallery.sample.mr'] },
    { value: 'DIVERS', label: s['ui.gallery.sample.divers'] },
    { value: 'COMPANY', label: s['ui.gallery.sample.company'] },
  ];
  const consentLabel = (
    <>
      {s['ui.gallery.sample.consentBefore']}{' '}
      {/* Points inside the gallery so trying it keeps the page; in the shop it is the privacy page. */}
      <a href="#ui-checkbox">{s['ui.gallery.sample.consentLink']}</a>
      {s['ui.gallery.sample.consentAfter'].startsWith('.') ? '' : ' '}
      {s['ui.gallery.sample.consentAfter']}
    </>
  );

  return (
    <>
      <GallerySection name="TextInput">
        <Specimen caption='type="email" hint clearable' wide>
          <TextInput
            label={s['ui.gallery.sample.email']}
            type="email"
            name="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            hint={s['ui.gallery.sample.emailHint']}
            clearable
            strings={s}
            value={email}
            onValueChange={setEmail}
          />
        </Specimen>
        <Specimen caption="error required" wide>
          <TextInput
            label={s['ui.gallery.sample.email']}
            type="email"
            defaultValue="anna.muster@"
            required
            error={s['ui.gallery.sample.emailError']}
            strings={s}
          />
        </Specimen>
        <Specimen caption="success" wide>
          <TextInput
            label={s['ui.gallery.sample.email']}
            type="email"
            defaultValue="anna.muster@example.com"
            success={s['ui.gallery.sample.emailValid']}
            strings={s}
          />
        </Specimen>
        <Specimen caption='type="password" showStrength' wide>
          <TextInput
            label={s['ui.gallery.sample.password']}
            type="password"
            autoComplete="new-password"
            showStrength
            strings={s}
          />
        </Specimen>
        <Specimen caption='type="password" showStrength clearable defaultValue="Kaffee2026"' wide>
          <TextInput
            label={s['ui.gallery.sample.password']}
            type="password"
            autoComplete="off"
            showStrength
            clearable
            defaultValue="Kaffee2026"
            strings={s}
          />
        </Specimen>
        <Specimen caption="formatValue={formatIban}" wide>
          <TextInput
            label={s['ui.gallery.sample.iban']}
            autoComplete="off"
            spellCheck={false}
            formatValue={formatIban}
            maxLength={42}
          />
        </Specimen>
        <Specimen caption='formatValue={sanitizeNumberInput} inputMode="decimal" maxLength={7}' wide>
          <TextInput
            label={s['ui.gallery.sample.amount']}
            inputMode="decimal"
            maxLength={7}
            formatValue={(typed) => sanitizeNumberInput(typed, { maxLength: 7 })}
          />
        </Specimen>
        <Specimen caption={`formatValue={maskDateInput} /* ${datePattern} */`} wide>
          <TextInput
            label={s['ui.gallery.sample.date']}
            hint={s['ui.gallery.sample.dateHint']}
            inputMode="numeric"
            autoComplete="bday"
            formatValue={(typed) => maskDateInput(typed, datePattern)}
          />
        </Specimen>
        <Specimen caption="disabled" wide>
          <TextInput label={s['ui.gallery.sample.email']} defaultValue="anna.muster@example.com" disabled />
        </Specimen>
      </GallerySection>

      <GallerySection name="Select">
        <Specimen caption="placeholder" wide>
          <Select
            label={s['ui.gallery.sample.salutation']}
            name="salutation"
            options={salutations}
            placeholder={s['ui.gallery.sample.choose']}
          />
        </Specimen>
        <Specimen caption="error required" wide>
          <Select
            label={s['ui.gallery.sample.salutation']}
            options={salutations}
            placeholder={s['ui.gallery.sample.choose']}
            required
            error={s['ui.gallery.sample.salutationError']}
          />
        </Specimen>
        <Specimen caption="success" wide>
          <Select
            label={s['ui.gallery.sample.salutation']}
            options={salutations}
            defaultValue="MRS"
            success={s['ui.gallery.sample.salutationValid']}
          />
        </Specimen>
        <Specimen caption="disabled" wide>
          <Select label={s['ui.gallery.sample.salutation']} options={salutations} defaultValue="MRS" disabled />
        </Specimen>
      </GallerySection>

      <GallerySection name="Checkbox">
        <Specimen caption='name="consents" value="DNE"' wide>
          <Checkbox label={consentLabel} name="consents" value="DNE" />
        </Specimen>
        <Specimen caption="error required" wide>
          <Checkbox label={consentLabel} required error={s['ui.gallery.sample.consentError']} />
        </Specimen>
        <Specimen caption="success defaultChecked" wide>
          <Checkbox label={consentLabel} defaultChecked success={s['ui.gallery.sample.consentGiven']} />
        </Specimen>
        <Specimen caption="disabled defaultChecked" wide>
          <Checkbox label={s['ui.gallery.sample.freeShipping']} disabled defaultChecked />
        </Specimen>
      </GallerySection>
    </>
  );
}
