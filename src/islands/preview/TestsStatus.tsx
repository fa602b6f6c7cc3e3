import { Notification } from '../../ui/Notification/Notification.tsx';
import { Spinner } from '../../ui/Spinner/Spinner.tsx';
import { previewMessages } from './staffStrings.ts';
import type { TestsState } from './useTestsAt.ts';

interface TestsStatusProps {
  /** Where loading the tests for the chosen moment stands. */
  state: TestsState;
}

/** Says whether tests are loading, found, absent or could not be fetched (docs/errors.md#preview-messages). */
export function TestsStatus({ state }: TestsStatusProps) {
  if (state.kind === 'failed') {
    return <Notification variant="error" labelText={previewMessages.testsFailed} showCloseIcon={false} />;
  }
  let text: string = previewMessages.loadingTests;
  if (state.kind === 'loaded') text = state.tests.length > 0 ? previewMessages.testsFound : previewMessages.noTests;
  return (
    <p className="preview-form__tests-status" role="status">
      {/* The visible text is the label; the ring only decorates it. */}
      {state.kind === 'loading' && <Spinner size="small" label="" live={false} />}
      {text}
    </p>
  );
}
