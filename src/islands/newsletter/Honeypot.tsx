import { useId, type Ref } from 'react';
import { formFieldNames } from '../../shared/newsletter/formAnswers.ts';

export interface HoneypotProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The trap's `<input>`, read on submit to tell autofill from a script. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * The bot trap: a plain text field that people never see and assistive technology never reaches. Nothing about it
 * (name, id, label, type, autocomplete token) says e-mail, name or phone, so browsers' autofill has no reason to fill
 * it; bots fill every field they find. It is moved off screen rather than `display:none`, which bots skip.
 */
export function Honeypot({ label, value, onChange, ref }: HoneypotProps) {
  const id = useId();
  return (
    <div className="newsletter-honeypot" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input
        ref={ref}
        id={id}
        type="text"
        name={formFieldNames.honeypot}
        tabIndex={-1}
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
