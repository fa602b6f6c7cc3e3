import type { Context } from 'hono';
import type { ServerConfig } from '../../../src/shared/config.ts';
import type { Shop } from '../../../src/shared/countries.ts';
import { translationsFor } from '../../../src/shared/i18n.ts';
import { comesFromAnotherSite } from '../../edge/stateChangingRequests.ts';

/** The media type a plain HTML form posts (`enctype` left at its default). */
const FORM_MEDIA_TYPE = 'application/x-www-form-urlencoded';

/**
 * A plain form's post, read once the edge checks passed (docs/newsletter.md#plain-form): 403 for a post from another
 * site (`Origin`, `Sec-Fetch-Site`), 415 for anything but a URL-encoded form. Its size is bounded before this by the
 * same body limit as the JSON calls (server/edge/bodyLimits.ts). Answers plain text in the shop's language: a browser
 * shows it as it is.
 */
export async function readFormPost(c: Context, config: ServerConfig, shop: Shop): Promise<URLSearchParams | Response> {
  const t = translationsFor(shop.locale);
  if (comesFromAnotherSite(c, config)) return c.text(t('form.refused.crossSite'), 403);
  const mediaType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (mediaType !== FORM_MEDIA_TYPE) return c.text(t('form.refused.mediaType'), 415);
  return new URLSearchParams(await c.req.text());
}
