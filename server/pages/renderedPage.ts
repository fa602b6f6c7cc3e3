import type { Context } from 'hono';
import { pagePolicy, withBaseDirectives } from '../../src/shared/csp.ts';
import type { PageRenderLocals } from '../../src/shared/preview/renderLocals.ts';
import type { PreviewRenderer } from '../preview/renderer.ts';

/** Pages rendered on demand are for this browser only: a staff preview, a form's answer (docs/architecture.md#on-demand-pages). */
export const onDemandResponseHeaders = { 'cache-control': 'private, no-store', vary: 'Cookie' } as const;

/**
 * Renders a shop page on demand through the renderer (docs/architecture.md#on-demand-pages) with `locals`, answering
 * with `status`, the page's CSP like a static page and never cached for anyone else; undefined when no renderer is
 * built or it has no such page. `path` is the page to render (with its query), which need not be the request's own
 * path: a form's answer shows the page the form stood on.
 */
export async function renderedPage(
  c: Context,
  renderer: Pick<PreviewRenderer, 'render'>,
  { path, locals, status }: { path: string; locals: PageRenderLocals; status?: number },
): Promise<Response | undefined> {
  const request = new Request(new URL(path, c.req.url), { headers: c.req.raw.headers });
  const rendered = await renderer.render(request, locals);
  if (!rendered) return undefined;
  const html = await rendered.text();
  // On demand, Astro sends the page's hashes as a header instead of a <meta>; either way the base directives join.
  const astroPolicy = rendered.headers.get('content-security-policy');
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': astroPolicy === null ? pagePolicy(html) : withBaseDirectives(astroPolicy),
    ...onDemandResponseHeaders,
  };
  const answerStatus = (status ?? rendered.status) as 200;
  return c.req.method === 'HEAD' ? c.body(null, answerStatus, headers) : c.body(html, answerStatus, headers);
}
