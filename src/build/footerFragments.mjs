// Embeddable footer fragments: dist/fragments/{shop}/footer.html and footer-reduced.html, for other shop pages
// (outside this site) to include server-side. Cut from the built shop and checkout pages, so they are the same
// footer, byte for byte, that the site itself shows.
import fs from 'node:fs';
import path from 'node:path';

const FOOTER = /<footer\b[^>]*\bdata-shop-footer\b[\s\S]*?<\/footer>/;
const STYLESHEET = /<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/g;
const INLINE_MODULE = /<script type="module">([\s\S]*?)<\/script>/g;

/**
 * Writes the fragments of one shop. The page's styles (linked and inline) go into one stylesheet per fragment and the
 * footer's module script into one file, so a host page needs no CSP hashes: it links `/fragments/...` files only.
 * @param {string} distDir the built site
 * @param {string} segment the shop, e.g. `de`
 */
export function writeFooterFragments(distDir, segment) {
  const outDir = path.join(distDir, 'fragments', segment);
  fs.mkdirSync(outDir, { recursive: true });
  const written = [];
  for (const [name, page] of [['footer', `${segment}/index.html`], ['footer-reduced', `${segment}/checkout/index.html`]]) {
    const html = fs.readFileSync(path.join(distDir, page), 'utf8');
    const footer = FOOTER.exec(html)?.[0];
    if (!footer) throw new Error(`No footer in ${page}: cannot write the ${name} fragment of ${segment}`);
    const linked = [...html.matchAll(STYLESHEET)].map((match) => fs.readFileSync(path.join(distDir, match[1]), 'utf8'));
    const inline = [...html.matchAll(INLINE_STYLE)].map((match) => match[1]);
    fs.writeFileSync(path.join(outDir, `${name}.css`), [...linked, ...inline].join('\n'));
    const scripts = [...html.matchAll(INLINE_MODULE)].map((match) => match[1]).filter((code) => code.includes('data-shop-footer'));
    fs.writeFileSync(path.join(outDir, `${name}.js`), scripts.join('\n'));
    const base = `/fragments/${segment}/${name}`;
    const fragment = `<link rel="stylesheet" href="${base}.css">\n${footer}\n<script type="module" src="${base}.js"></script>\n`;
    fs.writeFileSync(path.join(outDir, `${name}.html`), fragment);
    written.push(path.join(outDir, `${name}.html`));
  }
  return written;
}
