import { useId } from 'react';

export interface HoneypotProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/**
 * The bot trap: an e-mail field named `email` (what bots look for) that people never see and assistive technology
 * never reaches. It is moved off screen rather than `display:none`, which bots skip.
 */
export function Honeypot({ label, value, onChange }: HoneypotProps) {
  const id = useId();
  return (
    <div className="newsletter-honeypot" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="email" name="email" tabIndex={-1} autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
