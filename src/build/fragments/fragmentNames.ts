/** The footer fragments each shop has: full and reduced (docs/footer.md#fragments). */
export const footerFragmentNames = ['footer', 'footer-reduced'] as const;
export type FooterFragmentName = (typeof footerFragmentNames)[number];

/** Where a fragment's stylesheet is served; the build writes it (src/build/integrations/footerFragments.ts). */
export function fragmentStylesheetPath(segment: string, name: FooterFragmentName): string {
  return `/fragments/${segment}/${name}.css`;
}
