// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { shopBySegment } from '../shared/countries.ts';
import { countryItems } from '../lib/footer/countryList.ts';
import CountrySelector from './CountrySelector.tsx';

// The footer's country selector as an island (docs/footer.md#country-selector): the chosen country's page, in a shop
// of the retailer or on the international site. Hydrating it on the first interaction, and a switch in a real
// browser, are the browser layer's (tests/footer-interactions.spec.ts, tests/hydration-country-selector.spec.ts).

const strings = { label: 'Wybierz kraj', submit: 'Przejdź do sklepu', change: 'Zmień kraj' };
const items = countryItems(
  shopBySegment('pl')!,
  'Inne kraje',
  'https://international.aroma.example/?country={country}',
);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

test.each([
  [
    'FR',
    'a country without a shop of its own goes to the international site',
    'https://international.aroma.example/?country=fr',
  ],
  ['HU', 'a country with a shop goes to that shop', '/hu/'],
])('%s: %s', async (code, _, href) => {
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
  render(<CountrySelector items={items} current="PL" strings={strings} />);
  const select = screen.getByRole('combobox', { name: strings.label }) as HTMLSelectElement;
  expect(select.value).toBe('PL');
  await userEvent.selectOptions(select, code);
  await userEvent.click(screen.getByRole('button', { name: strings.submit }));
  expect(assign.mock.calls).toEqual([[href]]);
});
