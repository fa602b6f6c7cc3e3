// How docs/ writes a value of the code: `15000 ms`, `14 days`, `64 KB`, `16 (18 in CZ and SK)`.

/**
 * What a value's number counts, read from its name, the innermost part first: `…_MS`/`…Ms` milliseconds, `…_SECONDS`
 * seconds, `…_BYTES`/`…Bytes` bytes (`REFUSED_BODY_DRAIN.maxMs`; `pageBudgetBytes.html`).
 */
function unitOf(name) {
  for (const part of name.split('.').reverse()) {
    if (/(_MS|Ms)$/.test(part)) return 'ms';
    if (/(_SECONDS|Seconds)$/.test(part)) return 's';
    if (/(_BYTES|Bytes)$/.test(part)) return 'bytes';
  }
  return undefined;
}

const millisecondsPer = {
  ms: 1,
  s: 1000,
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  years: 365 * 86_400_000,
};
const bytesPer = { KB: 1024, MB: 1024 * 1024 };
const singular = { seconds: 'second', minutes: 'minute', hours: 'hour', days: 'day', years: 'year' };

/** `amount` of `unit` as a whole number, or an error naming the value (docs must not round a limit). */
function whole(name, amount, unit) {
  if (!Number.isInteger(amount)) throw new Error(`${name} is not a whole number of ${unit} (${amount})`);
  return amount;
}

/** One number in `format`: `ms`, `s`, `seconds`, `minutes`, `hours`, `days`, `years`, `KB`, `MB`, `px`, `months` (a count) or none. */
function formatNumber(name, value, format) {
  if (format === undefined) return String(value);
  if (format === 'px') return `${value} px`;
  if (format === 'months') return `${value} month${value === 1 ? '' : 's'}`;
  if (Object.hasOwn(bytesPer, format)) {
    if (unitOf(name) !== 'bytes') throw new Error(`${name} is not in bytes; it cannot be written in ${format}`);
    return `${whole(name, value / bytesPer[format], format)} ${format}`;
  }
  if (!Object.hasOwn(millisecondsPer, format)) throw new Error(`unknown format "${format}" for ${name}`);
  const unit = unitOf(name);
  if (unit !== 'ms' && unit !== 's') throw new Error(`${name} is not a duration; it cannot be written in ${format}`);
  const amount = whole(name, (value * millisecondsPer[unit]) / millisecondsPer[format], format);
  if (format === 'ms' || format === 's') return `${amount} ${format}`;
  return `${amount} ${amount === 1 ? singular[format] : format}`;
}

/** Per-shop `[code, value]` entries grouped by value, in the order the values first appear: `{ value, codes }`. */
function groupsOf(entries) {
  const groups = new Map();
  for (const [code, value] of entries) {
    const key = JSON.stringify(value);
    if (!groups.has(key)) groups.set(key, { value, codes: [] });
    groups.get(key).codes.push(code);
  }
  return [...groups.values()];
}

/** `CZ and SK`, `DE, AT and CH`. */
export function listOf(words) {
  return words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * A per-shop fact in one phrase: the value most shops have, then the others with their shops, most shops first:
 * `16 (18 in CZ and SK)`; just `16` when every shop agrees. `describe` writes one value.
 * @param {[string, any][]} entries
 * @param {(value: any) => string} [describe]
 */
export function perShopPhrase(entries, describe = String) {
  const [common, ...others] = groupsOf(entries).sort((a, b) => b.codes.length - a.codes.length);
  if (!common) return '';
  if (!others.length) return describe(common.value);
  return `${describe(common.value)} (${others.map((group) => `${describe(group.value)} in ${listOf(group.codes)}`).join('; ')})`;
}

/**
 * A value as docs/ writes it. `formats` is a space-separated list: at most one unit (see `formatNumber`), `code` to set
 * it in backticks, a path to append (`/de/`) and `link` to make an address a link (`<http://localhost:4321/de/>`),
 * and for a per-shop value `shops`: only the shops that have one, with it (`1 month in HU`), or
 * for a yes/no value the shops where it holds (`DE, AT and CH`). A list is written with commas, any other per-shop
 * value with `perShopPhrase`.
 */
export function formatValue(name, value, formats = '') {
  const words = formats.split(' ').filter(Boolean);
  const code = words.includes('code');
  const link = words.includes('link');
  const suffix = words.filter((word) => word.startsWith('/')).join('');
  const units = words.filter((word) => !['code', 'link', 'shops'].includes(word) && !word.startsWith('/'));
  if (units.length > 1) throw new Error(`${name}: more than one unit (${formats})`);
  const one = (item) => (typeof item === 'number' ? formatNumber(name, item, units[0]) : String(item));
  let text;
  if (words.includes('shops')) {
    if (!name.startsWith('shops[].')) throw new Error(`${name} is not a per-shop value; it has no shops`);
    const holding = value.filter(([, held]) => held !== null && held !== false);
    text = holding.every(([, held]) => held === true)
      ? listOf(holding.map(([shop]) => shop))
      : groupsOf(holding)
          .map((group) => `${one(group.value)} in ${listOf(group.codes)}`)
          .join('; ');
  } else if (name.startsWith('shops[].')) text = perShopPhrase(value, one);
  else if (Array.isArray(value)) text = value.map(one).join(', ');
  else if (value !== null && typeof value === 'object')
    throw new Error(`${name} is an object; quote one of its properties`);
  else text = one(value);
  text += suffix;
  if (link) text = `<${text}>`;
  return code ? `\`${text}\`` : text;
}
