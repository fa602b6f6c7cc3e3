import { defineMiddleware } from 'astro:middleware';
import { shopBySegment } from './shared/countries.ts';
import { shopPageFor } from './lib/shopPage.ts';

/**
 * Resolves the shop of every `/{shop}/` page once, from the URL, for the static build and the on-demand preview
 * render alike (the latter has no `getStaticPaths` props). An unknown shop is a 404 in the preview render; the static
 * build only ever renders the shops `getStaticPaths` lists.
 */
export const onRequest = defineMiddleware((context, next) => {
  const segment = context.params.country;
  if (segment === undefined) return next();
  const shop = shopBySegment(segment);
  if (!shop)
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  context.locals.shopPage = shopPageFor(shop);
  return next();
});
