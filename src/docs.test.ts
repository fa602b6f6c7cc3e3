import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

// The behaviour reference in docs/ is what code comments point to; a renamed heading or a typo in a pointer must
// fail here rather than leave a maintainer at a dead link. See docs/README.md.
const root = path.resolve(import.meta.dirname, '..');
const docsDir = path.join(root, 'docs');
const codeDirs = ['src', 'server', 'scripts', 'tests'];
const rootFiles = ['README.md', 'astro.config.mjs', 'eslint.config.js', 'playwright.config.ts', 'vitest.config.ts'];
const codeExtensions = /\.(ts|tsx|mts|mjs|js|astro|css|md)$/;

/** GitHub's anchor of a heading: lower case, punctuation dropped (but `-` and `_`), spaces become hyphens. */
function githubSlug(heading: string): string {
  const text = heading.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file's headings (outside code fences), numbered like GitHub's for repeats. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let inFence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) inFence = !inFence;
    const heading = inFence ? null : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const slug = githubSlug(heading[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function codeFiles(): string[] {
  const files = codeDirs.flatMap((dir) =>
    (fs.readdirSync(path.join(root, dir), { recursive: true }) as string[])
      .filter((file) => codeExtensions.test(file))
      .map((file) => path.join(dir, file)),
  );
  return [...files, ...rootFiles.filter((file) => fs.existsSync(path.join(root, file)))];
}

const docFiles = fs.readdirSync(docsDir).filter((file) => file.endsWith('.md'));
const anchorsByDoc = new Map(
  docFiles.map((file) => [file, anchorsOf(fs.readFileSync(path.join(docsDir, file), 'utf8'))]),
);

/** Where `target` (`newsletter.md#validation` or `footer.md`) does not lead, or undefined when it does. */
function brokenTarget(target: string): string | undefined {
  const [file = '', anchor] = target.split('#');
  const anchors = anchorsByDoc.get(file);
  if (!anchors) return `no file docs/${file}`;
  if (anchor !== undefined && !anchors.has(anchor)) return `no heading #${anchor} in docs/${file}`;
  return undefined;
}

describe('docs pointers', () => {
  test('the reference covers the newsletter, footer, preview, calls, errors and constants', () => {
    expect(docFiles).toEqual(
      expect.arrayContaining([
        'README.md',
        'newsletter.md',
        'footer.md',
        'preview.md',
        'calls.md',
        'errors.md',
        'constants.md',
      ]),
    );
  });

  test('every docs/….md#anchor in the code leads to a real heading', () => {
    const broken: string[] = [];
    let pointers = 0;
    for (const file of codeFiles()) {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      for (const match of text.matchAll(/\bdocs\/([\w-]+\.md(?:#[\w-]+)?)/g)) {
        pointers += 1;
        const problem = brokenTarget(match[1]!);
        if (problem) broken.push(`${file}: docs/${match[1]} (${problem})`);
      }
    }
    expect(broken).toEqual([]);
    // The comments were pointed here on purpose; finding none means the scan itself broke.
    expect(pointers).toBeGreaterThan(50);
  });

  test('links between the docs lead to real headings', () => {
    const broken: string[] = [];
    for (const file of docFiles) {
      const text = fs.readFileSync(path.join(docsDir, file), 'utf8');
      for (const match of text.matchAll(/\]\((?:\.\/)?([\w-]+\.md)?(#[\w-]+)?\)/g)) {
        const target = `${match[1] ?? file}${match[2] ?? ''}`;
        const problem = brokenTarget(target);
        if (problem) broken.push(`docs/${file}: ${match[0]} (${problem})`);
      }
    }
    expect(broken).toEqual([]);
  });

  test('no code refers to the old spec outside the repository any more', () => {
    // Built from parts so that this file does not match itself. A section sign of a law (BGB section 312k) is fine; a
    // numbered section of the old spec ("spec", the section sign and a number) is not.
    const outsidePath = ['..', 'shared', 'spec'].join('/');
    const specSection = new RegExp(`(spec\\S*\\s*\u00a7|\\(\u00a7)\\s*\\d`, 'i');
    const specFile = new RegExp(['spec', 'md'].join('\\.'));
    const stale = codeFiles().filter((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      return specSection.test(text) || text.includes(outsidePath) || specFile.test(text);
    });
    expect(stale).toEqual([]);
  });

  test('no relative path in code leads outside the repository', () => {
    const outside = codeFiles().flatMap((file) => {
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      return [...text.matchAll(/(?<![\w./])((?:\.\.\/)+)[\w-]/g)]
        .filter((match) => path.relative(root, path.resolve(root, path.dirname(file), match[1]!)).startsWith('..'))
        .map((match) => `${file}: ${match[0]}`);
    });
    expect(outside).toEqual([]);
  });
});

/** Folders of the repository a path in the docs starts with. */
const repositoryFolders = ['src/', 'server/', 'scripts/', 'tests/', 'docs/', 'public/', '.ci/'];

/**
 * Repository paths named in backticks in a Markdown text (`src/shared/countries.ts`, `server/newsletter/`), without
 * anchors; patterns with placeholders (`src/i18n/{locale}.json`, `tests/*.spec.ts`) are not paths and are skipped.
 */
function backtickedPaths(markdown: string): string[] {
  return [...markdown.matchAll(/`([^`\n]+)`/g)].flatMap((match) =>
    match[1]!
      .split(/[\s,]+/)
      .map(
        (token) =>
          token
            .replace(/^\(/, '')
            .replace(/[.:;)]+$/, '')
            .split('#')[0]!,
      )
      .filter(
        (token) => repositoryFolders.some((folder) => token.startsWith(folder)) && !/[{}*<>$|]|\.\.\.|…/.test(token),
      ),
  );
}

describe('paths in the README and the docs', () => {
  const markdownFiles = [
    'README.md',
    ...docFiles.map((file) => `docs/${file}`),
    ...(fs.readdirSync(path.join(root, 'src/ui'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('README.md'))
      .map((file) => `src/ui/${file}`),
  ];

  test('every backticked repository path exists', () => {
    const missing: string[] = [];
    let named = 0;
    for (const file of markdownFiles) {
      for (const repositoryPath of backtickedPaths(fs.readFileSync(path.join(root, file), 'utf8'))) {
        named += 1;
        if (!fs.existsSync(path.join(root, repositoryPath))) missing.push(`${file}: \`${repositoryPath}\``);
      }
    }
    expect(missing).toEqual([]);
    // The docs name a couple of hundred paths; finding few means the scan broke.
    expect(named).toBeGreaterThan(150);
  });

  test('links from the README into docs/ lead to real files and headings', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    const broken = [...readme.matchAll(/\]\(docs\/([\w-]+\.md(?:#[\w-]+)?)\)/g)]
      .map((match) => [match[1]!, brokenTarget(match[1]!)] as const)
      .filter(([, problem]) => problem)
      .map(([target, problem]) => `docs/${target}: ${problem}`);
    expect(broken).toEqual([]);
  });

  test('backtickedPaths finds paths and skips patterns', () => {
    expect(
      backtickedPaths(
        'see `src/shared/countries.ts` and `server/newsletter/`, not `src/i18n/{locale}.json` or `npm test`',
      ),
    ).toEqual(['src/shared/countries.ts', 'server/newsletter/']);
  });
});

describe('githubSlug', () => {
  test('follows GitHub: lower case, punctuation dropped, spaces to hyphens', () => {
    expect(githubSlug('Rules per shop')).toBe('rules-per-shop');
    expect(githubSlug('A/B tests')).toBe('ab-tests');
    expect(githubSlug('Login-token renewal')).toBe('login-token-renewal');
    expect(githubSlug('`POST /login` (staff)')).toBe('post-login-staff');
  });
});
