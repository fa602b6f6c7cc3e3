import { useId, useRef, type FormEvent } from 'react';
import { useAdoptLiveValues } from '../lib/hydration/useAdoptLiveValues.ts';
import type { CountryItem } from '../lib/footer/countryList.ts';

export interface CountrySelectorProps {
  /** The countries in display order, labels already in the page's language. */
  items: CountryItem[];
  /** Code of the current shop's country. */
  current: string;
  /** Translated strings. */
  strings: { label: string; submit: string; change: string };
}

/**
 * The footer's country selector: a labelled select with a button that switches the browser to the chosen shop, and
 * a native disclosure of plain links for browsers without JavaScript. Server and browser render exactly the same
 * elements, and CSS shows one of the two from the first paint (the head script marks pages that run JavaScript), so
 * hydrating swaps nothing under the pointer and moves nothing. The select is uncontrolled: a country picked before
 * the island hydrated is read from the form when it is submitted.
 */
export default function CountrySelector({ items, current, strings }: CountrySelectorProps) {
  const id = useId();
  const currentItem = items.find((item) => item.code === current);
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptLiveValues(() => formRef.current);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const selected = new FormData(event.currentTarget).get('country');
    const item = items.find((candidate) => candidate.code === selected);
    if (item) window.location.assign(item.href);
  };
  return (
    <>
      <form ref={formRef} className="country-selector__form" onSubmit={submit}>
        <label htmlFor={id}>{strings.label}</label>
        <select id={id} name="country" defaultValue={current}>
          {items.map((item) => (
            <option key={item.code} value={item.code}>
              {item.flag} {item.label}
            </option>
          ))}
        </select>
        <button type="submit">{strings.submit}</button>
      </form>
      <details className="country-selector__details">
        <summary>
          {currentItem && (
            <>
              <span aria-hidden="true">{currentItem.flag}</span> {currentItem.label} –{' '}
            </>
          )}
          {strings.change}
        </summary>
        <ul className="country-selector__links">
          {items.map((item) => (
            <li key={item.code}>
              <a href={item.href} aria-current={item.code === current ? 'true' : undefined}>
                <span aria-hidden="true">{item.flag}</span> {item.label}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}
