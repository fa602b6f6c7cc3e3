import axe from 'axe-core';
import { expect } from 'vitest';

// axe's rules over a page's document without a browser (docs/commands.md#test-layers): run in happy-dom, which builds
// the DOM but lays nothing out, so what needs rendering (contrast, what is visible at a width) comes back incomplete
// and is the browser layer's (tests/pages.spec.ts). Structure is checked: names, labels, roles, ARIA, lists, landmarks,
// languages, ids. The test file opts into happy-dom with `// @vitest-environment happy-dom`.

/** The tags the browser layer's axe runs with (tests/support/axe.ts). */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The rules of those tags that measure what is laid out and painted (colours, sizes), which happy-dom does
 * not compute (no layout, no style sheets loaded), so here they judge nothing real; off, they no longer take a fifth of
 * each page's run. They are the browser layer's (tests/pages.spec.ts).
 */
const needsRendering = ['color-contrast', 'link-in-text-block', 'target-size'];
const rules = Object.fromEntries(needsRendering.map((id) => [id, { enabled: false }]));

/** Replaces the test environment's document with `html`, the `<html>` element's attributes included. */
function load(html: string): void {
  const root = document.documentElement;
  for (const name of root.getAttributeNames()) root.removeAttribute(name);
  const open = /<html([^>]*)>/i.exec(html);
  for (const [, name, value] of (open?.[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)) root.setAttribute(name!, value!);
  root.innerHTML = html.slice((open?.index ?? 0) + (open?.[0].length ?? 0)).replace(/<\/html>\s*$/i, '');
}

/** Fails with a readable list when axe finds serious or critical violations in `html`. */
export async function expectNoSeriousStructuralViolations(html: string, where: string): Promise<void> {
  load(html);
  const { violations } = await axe.run(document, { runOnly: tags, rules, resultTypes: ['violations'] });
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${where}: serious or critical axe violations`).toEqual([]);
}
