import { useId, useState, useSyncExternalStore, type FormEvent } from 'react';
import type { CountryItem } from '../lib/footer/countryList.ts';

export interface CountrySelectorProps {
  /** The countries in display order, labels already in the page's language. */
  items: CountryItem[];
  /** Code of the current shop's country. */
  current: string;
  /** Translated strings. */
  strings: { label: string; submit: string; change: string };
}

const subscribeNothing = () => () => {};

/**
 * The footer's country selector. The server (and a browser without JavaScript) renders a native disclosure with
 * plain links; once hydrated it becomes a labelled select with a button, which switches the browser to the shop.
 */
export default function CountrySelector({ items, current, strings }: CountrySelectorProps) {
  // false while server-rendering and hydrating, true afterwards: the no-JS markup hydrates without a mismatch.
  const hydrated = useSyncExternalStore(subscribeNothing, () => true, () => false);
  const [selected, setSelected] = useState(current);
  const id = useId();
  const currentItem = items.find((item) => item.code === current);

  if (!hydrated) {
    return (
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
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const item = items.find((candidate) => candidate.code === selected);
    if (item) window.location.assign(item.href);
  };
  return (
    <form className="country-selector__form" onSubmit={submit}>
      <label htmlFor={id}>{strings.label}</label>
      <select id={id} value={selected} onChange={(event) => setSelected(event.target.value)}>
        {items.map((item) => (
          <option key={item.code} value={item.code}>
            {item.flag} {item.label}
          </option>
        ))}
      </select>
      <button type="submit">{strings.submit}</button>
    </form>
  );
}
