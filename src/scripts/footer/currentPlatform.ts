import { CLASSIC_FROM, platformFor, type Platform } from '../../lib/footer/platform.ts';

/** The current page's platform: its platform attribute, else its width (docs/footer.md#platforms). */
export function currentPlatform(doc: Document = document): Platform {
  return platformFor(doc.documentElement.getAttribute('data-platform'), doc.defaultView?.innerWidth ?? CLASSIC_FROM);
}
