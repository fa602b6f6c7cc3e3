/** The widths every page is checked at: a small phone and a desktop. */
export const viewports = [
  { name: 'mobile', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;
