// The values of the code that docs/ quotes, each found by the name of the export that holds it and the file that
// exports it: the one list a docs value may come from (docs/README.md#generated-values).
import fs from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import { buildEnvironmentSchema, environmentSchema, toolEnvironmentSchema } from '../../../src/shared/config.ts';
import { shops } from '../../../src/shared/countries.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * The exports docs/ quotes, by the file that exports them: `quotedExports.json`.
 * @type {Record<string, string[]>}
 */
export const quotedExports = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'quotedExports.json'), 'utf8'));

/** The file of the settings; a setting's value is its default. */
export const settingsFile = 'src/shared/config.ts';
const settingSchemas = [environmentSchema, buildEnvironmentSchema, toolEnvironmentSchema];
/** Every setting's default, by variable name (absent when it has none). */
const settingDefaults = Object.assign({}, ...settingSchemas.map((schema) => v.parse(schema, {})));
const settingNames = new Set(settingSchemas.flatMap((schema) => Object.keys(schema.entries)));

const modules = Object.fromEntries(
  await Promise.all(Object.keys(quotedExports).map(async (file) => [file, await import(path.join(root, file))])),
);
const fileOfExport = new Map(
  Object.entries(quotedExports).flatMap(([file, names]) => names.map((name) => [name, file])),
);

/**
 * Where a quoted name comes from and what it holds. A name is an export (`EMAIL_MAX_LENGTH`), a property of one
 * (`REFUSED_BODY_DRAIN.maxMs`), a setting (`KEEP_RELEASES`: its default), or a per-shop field of the country table
 * (`shops[].newsletter.minimumAge`: `[code, value]` for every shop). `label` is what the docs name as its place.
 */
export function codeValue(name) {
  const perShop = /^shops\[\]\.(.+)$/.exec(name);
  if (perShop) {
    return {
      value: shops.map((shop) => [shop.code, property(shop, perShop[1].split('.'), name)]),
      label: name,
      file: fileOfExport.get('shops'),
    };
  }
  const [exportName, ...keys] = name.split('.');
  const file = fileOfExport.get(exportName);
  if (file) {
    if (!Object.hasOwn(modules[file], exportName)) throw new Error(`${file} exports no ${exportName} (docs quote it)`);
    return { value: property(modules[file][exportName], keys, name), label: exportName, file };
  }
  if (settingNames.has(name)) return { value: settingDefaults[name], label: name, file: settingsFile };
  throw new Error(`the docs quote ${name}, which scripts/lib/docs/quotedExports.json does not list`);
}

function property(value, keys, name) {
  return keys.reduce((inner, key) => {
    if (key === 'length' && (typeof inner === 'string' || Array.isArray(inner))) return inner.length;
    if (inner === null || typeof inner !== 'object' || !Object.hasOwn(inner, key))
      throw new Error(`${name}: no ${key}`);
    return inner[key];
  }, value);
}

/** Whether `name` is a setting of `src/shared/config.ts`. */
export function isSetting(name) {
  return settingNames.has(name);
}
