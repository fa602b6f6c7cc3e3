import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { fragmentStylesheetPath, footerFragmentNames, type FooterFragmentName } from '../fragments/fragmentNames.ts';

type BuildPages = Parameters<NonNullable<AstroIntegration['hooks']['astro:build:setup']>>[0]['pages'];
type PageStyles = (BuildPages extends Map<string, infer Page> ? Page : never)['styles'];

const FRAGMENT_PAGE = new RegExp(`^/?fragments/([^/]+)/(${footerFragmentNames.join('|')})/$`);

// Astro's own order for a page's stylesheets: by import order, deeper components first; unordered ones last.
function inPageOrder(styles: PageStyles): PageStyles {
  const order = (value: number) => (value === -1 ? Number.POSITIVE_INFINITY : value);
  return [...styles].sort((a, b) => order(a.order) - order(b.order) || b.depth - a.depth);
}

function stylesheet(styles: PageStyles, dir: string): string {
  // base.css among them carries the island wrappers' rule, which Astro would write inline (a host page's CSP would block it).
  return inPageOrder(styles)
    .map(({ sheet }) => (sheet.type === 'inline' ? sheet.content : fs.readFileSync(path.join(dir, sheet.src), 'utf8')))
    .join('\n');
}

/**
 * Footer fragments (docs/footer.md#fragments). The partial pages under src/pages/fragments/ render the footer; a
 * partial has no head, so the stylesheets Astro collected for it are written into the one file the fragment links,
 * and the page moves from `fragments/{shop}/{name}/index.html` to `fragments/{shop}/{name}.html`, its long-standing
 * address.
 */
export function footerFragments(): AstroIntegration {
  let buildPages: BuildPages | undefined;
  return {
    name: 'storefront:footer-fragments',
    hooks: {
      // The page data Astro fills in during the build, stylesheets included.
      'astro:build:setup': ({ pages }) => {
        buildPages = pages;
      },
      'astro:build:done': ({ dir, pages, logger }) => {
        const root = fileURLToPath(dir);
        const written: string[] = [];
        for (const { pathname } of pages) {
          const match = FRAGMENT_PAGE.exec(pathname);
          if (!match) continue;
          const segment = match[1]!;
          const name = match[2] as FooterFragmentName;
          const page = [...(buildPages?.values() ?? [])].find((data) =>
            data.route.pattern.test(`/${pathname.replace(/^\//, '')}`),
          );
          if (!page) throw new Error(`No build data for the fragment page ${pathname}`);
          fs.writeFileSync(path.join(root, fragmentStylesheetPath(segment, name)), stylesheet(page.styles, root));
          const folder = path.join(root, 'fragments', segment, name);
          fs.renameSync(path.join(folder, 'index.html'), `${folder}.html`);
          fs.rmdirSync(folder);
          written.push(`${segment}/${name}`);
        }
        logger.info(`Footer fragments written: ${written.sort().join(', ') || 'none'}`);
      },
    },
  };
}
