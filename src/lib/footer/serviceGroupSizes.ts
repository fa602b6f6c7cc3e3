/** Edge in px of the sprite icon beside a footer panel's heading (docs/constants.md#sizes). */
export const PANEL_ICON_PIXELS = 24;

/** Edge in px of a service group's images, the payment and delivery logos under its links (docs/constants.md#sizes). */
export const SERVICE_GROUP_IMAGE_PIXELS = 40;
