import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

// Imports run downward (docs/architecture.md#layers): a file may import from its own layer and the layers below it,
// never from one above. A test that reaches up counts like any other file.
const root = path.resolve(import.meta.dirname, '..');

/**
 * The browser-side layers, lowest first. `src/i18n` (the catalogues `src/shared/i18n.ts` reads) sits with
 * `src/shared`. Everything else in `src/` (`build`, `components`, `layouts`, `pages`, `content.config.ts`,
 * `middleware.ts`) renders or builds pages and stands above them all, so no layer may import it: that is how
 * nothing browser-side reaches into `src/build/`.
 */
const layers: ReadonlyArray<readonly [folder: string, rank: number]> = [
  ['src/shared/', 0],
  ['src/i18n/', 0],
  ['src/lib/', 1],
  ['src/ui/', 2],
  ['src/islands/', 3],
  ['src/scripts/', 4],
];
const TOP = layers.length;

/** The layer of a path in `src/`: its folder and rank. */
function layerOf(file: string): { name: string; rank: number } {
  const layer = layers.find(([folder]) => file.startsWith(folder));
  return layer ? { name: layer[0].slice(0, -1), rank: layer[1] } : { name: `src/${file.split('/')[1]}`, rank: TOP };
}

/** Why `from` must not import `to` (repository paths), or undefined when the import runs downward. */
function upwardImport(from: string, to: string): string | undefined {
  if (from.startsWith('server/')) {
    return to.startsWith('server/') || to.startsWith('src/shared/') ? undefined : 'server/ imports only src/shared/';
  }
  if (!from.startsWith('src/')) return undefined;
  const source = layerOf(from);
  if (to.startsWith('server/')) return 'src/ never imports server/ (the pages must not know the stand-in)';
  if (!to.startsWith('src/')) return `${source.name} imports from outside src/ and server/`;
  const target = layerOf(to);
  if (target.rank <= source.rank) return undefined;
  return target.rank === TOP
    ? `${source.name} imports ${target.name}, which builds or renders pages`
    : `${source.name} imports ${target.name}, a layer above it`;
}

/** The code of a file that can hold imports: an `.astro` file's frontmatter and `<script>` bodies, else all of it. */
function codeOf(file: string, text: string): string[] {
  if (!file.endsWith('.astro')) return [text];
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
  return [frontmatter, ...scripts];
}

/**
 * Every relative module a file imports, as repository paths: `import … from`, `import '…'`, `export … from` and
 * `import('…')`, read by TypeScript's own scanner, so comments and strings do not count.
 */
function importsIn(file: string, text: string): string[] {
  return codeOf(file, text)
    .flatMap((code) => ts.preProcessFile(code, true, true).importedFiles.map((imported) => imported.fileName))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => path.posix.join(path.posix.dirname(file), specifier));
}

function sourceFiles(dir: string): string[] {
  return (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[])
    .map((file) => path.posix.join(dir, file.split(path.sep).join('/')))
    .filter((file) => /\.(ts|tsx|mts|mjs|js|astro)$/.test(file) && !file.includes('/node_modules/'));
}

/** Every file of `src/` and `server/` with the repository paths of the files it imports. */
const importGraph = new Map(
  [...sourceFiles('src'), ...sourceFiles('server')].map((file) => [
    file,
    importsIn(file, fs.readFileSync(path.join(root, file), 'utf8')),
  ]),
);

/** Each import cycle once, as the path round it (`a -> b -> a`). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (state.get(target) === 'open') found.push([...stack.slice(stack.indexOf(target)), target].join(' -> '));
      else if (!state.has(target)) visit(target);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('imports run downward (docs/architecture.md#layers)', () => {
  test('the rules: each layer imports itself and the layers below; server/ only src/shared/; nothing browser-side src/build/', () => {
    expect(upwardImport('src/lib/a.ts', 'src/shared/b.ts')).toBeUndefined();
    expect(upwardImport('src/scripts/a.ts', 'src/islands/b.tsx')).toBeUndefined();
    expect(upwardImport('src/shared/i18n.ts', 'src/i18n/de-DE.json')).toBeUndefined();
    expect(upwardImport('src/build/a.ts', 'src/scripts/b.ts')).toBeUndefined();
    expect(upwardImport('src/pages/a.astro', 'src/build/b.astro')).toBeUndefined();
    expect(upwardImport('server/a/b.ts', 'src/shared/c.ts')).toBeUndefined();
    expect(upwardImport('src/lib/a.ts', 'src/scripts/b.ts')).toMatch(/a layer above/);
    expect(upwardImport('src/ui/a.astro', 'src/islands/b.tsx')).toMatch(/a layer above/);
    expect(upwardImport('src/shared/a.ts', 'src/lib/b.ts')).toMatch(/a layer above/);
    expect(upwardImport('src/ui/a.astro', 'src/layouts/b.astro')).toMatch(/renders pages/);
    for (const browserSide of [
      'src/lib/a.ts',
      'src/ui/a.tsx',
      'src/islands/a.tsx',
      'src/scripts/a.ts',
      'src/shared/a.ts',
    ]) {
      expect(upwardImport(browserSide, 'src/build/b.ts'), browserSide).toMatch(/builds or renders pages/);
    }
    expect(upwardImport('server/a/b.ts', 'src/lib/c.ts')).toMatch(/only src\/shared/);
    expect(upwardImport('server/a/b.ts', 'scripts/lib/c.mjs')).toMatch(/only src\/shared/);
    expect(upwardImport('src/lib/a.ts', 'server/b.ts')).toMatch(/never imports server/);
    expect(upwardImport('src/lib/a.ts', 'scripts/b.mjs')).toMatch(/outside src/);
  });

  test('the scan reads every kind of import, in .ts and in .astro, and skips comments, strings and packages', () => {
    const code = [
      "import { expect } from 'vitest';",
      "import type { A } from './a.ts';",
      "import './b.css';",
      "export { C } from '../c.ts';",
      "const d = await import('./d.ts');",
      "// import e from './e.ts'",
      'const f = "import f from \'./f.ts\'";',
    ].join('\n');
    expect(importsIn('src/lib/x.ts', code)).toEqual(['src/lib/a.ts', 'src/lib/b.css', 'src/c.ts', 'src/lib/d.ts']);
    const astro =
      "---\nimport A from '../ui/A.astro';\n---\n<p>Don't import './p.ts'</p>\n<script>\n  import './s.ts';\n</script>\n";
    expect(importsIn('src/pages/x.astro', astro)).toEqual(['src/ui/A.astro', 'src/pages/s.ts']);
  });

  test('no import in src/ or server/ runs up', () => {
    const upward: string[] = [];
    let imports = 0;
    for (const [file, targets] of importGraph) {
      for (const target of targets) {
        imports += 1;
        const why = upwardImport(file, target);
        if (why) upward.push(`${file} -> ${target}: ${why}`);
      }
    }
    expect(upward).toEqual([]);
    // The tree has well over a thousand relative imports; finding few means the scan itself broke.
    expect(imports).toBeGreaterThan(1000);
  });

  test('no module reaches itself through its imports', () => {
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual(['a -> b -> c -> a']);
    expect(cycles(importGraph)).toEqual([]);
  });
});
