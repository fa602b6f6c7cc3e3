import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderLocals } from '../../src/shared/preview/renderLocals.ts';
import { linkCheckoutPackages } from '../../src/shared/checkoutPackages.ts';

/** The checkout the server runs from: its `node_modules` serves the renderer's imports. */
const root = path.resolve(import.meta.dirname, '../..');

/** `@astrojs/node`'s handler in middleware mode: Node's request and response, a `next` and the page's `locals`. */
type AstroNodeHandler = (req: unknown, res: unknown, next: () => void, locals: object) => Promise<void>;

/** Folder under the renderer's client folder with its scripts and stylesheets (astro.config.mjs `build.assets`). */
export const PREVIEW_ASSETS_PREFIX = '/_preview/';

/**
 * The on-demand renderer of staff preview renders: the shop's Astro pages built with `@astrojs/node` in middleware
 * mode into `dir` (scripts/lib/buildPreviewRenderer.mjs; docs/preview.md#preview-render). A rebuild replaces the
 * folder in one rename, and the next render loads the new one.
 */
export function previewRenderer(dir: string) {
  const entry = path.join(dir, 'server', 'entry.mjs');
  let loaded: { stamp: string; handler: AstroNodeHandler } | undefined;

  async function currentHandler(): Promise<AstroNodeHandler | undefined> {
    const stat = fs.statSync(entry, { throwIfNoEntry: false });
    if (!stat) return undefined;
    const stamp = `${stat.ino}-${stat.mtimeMs}`;
    if (loaded?.stamp !== stamp) {
      // A renderer built before its folder had the link, or moved, still finds this checkout's packages.
      linkCheckoutPackages(dir, root);
      const module = (await import(`${pathToFileURL(entry).href}?build=${stamp}`)) as { handler: AstroNodeHandler };
      loaded = { stamp, handler: module.handler };
    }
    return loaded.handler;
  }

  return {
    /** The renderer's client folder (its `_preview/` files are served to preview renders). */
    clientDir: path.join(dir, 'client'),
    /** Whether a renderer has been built. */
    available: () => fs.existsSync(entry),
    /** Renders a page for a preview; undefined when no renderer is built or it has no such page. */
    async render(request: Request, locals: PageRenderLocals): Promise<Response | undefined> {
      const handler = await currentHandler();
      return handler ? renderThrough(handler, request, locals) : undefined;
    },
  };
}

export type PreviewRenderer = ReturnType<typeof previewRenderer>;

/**
 * Runs Astro's Node handler on a GET without a body and collects its answer as a web `Response`. The handler reads
 * only the request line, headers and socket address, and writes through `writeHead`/`write`/`end`, so two small
 * stand-ins are enough; the Hono server then adds its own headers to the answer like to any other.
 */
function renderThrough(
  handler: AstroNodeHandler,
  request: Request,
  locals: PageRenderLocals,
): Promise<Response | undefined> {
  const url = new URL(request.url);
  const req = Object.assign(new EventEmitter(), {
    url: `${url.pathname}${url.search}`,
    method: 'GET',
    headers: { ...Object.fromEntries(request.headers), host: url.host },
    socket: { encrypted: url.protocol === 'https:', remoteAddress: '127.0.0.1' },
  });
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let status = 200;
    let headers = new Headers();
    const res = Object.assign(new EventEmitter(), {
      req,
      statusMessage: '',
      headersSent: false,
      writeHead(code: number, outgoing: Record<string, string | string[] | number>) {
        status = code;
        headers = new Headers();
        for (const [name, value] of Object.entries(outgoing ?? {})) {
          for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
        }
        res.headersSent = true;
        return res;
      },
      set statusCode(code: number) {
        status = code;
      },
      write(chunk: string | Uint8Array, callback?: () => void) {
        chunks.push(Buffer.from(chunk));
        callback?.();
        return true;
      },
      end(chunk?: string | Uint8Array) {
        if (chunk) chunks.push(Buffer.from(chunk));
        res.emit('finish');
        resolve(new Response(Buffer.concat(chunks), { status, headers }));
      },
      destroy(error?: Error) {
        reject(error ?? new Error('The preview render failed'));
      },
    });
    handler(req, res, () => resolve(undefined), locals).catch(reject);
  });
}
