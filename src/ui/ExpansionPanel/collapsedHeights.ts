/**
 * Visible height in px of a preview panel (no title) while collapsed (docs/constants.md#sizes): the default, and the
 * lower one of the newsletter legal notice. ExpansionPanel.css cuts at these heights (as rem).
 */
export const expansionCollapsedHeights = { default: 96, legalNotice: 60 } as const;

/** One of the collapsed heights. */
export type ExpansionCollapsedHeight = (typeof expansionCollapsedHeights)[keyof typeof expansionCollapsedHeights];
