/**
 * The platforms a page can be rendered for (docs/footer.md#platforms). SMARTPHONE is set by the server or the view
 * changer.
 */
export const platforms = ['MATCH', 'SMARTPHONE', 'TABLET', 'CLASSIC'] as const;
export type Platform = (typeof platforms)[number];

/** Cookie the view changer sets so the next page load keeps the chosen view. */
export const PLATFORM_COOKIE = 'platform';
/** Viewport width in px from which a page without platform attribute is TABLET (docs/footer.md#platforms). */
export const TABLET_FROM = 768;
/** Viewport width in px from which a page without platform attribute is CLASSIC (docs/footer.md#platforms). */
export const CLASSIC_FROM = 1280;

/** True for one of the four platform names, exactly as written. */
export function isPlatform(value: string | null | undefined): value is Platform {
  return (platforms as readonly string[]).includes(value ?? '');
}

/** The page's platform attribute wins; without one the width decides (under `TABLET_FROM` MATCH, under `CLASSIC_FROM` TABLET). */
export function platformFor(attribute: string | null | undefined, width: number): Platform {
  if (isPlatform(attribute)) return attribute;
  if (width < TABLET_FROM) return 'MATCH';
  return width < CLASSIC_FROM ? 'TABLET' : 'CLASSIC';
}
