/** The spinner's diameter per size, in px (docs/constants.md#sizes). */
export const spinnerEdges = { small: 16, medium: 36, large: 48 } as const;

/** small, medium or large. */
export type SpinnerSize = keyof typeof spinnerEdges;

/** The size a spinner gets when its `size` is left out. */
export const defaultSpinnerSize: SpinnerSize = 'medium';
