/**
 * Staff UI is English (docs/errors.md#preview-messages: the preview messages exist in English only); the UI kit
 * components take their strings as props, so the panel hands them these instead of catalogue lookups.
 */
export const staffStrings = {
  'ui.loading': 'Loading...',
  'ui.notification.close': 'Close message',
} as const;

/** The preview messages, verbatim (docs/errors.md#preview-messages). */
export const previewMessages = {
  loading: 'Loading...',
  loadingTests: 'Loading tests...',
  testsFound: 'Active tests found.',
  noTests: 'No active tests for this date.',
  testsFailed: 'Failed to fetch AB tests.',
  applied: 'Settings applied successfully.',
  applyFailed: 'Applying settings failed.',
} as const;
