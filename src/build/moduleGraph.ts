/** Static imports per built file (`_astro/a.js` → `['_astro/b.js', …]`), as the bundler reports them. */
export type ModuleGraph = ReadonlyMap<string, readonly string[]>;

/**
 * `files` and every file they import statically, directly or not, each once, in the order first met. Files the graph
 * does not know are kept as they are (they import nothing the graph could name).
 */
export function staticClosure(graph: ModuleGraph, files: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of graph.get(file) ?? []) visit(imported);
  };
  for (const file of files) visit(file);
  return [...seen];
}
