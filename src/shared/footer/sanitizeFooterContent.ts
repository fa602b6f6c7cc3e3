import * as v from 'valibot';
import { footerContentSchema, type FooterContent } from './footerSchema.ts';
import { isFooterImageSource } from './logoSources.ts';
import { isSafeUrl } from './safeUrl.ts';
import type { FooterProblem } from './footerProblem.ts';
import { MAX_CONTENT_DEPTH, pathBeyondDepth } from './contentDepth.ts';

type PathItem = string | number;

/** Content that could be used, plus what was dropped from it on the way; or why it cannot be used at all. */
export type FooterParseResult =
  | { ok: true; content: FooterContent; dropped: FooterProblem[] }
  | { ok: false; errors: FooterProblem[]; dropped: FooterProblem[] };

/** `$.a[0].b` for `['a', 0, 'b']`. */
export function jsonPath(path: readonly PathItem[]): string {
  return path.reduce<string>((out, item) => (typeof item === 'number' ? `${out}[${item}]` : `${out}.${item}`), '$');
}

// Optional link properties: an unsafe value removes just the link (the heading or logo stays, unlinked).
// Anywhere else an unsafe link or unknown source removes the list item that carries it.
const optionalLinks: readonly (readonly PathItem[])[] = [
  ['teaserGroups', '*', 'heading', 'link'],
  ['qualityLogos', 'logos', '*', 'link'],
  ['salesTax', 'link'],
];

function matchesPrefix(path: readonly PathItem[], pattern: readonly PathItem[]): boolean {
  return (
    pattern.length <= path.length &&
    pattern.every((item, i) => (item === '*' ? typeof path[i] === 'number' : item === path[i]))
  );
}

/** The part of the content to remove for a bad value at `path`. */
function removalTarget(path: readonly PathItem[]): readonly PathItem[] | undefined {
  const optional = optionalLinks.find((pattern) => matchesPrefix(path, pattern));
  if (optional) return path.slice(0, optional.length);
  for (let i = path.length - 1; i >= 0; i -= 1) if (typeof path[i] === 'number') return path.slice(0, i + 1);
  return undefined;
}

function findUnsafeValues(value: unknown, path: PathItem[], found: { path: PathItem[]; message: string }[]): void {
  if (Array.isArray(value)) {
    value.forEach((item, index) => findUnsafeValues(item, [...path, index], found));
    return;
  }
  if (value === null || typeof value !== 'object') return;
  for (const [key, child] of Object.entries(value)) {
    const childPath = [...path, key];
    if ((key === 'url' || key === 'link') && typeof child === 'string' && !isSafeUrl(child)) {
      found.push({ path: childPath, message: `unsafe link ${JSON.stringify(child.slice(0, 60))} dropped` });
    } else if (key === 'source' && !isFooterImageSource(child)) {
      found.push({ path: childPath, message: `unknown logo source ${JSON.stringify(child)} dropped` });
    } else {
      findUnsafeValues(child, childPath, found);
    }
  }
}

/** Compares paths so deeper paths and higher indices come first: removing them keeps the other paths valid. */
function laterFirst(a: readonly PathItem[], b: readonly PathItem[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] !== b[i])
      return typeof a[i] === 'number' && typeof b[i] === 'number' ? (b[i] as number) - (a[i] as number) : 0;
  }
  return b.length - a.length;
}

function remove(root: unknown, target: readonly PathItem[]): void {
  let parent = root as Record<PathItem, unknown>;
  for (const item of target.slice(0, -1)) parent = parent[item] as Record<PathItem, unknown>;
  const last = target[target.length - 1];
  if (last === undefined) return;
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else delete parent[last];
}

/**
 * Makes CMS footer content safe and typed. Unsafe links and unknown logo sources are removed (and reported with
 * their JSON path) rather than failing the whole footer; anything else that does not match the schema makes the
 * content unusable, reported issue by issue. Content nested deeper than `MAX_CONTENT_DEPTH` is refused as a whole.
 */
export function parseFooterContent(raw: unknown): FooterParseResult {
  // Before anything walks it: content nested beyond any footer is one problem at the place it gets too deep.
  const tooDeep = pathBeyondDepth(raw);
  if (tooDeep)
    return {
      ok: false,
      errors: [{ path: jsonPath(tooDeep), message: `is nested deeper than ${MAX_CONTENT_DEPTH} levels` }],
      dropped: [],
    };
  const content = structuredClone(raw);
  const unsafe: { path: PathItem[]; message: string }[] = [];
  findUnsafeValues(content, [], unsafe);
  const dropped = unsafe.map((problem) => ({ path: jsonPath(problem.path), message: problem.message }));
  const targets = unsafe.map((problem) => removalTarget(problem.path)).filter((target) => target !== undefined);
  const unique = [...new Map(targets.map((target) => [JSON.stringify(target), target])).values()].sort(laterFirst);
  // A bad value outside any list (e.g. a top-level field) cannot be removed: the schema reports it below.
  for (const target of unique) remove(content, target);

  const result = v.safeParse(footerContentSchema, content);
  if (result.success) return { ok: true, content: result.output, dropped };
  const errors = result.issues.map((issue) => ({
    path: jsonPath((issue.path ?? []).map((item) => item.key as PathItem)),
    message: issue.message,
  }));
  return { ok: false, errors, dropped };
}
