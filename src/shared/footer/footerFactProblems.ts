import type { Shop } from '../countries.ts';
import { formatAmount } from '../format/amount.ts';
import type { FooterContent, TeaserGroup } from './footerSchema.ts';
import type { FooterProblem } from './footerProblem.ts';
import { formatReturnPeriod, formatServiceHours } from './shopFacts.ts';

/** One shown text of a service group and its JSON path. */
interface GroupText {
  path: string;
  text: string;
}

function groupTexts(group: TeaserGroup, index: number): GroupText[] {
  const at = `$.teaserGroups[${index}]`;
  return [
    { path: `${at}.heading.text`, text: group.heading.text },
    ...(group.introductoryText === undefined ? [] : [{ path: `${at}.introductoryText`, text: group.introductoryText }]),
    ...group.links.map((link, linkIndex) => ({ path: `${at}.links[${linkIndex}].text`, text: link.text })),
  ];
}

/** The texts of the service groups with a heading icon (`delivery`, `returns`, `contact`), with their paths. */
function textsOfGroups(
  content: FooterContent,
  iconName: string,
): { texts: GroupText[]; groupPath: string } | undefined {
  const index = content.teaserGroups.findIndex((group) => group.heading.iconName === iconName);
  if (index < 0) return undefined;
  return { texts: groupTexts(content.teaserGroups[index]!, index), groupPath: `$.teaserGroups[${index}]` };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every amount in the shop's currency a text states, as a number ("1.000 TL" is 1000, "CHF 49.90" is 49.9). */
export function statedAmounts(shop: Shop, text: string): number[] {
  const parts = new Intl.NumberFormat(shop.locale).formatToParts(12345.6);
  const group = parts.find((part) => part.type === 'group')?.value ?? ',';
  const decimal = parts.find((part) => part.type === 'decimal')?.value ?? '.';
  // Swiss German groups with an apostrophe, typed straight or curly.
  const groups = group === "'" || group === '’' ? "'’" : group;
  const number = `\\d(?:[\\d\\s\\u00a0\\u202f${escape(groups)}]*\\d)?(?:${escape(decimal)}\\d+)?`;
  const sign = escape(shop.currencySign.text);
  const pattern =
    shop.currencySign.position === 'before' ? `${sign}\\s?(${number})` : `(${number})\\s?${sign}(?!\\p{L})`;
  return [...text.matchAll(new RegExp(pattern, 'gu'))].map((match) =>
    Number(
      [...match[1]!]
        .filter((char) => !/[\s\u00a0\u202f]/.test(char) && !groups.includes(char))
        .join('')
        .replace(decimal, '.'),
    ),
  );
}

/** The first two letters of the shop language's words for a unit ("Ta" of "Tag", "Tage"; "dn", "de" in Czech). */
function unitStems(locale: string, unit: 'day' | 'month'): Set<string> {
  const format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' });
  return new Set(
    [1, 2, 5, 1.5].map((n) =>
      format
        .format(n)
        .replace(/[\d\s.,\u00a0]/g, '')
        .slice(0, 2)
        .toLowerCase(),
    ),
  );
}

/** Every period a text states: a number followed by a word for days or months ("30 Tage", "30 napos", "3 mois"). */
export function statedPeriods(shop: Shop, text: string): { amount: number; unit: 'day' | 'month' }[] {
  const stems = { day: unitStems(shop.locale, 'day'), month: unitStems(shop.locale, 'month') };
  return [...text.matchAll(/(\d+)[\s\u00a0]*(\p{L}+)/gu)].flatMap((match) => {
    const stem = match[2]!.slice(0, 2).toLowerCase();
    const unit = stems.day.has(stem) ? 'day' : stems.month.has(stem) ? 'month' : undefined;
    return unit ? [{ amount: Number(match[1]), unit }] : [];
  });
}

/** Every opening-hours range a text states, as "09:00–19:00". */
export function statedHours(text: string): string[] {
  const pad = (hour: string) => hour.padStart(2, '0');
  return [...text.matchAll(/(\d{1,2})[:.](\d{2})\s*[–-]\s*(\d{1,2})[:.](\d{2})/g)].map(
    ([, h1, m1, h2, m2]) => `${pad(h1!)}:${m1}–${pad(h2!)}:${m2}`,
  );
}

/**
 * Where a footer's texts state a free-shipping threshold, a return period or service hours that the country table
 * does not (the table is the authority, docs/footer.md#shop-facts), or leave out one the table has. Looks at the
 * service groups whose heading icon is `delivery`, `returns` and `contact`. Each problem names its JSON path and
 * the placeholder to use instead.
 */
export function footerFactProblems(content: FooterContent, shop: Shop): FooterProblem[] {
  const problems: FooterProblem[] = [];

  const delivery = textsOfGroups(content, 'delivery');
  const thresholds = shop.freeShipping
    ? [shop.freeShipping.from, shop.freeShipping.withCardFrom].filter((n) => n !== undefined)
    : [];
  const tableSays = shop.freeShipping
    ? `free shipping from ${thresholds.map((n) => formatAmount(shop, n)).join(', with the card from ')}`
    : 'no free-shipping threshold';
  let statesThreshold = false;
  for (const { path, text } of delivery?.texts ?? []) {
    for (const amount of statedAmounts(shop, text)) {
      if (amount === shop.freeShipping?.from) statesThreshold = true;
      if (!thresholds.includes(amount))
        problems.push({
          path,
          message: `says ${formatAmount(shop, amount)}; the country table says ${tableSays} (write {{freeShippingFrom}})`,
        });
    }
  }
  if (shop.freeShipping && !statesThreshold) {
    problems.push({
      path: delivery?.groupPath ?? '$.teaserGroups',
      message: `does not state the ${tableSays} (write {{freeShippingFrom}})`,
    });
  }

  const returns = textsOfGroups(content, 'returns');
  const period = formatReturnPeriod(shop);
  let statesPeriod = false;
  for (const { path, text } of returns?.texts ?? []) {
    for (const stated of statedPeriods(shop, text)) {
      if (stated.amount === shop.returnPeriod.amount && stated.unit === shop.returnPeriod.unit) statesPeriod = true;
      else
        problems.push({
          path,
          message: `says ${stated.amount} ${stated.unit}(s); the country table says a return period of ${period} (write {{returnPeriod}})`,
        });
    }
  }
  if (!statesPeriod)
    problems.push({
      path: returns?.groupPath ?? '$.teaserGroups',
      message: `does not state the return period of ${period} (write {{returnPeriod}})`,
    });

  const contact = textsOfGroups(content, 'contact');
  const hours = shop.serviceHours ? formatServiceHours(shop.serviceHours) : undefined;
  let statesHours = false;
  for (const { path, text } of contact?.texts ?? []) {
    for (const stated of statedHours(text)) {
      if (stated === hours) statesHours = true;
      else
        problems.push({
          path,
          message: `says ${stated}; the country table says ${hours ? `service hours ${hours}` : 'no service hours'} (write {{serviceHours}})`,
        });
    }
  }
  if (hours && !statesHours)
    problems.push({
      path: contact?.groupPath ?? '$.teaserGroups',
      message: `does not state the service hours ${hours} (write {{serviceHours}})`,
    });

  return problems;
}
