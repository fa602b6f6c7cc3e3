import type { MiddlewareHandler } from 'hono';
import { shopBySegment, type Shop } from '../../src/shared/countries.ts';
import type { PreviewMoment } from '../../src/shared/preview/renderLocals.ts';
import type { FooterContentAt } from './footerContent.ts';
import type { PreviewRenderer } from './renderer.ts';
import { renderedPage } from '../pages/renderedPage.ts';
import type { PreviewSession, PreviewSessions } from './sessions.ts';

/** The shop pages a preview render covers: `/{shop}/`, its checkout, the confirmation page and the service page. */
const SHOP_PAGE = /^\/([a-z]{2}(?:-[a-z]{2})?)\/(?:checkout\/|newsletter\/confirm\/|service\/)?$/;

/** A HEAD gets the headers its GET would get: the preview render's, not the static page's. */
const PAGE_METHODS = new Set(['GET', 'HEAD']);

type SessionState = Pick<PreviewSession, 'previewDateTime' | 'abTestName' | 'abTestGroup'>;

/**
 * Whether a request gets a preview render, and of which shop at which moment: a GET (or HEAD) of a shop page with a
 * live staff session that previews a date-time or forces an A/B test. Everyone else (no session, an expired one, a
 * session without a preview) gets the static release.
 */
export function previewRequest(
  method: string,
  pathname: string,
  session: SessionState | undefined,
): { shop: Shop; preview: PreviewMoment } | undefined {
  if (!PAGE_METHODS.has(method) || !session) return undefined;
  const segment = SHOP_PAGE.exec(pathname)?.[1];
  const shop = segment === undefined ? undefined : shopBySegment(segment);
  if (!shop) return undefined;
  const preview: PreviewMoment = {};
  if (session.previewDateTime) preview.at = session.previewDateTime;
  if (session.abTestName && session.abTestGroup)
    preview.target = { test: session.abTestName, group: session.abTestGroup };
  return preview.at || preview.target ? { shop, preview } : undefined;
}

export interface PreviewRenderOptions {
  sessions: Pick<PreviewSessions, 'current'>;
  renderer: Pick<PreviewRenderer, 'render'>;
  footerContentAt: FooterContentAt;
}

/**
 * Staff preview renders (docs/preview.md#preview-render), before the static site: the same Astro pages rendered on
 * demand with the preview moment and the footer content valid then in `locals`, with the page's CSP like a static
 * page and never cached for anyone else. Falls through to the static page when no renderer is built.
 */
export function previewRender({ sessions, renderer, footerContentAt }: PreviewRenderOptions): MiddlewareHandler {
  return async (c, next) => {
    // Only shop pages look the session up: other requests cost nothing.
    if (!PAGE_METHODS.has(c.req.method) || !SHOP_PAGE.test(c.req.path)) return next();
    const wanted = previewRequest(c.req.method, c.req.path, await sessions.current(c));
    if (!wanted) return next();
    const { shop, preview } = wanted;
    const footerContentJSON = await footerContentAt(
      shop.code,
      preview.at ? new Date(preview.at) : new Date(),
      preview.target,
    );
    return (
      (await renderedPage(c, renderer, {
        path: `${c.req.path}${new URL(c.req.url).search}`,
        locals: { preview, footerContentJSON },
      })) ?? next()
    );
  };
}
