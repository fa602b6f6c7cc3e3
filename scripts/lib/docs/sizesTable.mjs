// docs/constants.md#sizes, row by row; every number is quoted from the code (constantTable.mjs).

/** @type {import('./constantTable.mjs').ConstantRow[]} */
export const sizeRows = [
  {
    what: 'platform breakpoints',
    value: (q) =>
      `under ${q('TABLET_FROM', 'px')} \`MATCH\`, under ${q('CLASSIC_FROM', 'px')} \`TABLET\`, else \`CLASSIC\``,
  },
  {
    what: 'sign-up pictures',
    value: (q) =>
      `\`{token}\` image from ${q('signUpPictures.token.fromWidth', 'px')}, \`{hash}\` image from ${q('signUpPictures.hash.fromWidth', 'px')}`,
  },
  {
    what: 'expansion panel collapsed height',
    value: (q) =>
      `${q('expansionCollapsedHeights.default', 'px')}; ${q('expansionCollapsedHeights.legalNotice', 'px')} for the newsletter legal notice`,
  },
  { what: 'icon sizes', value: (q) => `${q('iconSizes')} px (default ${q('defaultIconSize')})` },
  {
    what: 'spinner',
    value: (q) =>
      `${Object.entries(q.raw('spinnerEdges'))
        .map(([size, edge]) => `${size} ${edge}`)
        .join(', ')} px (default ${q('defaultSpinnerSize')})`,
  },
  {
    what: 'quality logos',
    value: (q) => `${q('LOGO_DEFAULT_PIXELS')} × ${q('LOGO_DEFAULT_PIXELS', 'px')} unless the content says otherwise`,
  },
  { what: 'footer panel heading icons (sprite)', value: (q) => q('PANEL_ICON_PIXELS', 'px') },
  {
    what: 'service group images (payment and delivery logos)',
    value: (q) => `${q('SERVICE_GROUP_IMAGE_PIXELS')} × ${q('SERVICE_GROUP_IMAGE_PIXELS', 'px')}`,
  },
  { what: 'mail column (HTML part)', value: (q) => q('MAIL_COLUMN_PIXELS', 'px') },
  {
    what: 'mail gutter: brand line, card and footer from the window edge',
    value: (q) => q('MAIL_GUTTER_PIXELS', 'px'),
  },
  {
    what: 'consent text version',
    value: (q) => `\`sha256:\` and the first ${q('CONSENT_TEXT_VERSION_DIGITS')} hex digits of a SHA-256`,
  },
  {
    what: 'confirmation token',
    value: (q) =>
      `${q('DOI_TOKEN_BYTES')} random bytes, ${Math.ceil((q.raw('DOI_TOKEN_BYTES') * 4) / 3)} base64url characters`,
  },
];
