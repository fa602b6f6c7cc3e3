import { expect, test } from 'vitest';
import { staticClosure } from '../moduleGraph.ts';
import { withIslandModules } from './islandModuleGraphs.ts';

const graph = new Map([
  ['_astro/Signup.js', ['_astro/islands.js']],
  ['_astro/islands.js', ['_astro/core.js', '_astro/react.js']],
  ['_astro/react.js', []],
  ['_astro/client.js', ['_astro/react.js']],
  ['_astro/Unrelated.js', ['_astro/other.js']],
]);

test('the closure holds every file imported directly or not, each once, and nothing else', () => {
  expect(staticClosure(graph, ['_astro/Signup.js', '_astro/client.js'])).toEqual([
    '_astro/Signup.js',
    '_astro/islands.js',
    '_astro/core.js',
    '_astro/react.js',
    '_astro/client.js',
  ]);
});

test("every client:interaction island gets its component's and renderer's files; other islands stay as they are", () => {
  const island =
    '<astro-island uid="1" component-url="/_astro/Signup.js" renderer-url="/_astro/client.js" ssr client="interaction" opts="{}">';
  const eager =
    '<astro-island uid="2" component-url="/_astro/Unrelated.js" renderer-url="/_astro/client.js" ssr client="load">';
  const html = withIslandModules(`<main>${island}</astro-island>${eager}</astro-island></main>`, graph, '/');
  expect(html).toContain(
    `client="interaction" opts="{}" data-island-modules="/_astro/Signup.js /_astro/islands.js /_astro/core.js /_astro/react.js /_astro/client.js">`,
  );
  expect(html).toContain(eager);
  // Written once: a second pass changes nothing.
  expect(withIslandModules(html, graph, '/')).toBe(html);
});
