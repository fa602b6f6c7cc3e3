/** The icon edge lengths the design allows, in px (docs/constants.md#sizes). */
export const iconSizes = [12, 16, 24] as const;

/** An icon edge length in px. */
export type IconSize = (typeof iconSizes)[number];

/** The edge an icon gets when its `size` is left out. */
export const defaultIconSize: IconSize = 16;
