/**
 * Hashed scripts and stylesheets are also written Brotli-compressed at build time, beside themselves
 * (`x.js` and `x.js.br`); the site serves the compressed one to a browser that accepts `br`
 * (docs/performance.md#compression). The siblings are never asked for by name.
 */

/** The file-name suffix of a precompressed sibling. */
export const BROTLI_SUFFIX = '.br';

/** Extensions worth compressing: text. Images and fonts are compressed in their own format already. */
export const PRECOMPRESSED_EXTENSIONS: readonly string[] = ['.js', '.css', '.svg', '.json'];

/** Below this many bytes compression saves less than a packet, so small files stay as they are. */
export const PRECOMPRESS_MIN_BYTES = 1024;

/** Whether a file name is a precompressed sibling. */
export function isPrecompressedSibling(fileName: string): boolean {
  return fileName.endsWith(BROTLI_SUFFIX);
}

/**
 * Whether an `Accept-Encoding` header accepts `encoding` (RFC 9110 §12.5.3): named, or matched by `*`, with a
 * quality above zero. An absent header accepts none for this purpose.
 */
export function acceptsEncoding(header: string | undefined, encoding: string): boolean {
  if (!header) return false;
  let wildcard: number | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.split(';').map((item) => item.trim().toLowerCase());
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    const weight = Number.isFinite(quality) ? quality : 0;
    if (name === encoding) return weight > 0;
    if (name === '*') wildcard = weight;
  }
  return (wildcard ?? 0) > 0;
}
