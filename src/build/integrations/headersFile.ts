import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { HASHED_ASSETS } from '../../shared/hashedAssets.ts';
import { baseDirectives, pagePolicy } from '../../shared/csp.ts';
import { contentTypeOf } from '../../shared/contentTypes.ts';
import { isPrecompressedSibling } from '../../shared/precompressed.ts';
import {
  documentOnlyHeaders,
  everyResponseHeaders,
  isLeanAsset,
  strictTransportSecurity,
} from '../../shared/securityHeaders.ts';

/** Hashed names: cached for a year, never asked again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

const lines = (headers: Readonly<Record<string, string>>) =>
  Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
const block = (route: string, rules: string[]) => `${route}\n  ${rules.join('\n  ')}`;

/** Every file under `dir` a request can name, as paths relative to it with `/` (precompressed siblings are not). */
function builtFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && !isPrecompressedSibling(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The routes of the lean assets among `files` (docs/security.md#headers): a whole top-level folder as `/folder/*`
 * when it holds nothing else, otherwise each file on its own.
 */
export function leanAssetRoutes(files: readonly string[]): string[] {
  const lean = (file: string) => isLeanAsset(contentTypeOf(file));
  const folders = new Map<string, boolean>();
  for (const file of files) {
    const folder = file.includes('/') ? file.slice(0, file.indexOf('/')) : '';
    folders.set(folder, (folders.get(folder) ?? true) && lean(file));
  }
  const wholeFolders = [...folders].filter(([folder, allLean]) => folder !== '' && allLean).map(([folder]) => folder);
  return [
    ...wholeFolders.map((folder) => `/${folder}/*`),
    ...files
      .filter((file) => lean(file) && !wholeFolders.some((folder) => file.startsWith(`${folder}/`)))
      .map((file) => `/${file}`),
  ];
}

/**
 * Writes `_headers` (the format Netlify and Cloudflare Pages read) for the site under `root`, so a CDN sends the same
 * headers as the local server (server/edge/securityHeaders.ts, server/staticSite.ts): every response `nosniff`;
 * documents the document-only headers, HSTS (the CDNs serve only https) and their page's CSP with `frame-ancestors`;
 * lean assets none of those, and the hashed ones `immutable`. Returns the number of pages.
 */
export function writeHeadersFile(root: string): number {
  const files = builtFiles(root);
  const documentHeaders = { ...documentOnlyHeaders, ...strictTransportSecurity };
  const detachDocumentHeaders = [...Object.keys(documentHeaders), 'Content-Security-Policy'].map((name) => `! ${name}`);
  const blocks = [
    block('/*', [
      ...lines(everyResponseHeaders),
      ...lines(documentHeaders),
      `Content-Security-Policy: ${baseDirectives.join('; ')}`,
    ]),
  ];
  for (const route of leanAssetRoutes(files)) {
    blocks.push(
      block(route, [
        ...detachDocumentHeaders,
        ...(route.startsWith(`/${HASHED_ASSETS}/`) ? [`Cache-Control: ${IMMUTABLE}`] : []),
      ]),
    );
  }
  // Fragments are included into other sites' pages, whose policy applies to them.
  const pages = files.filter((file) => file.endsWith('.html') && !file.startsWith('fragments/'));
  for (const file of pages) {
    const route = `/${file}`.replace(/index\.html$/, '');
    blocks.push(
      block(route, [
        '! Content-Security-Policy',
        `Content-Security-Policy: ${pagePolicy(fs.readFileSync(path.join(root, file), 'utf8'))}`,
      ]),
    );
  }
  fs.writeFileSync(path.join(root, '_headers'), `${blocks.join('\n\n')}\n`);
  return pages.length;
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
