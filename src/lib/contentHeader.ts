/**
 * A page layout's content header may hide the shop header or footer (docs/footer.md#header-and-footer-flags):
 * a value containing `NO_HEADER` and/or `NO_FOOTER`, e.g. `"NO_HEADER,NO_FOOTER"`.
 */
export function parseContentHeader(contentHeader: string | undefined): { showHeader: boolean; showFooter: boolean } {
  const flags = new Set((contentHeader ?? '').toUpperCase().split(/[^A-Z_]+/));
  return { showHeader: !flags.has('NO_HEADER'), showFooter: !flags.has('NO_FOOTER') };
}
