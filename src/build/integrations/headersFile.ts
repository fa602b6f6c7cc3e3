import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { baseDirectives, pagePolicy } from '../../shared/csp.ts';
import { securityHeaders, strictTransportSecurity } from '../../shared/securityHeaders.ts';

/** The CDNs that read `_headers` serve only https, so HSTS belongs to every response there. */
const siteHeaders = Object.entries({ ...securityHeaders, ...strictTransportSecurity }).map(([name, value]) => `${name}: ${value}`);

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    // Fragments are included into other sites' pages, whose policy applies to them.
    .filter((file) => !path.relative(dir, file).startsWith(`fragments${path.sep}`));
}

/**
 * Writes `_headers` (the format Netlify and Cloudflare Pages read) for every page under `root`, so a CDN sends each
 * page's CSP as a header, with `frame-ancestors`, exactly as the local server does. Returns the number of pages.
 */
export function writeHeadersFile(root: string): number {
  const blocks = [`/*\n  ${[...siteHeaders, `Content-Security-Policy: ${baseDirectives.join('; ')}`].join('\n  ')}`];
  for (const file of htmlFiles(root).sort()) {
    const route = `/${path.relative(root, file).split(path.sep).join('/')}`.replace(/index\.html$/, '');
    blocks.push(`${route}\n  ! Content-Security-Policy\n  Content-Security-Policy: ${pagePolicy(fs.readFileSync(file, 'utf8'))}`);
  }
  fs.writeFileSync(path.join(root, '_headers'), `${blocks.join('\n\n')}\n`);
  return blocks.length - 1;
}

/** Astro integration: `_headers` after every build. A partial build rewrites it after merging (scripts/lib/buildSite.mjs). */
export function headersFile(): AstroIntegration {
  return {
    name: 'storefront:headers-file',
    hooks: {
      'astro:build:done': ({ dir, logger }) => {
        logger.info(`_headers written for ${writeHeadersFile(fileURLToPath(dir))} pages`);
      },
    },
  };
}
