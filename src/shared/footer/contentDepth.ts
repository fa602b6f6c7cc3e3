/**
 * How deeply CMS content may nest. The deepest real footer value (`$.seo.columns[0].links[0].url`) sits in the sixth
 * container; anything much deeper is not a footer, and would only exhaust the stack of whatever walks it
 * (`structuredClone`, the sanitizer, the schema). See docs/footer.md#content-schema.
 */
export const MAX_CONTENT_DEPTH = 16;

type PathItem = string | number;

/**
 * The path of the first object or array nested deeper than `max` containers, or undefined when there is none. It
 * walks the value with its own stack, so content nested 30,000 levels deep is measured, not recursed into.
 */
export function pathBeyondDepth(root: unknown, max = MAX_CONTENT_DEPTH): PathItem[] | undefined {
  const stack: { value: unknown; path: PathItem[] }[] = [{ value: root, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= max) return path;
    const children: [PathItem, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : Object.entries(value);
    for (const [key, child] of children.reverse()) stack.push({ value: child, path: [...path, key] });
  }
  return undefined;
}
