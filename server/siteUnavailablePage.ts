import { shopBySegment } from '../src/shared/countries.ts';
import { cspHash, withBaseDirectives } from '../src/shared/csp.ts';
import { translationsFor } from '../src/shared/i18n.ts';
import type { UiLocale } from '../src/shared/locales.ts';

/** Readable without the site's stylesheets, which are gone with the release. */
const STYLE =
  'body{font:1.125rem/1.5 system-ui,sans-serif;color:#1d1d1b;margin:0;padding:4rem 1.5rem}main{max-width:36rem;margin:0 auto}h1{font-size:1.75rem;margin:0 0 1rem}';
const policy = withBaseDirectives(`style-src '${await cspHash(STYLE)}'`);

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The page a shopper gets while the site serves no release (docs/calls.md#health): in the language of the shop the
 * path names (`/pl/…` Polish), else German, with its own small CSP.
 */
export function siteUnavailablePage(pathname: string): { html: string; policy: string } {
  const locale: UiLocale = shopBySegment(pathname.split('/')[1] ?? '')?.locale ?? 'de-DE';
  const t = translationsFor(locale);
  const title = escapeHtml(t('site.unavailable.title'));
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title><style>${STYLE}</style></head><body><main><h1>${title}</h1><p>${escapeHtml(t('site.unavailable.text'))}</p></main></body></html>`;
  return { html, policy };
}
