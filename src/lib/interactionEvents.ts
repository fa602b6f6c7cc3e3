/**
 * What counts as an interaction, reaching for something on the page: a pointer or finger going down, focus arriving,
 * a key pressed. Scrolling and hovering do not count.
 */
export const interactionEvents = ['pointerdown', 'focusin', 'keydown', 'touchstart'] as const;
