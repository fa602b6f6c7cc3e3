import fs from 'node:fs';
import path from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { shops } from '../countries.ts';
import { footerImageSources } from './logoSources.ts';
import { parseFooterContent } from './sanitizeFooterContent.ts';

// Property-based fault injection: mutate real, valid CMS content at random places with hostile or broken values and
// check the one gate between the CMS and the page. It must never throw (a crash would fail the whole build), and
// whatever it lets through must hold only links with allowed schemes and known logo sources.

type Json = unknown;
type Path = (string | number)[];

const seeds = shops.map(
  (shop) =>
    JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, `../../../server/seed/footer/${shop.segment}.json`), 'utf8'),
    ) as Json,
);

/** Every place in a JSON value: object keys and array indices, at any depth. */
function placesOf(value: Json, at: Path = [], out: Path[] = []): Path[] {
  const children: [string | number, Json][] = Array.isArray(value)
    ? value.map((item, i) => [i, item])
    : value && typeof value === 'object'
      ? Object.entries(value)
      : [];
  for (const [key, child] of children) {
    out.push([...at, key]);
    placesOf(child, [...at, key], out);
  }
  return out;
}

const hostileLinks = [
  'javascript:alert(1)',
  ' JaVaScRiPt:alert(1)',
  'java\tscript:alert(1)',
  '\u0000javascript:alert(1)',
  'data:text/html,<script>x</script>',
  'vbscript:msgbox(1)',
  '//evil.example/path',
  '/\\evil.example',
  'file:///etc/passwd',
  'blob:https://x/1',
  'https://ok.example/',
  '/c123',
];
const anyValue = fc.oneof(
  fc.constantFrom(...hostileLinks),
  fc.string(),
  fc.integer(),
  fc.constant(null),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constantFrom('<img src=x onerror=alert(1)>', 'UNKNOWN_LOGO', 'paypal'),
);
const mutation = fc.record({ place: fc.nat(), kind: fc.constantFrom('set', 'delete'), value: anyValue });

function mutate(seed: Json, mutations: { place: number; kind: string; value: Json }[]): Json {
  const content = structuredClone(seed);
  for (const m of mutations) {
    const places = placesOf(content);
    if (places.length === 0) break;
    const target = places[m.place % places.length]!;
    let parent = content as Record<string | number, Json>;
    for (const key of target.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
    const last = target[target.length - 1]!;
    if (m.kind === 'delete') {
      if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
      else delete parent[last];
    } else parent[last] = m.value;
  }
  return content;
}

const allowed = /^(https?:\/\/|mailto:|tel:|\/(?![/\\]))/i;
function linksAndSources(value: Json, out: { links: string[]; sources: unknown[] } = { links: [], sources: [] }) {
  if (Array.isArray(value)) value.forEach((item) => linksAndSources(item, out));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if ((key === 'url' || key === 'link') && typeof child === 'string') out.links.push(child);
      else if (key === 'source') out.sources.push(child);
      else linksAndSources(child, out);
    }
  }
  return out;
}

test.prop([fc.nat({ max: seeds.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 8 })], { numRuns: 400 })(
  'mutated CMS content never crashes the parser and never lets an unsafe link or unknown logo through',
  (seedIndex, mutations) => {
    const result = parseFooterContent(mutate(seeds[seedIndex], mutations));
    if (!result.ok) {
      // Refused content is reported, each problem with its JSON path.
      expect(result.errors.length).toBeGreaterThan(0);
      for (const error of result.errors) expect(error.path).toMatch(/^\$/);
      return;
    }
    const { links, sources } = linksAndSources(result.content);
    for (const link of links) {
      expect(link, `link let through: ${JSON.stringify(link)}`).toMatch(allowed);
      // eslint-disable-next-line no-control-regex
      expect(link).not.toMatch(/[\s\u0000-\u001f]/);
    }
    for (const source of sources) expect(Object.keys(footerImageSources)).toContain(source);
  },
);

test.prop([fc.nat({ max: seeds.length - 1 }), fc.constantFrom(...hostileLinks.slice(0, 10))])(
  'a hostile link put anywhere a link goes is dropped and reported with its JSON path',
  (seedIndex, hostile) => {
    const seed = seeds[seedIndex];
    const linkPlaces = placesOf(seed).filter((p) => p[p.length - 1] === 'link' || p[p.length - 1] === 'url');
    for (const place of linkPlaces.slice(0, 20)) {
      const content = structuredClone(seed) as Record<string | number, Json>;
      let parent = content;
      for (const key of place.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
      parent[place[place.length - 1]!] = hostile;
      const result = parseFooterContent(content);
      const jsonPath = place.reduce<string>((out, k) => (typeof k === 'number' ? `${out}[${k}]` : `${out}.${k}`), '$');
      expect(result.dropped.map((d) => d.path)).toContain(jsonPath);
      if (result.ok) expect(linksAndSources(result.content).links).not.toContain(hostile);
    }
  },
);
