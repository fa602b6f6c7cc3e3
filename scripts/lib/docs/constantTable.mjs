// The tables of docs/constants.md (limits, timings, sizes): one row per fact, its value written from the code, and
// the "where" column naming every export the value was read from, with its file.
import { codeValue } from './codeValues.mjs';
import { formatValue } from './formatValue.mjs';

/**
 * One row: `what` it is, its `value` as a function of `quote`, and optionally `see`, a pointer written after the places.
 * `quote(name, formats)` writes a value of the code (`formatValue`); `quote.raw(name)` gives it unwritten. Either
 * records the name, so the "where" column names exactly what the value was read from.
 * @typedef {{ what: string, value: (quote: Quote) => string, see?: string }} ConstantRow
 * @typedef {((name: string, formats?: string) => string) & { raw: (name: string) => any }} Quote
 */

/** A quote function that records the names it was asked for. */
function recordingQuote() {
  const used = [];
  const lookUp = (name) => {
    const found = codeValue(name);
    if (!used.some((entry) => entry.label === found.label && entry.file === found.file)) used.push(found);
    return found;
  };
  const quote = (name, formats) => formatValue(name, lookUp(name).value, formats);
  quote.raw = (name) => lookUp(name).value;
  return { quote, used };
}

/** "`A`, `B`, `file`; `C`, `other file`": the names grouped by file, in the order the value used them. */
export function placesOf(used) {
  const files = [...new Set(used.map((entry) => entry.file))];
  return files
    .map((file) =>
      [...used.filter((entry) => entry.file === file).map((entry) => entry.label), file]
        .map((text) => `\`${text}\``)
        .join(', '),
    )
    .join('; ');
}

const cell = (text) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The rows as a Markdown table with the columns what, value, where. */
export function constantTable(rows) {
  const lines = rows.map((row) => {
    const { quote, used } = recordingQuote();
    const value = row.value(quote);
    if (!used.length) throw new Error(`"${row.what}": its value quotes no code value`);
    const where = [placesOf(used), row.see].filter(Boolean).join('; ');
    return `| ${cell(row.what)} | ${cell(value)} | ${cell(where)} |`;
  });
  return ['| what | value | where |', '| --- | --- | --- |', ...lines].join('\n');
}
