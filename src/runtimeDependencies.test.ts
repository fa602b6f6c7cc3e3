import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// Every package a production install runs is a dependency, not a devDependency (docs/operations.md#a-production-install):
// `npm install --omit=dev` leaves devDependencies out, and the server, the publisher's build and the operators'
// commands must still start. Followed from their entry points through every static and dynamic import.
// (tests/site/productionInstall.test.ts starts such an install; this one also covers what only a build reaches.)
const root = path.resolve(import.meta.dirname, '..');

/** What `npm run serve`, the publisher's build, `npm run rollback`/`releases`/`mail:status`/`db:compact` load. */
const entryPoints = [
  'server/main.ts',
  'scripts/build.mjs',
  'scripts/releases.mjs',
  'scripts/rollback.mjs',
  'scripts/mail-status.mjs',
  'scripts/db-compact.mjs',
  'astro.config.mjs',
  ...fs
    .readdirSync(path.join(root, 'src/pages'), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(astro|ts|tsx)$/.test(file))
    .map((file) => `src/pages/${file}`),
];

const IMPORT = /(?:^|[\s;])(?:import|export)\s(?:[^'"]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '.js', '.astro', '/index.ts', '/index.mjs'];

/** The file a relative import names, or undefined (an asset or a generated file). */
function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(path.join(root, from)), specifier);
  for (const extension of EXTENSIONS) {
    const candidate = `${base}${extension}`;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(root, candidate);
  }
  return undefined;
}

/** The package a bare specifier names (`@scope/name` or `name`), or undefined for Node's and Astro's own modules. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0]!)) return undefined;
  if (specifier.startsWith('astro:') || specifier.startsWith('virtual:')) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The packages the files reachable from the entry points import, each with one file that imports it. */
function packagesReached(): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [...entryPoints];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.(test|spec)\.[jt]sx?$/.test(file) || !/\.(m?[jt]sx?|astro)$/.test(file)) continue;
    seen.add(file);
    for (const match of fs.readFileSync(path.join(root, file), 'utf8').matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2])!;
      if (specifier.startsWith('.')) {
        const next = resolveRelative(file, specifier);
        if (next) queue.push(next);
      } else {
        const name = packageOf(specifier);
        if (name && !packages.has(name)) packages.set(name, file);
      }
    }
  }
  return packages;
}

test('every package the server, the build and the operators’ commands import is a dependency', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const reached = packagesReached();
  expect(reached.size).toBeGreaterThan(10);
  const missing = [...reached].filter(([name]) => !Object.hasOwn(manifest.dependencies, name));
  expect(missing.map(([name, file]) => `${name} (imported by ${file})`)).toEqual([]);
});

test('the Node that `npm run` starts is a dependency: the system one may be older than node:sqlite needs', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  expect(manifest.dependencies.node).toMatch(/^\^?24\./);
});
