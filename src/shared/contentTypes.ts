/** The `Content-Type` of each kind of file the site serves, by extension; anything else is `application/octet-stream`. */
export const contentTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

/** The `Content-Type` of a file name, by its extension (case-insensitive). */
export function contentTypeOf(fileName: string): string {
  const extension = /\.[^./]+$/.exec(fileName)?.[0].toLowerCase() ?? '';
  return Object.hasOwn(contentTypes, extension) ? contentTypes[extension]! : 'application/octet-stream';
}
