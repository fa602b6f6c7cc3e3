import { useId, useRef, useState, type FormEvent } from 'react';
import { applyPreview, checkAuth, logout } from '../../lib/preview/previewClient.ts';
import { checkSelection, type CheckAuthResponse } from '../../shared/preview/schemas.ts';
import { parseCalendarDate } from '../../lib/format/date.ts';
import { Button } from '../../ui/Button/Button.tsx';
import { Notification, type NotificationVariant } from '../../ui/Notification/Notification.tsx';
import { Select } from '../../ui/Select/Select.tsx';
import { localDateAndTime, previewDateTime } from './previewFormat.ts';
import { previewMessages, staffStrings } from './staffStrings.ts';
import { TestsStatus } from './TestsStatus.tsx';
import { useTestsAt } from './useTestsAt.ts';

interface PreviewSettingsFormProps {
  /** The session's current preview state; fills the fields. */
  auth: CheckAuthResponse;
  /** Called with the reloaded preview state after a successful apply. */
  onApplied: (auth: CheckAuthResponse) => void;
  /** Called after logout. */
  onLoggedOut: () => void;
  /** Start with the success notice: the page was reloaded after an apply. */
  appliedBefore?: boolean;
}

interface Notice {
  id: number;
  variant: NotificationVariant;
  text: string;
}

/** Date, time, A/B test and group, with Apply and Logout (docs/preview.md#settings-form). */
export function PreviewSettingsForm({ auth, onApplied, onLoggedOut, appliedBefore = false }: PreviewSettingsFormProps) {
  const initial = localDateAndTime(auth.dateTime ? new Date(auth.dateTime) : new Date());
  const [date, setDate] = useState(initial.date);
  const [time, setTime] = useState(initial.time);
  const [test, setTest] = useState(auth.abTestName ?? '');
  const [group, setGroup] = useState(auth.abTestGroup ?? '');
  const [groupError, setGroupError] = useState<string>();
  const [notice, setNotice] = useState<Notice | undefined>(
    appliedBefore ? { id: 1, variant: 'success', text: previewMessages.applied } : undefined,
  );
  const [busy, setBusy] = useState<'apply' | 'logout'>();
  const groupRef = useRef<HTMLSelectElement>(null);
  const dateId = useId();
  const timeId = useId();

  // An invalid date means "now" (docs/preview.md#preview-date-and-time): key the test list on the inputs, not on an
  // ever-changing now.
  const tests = useTestsAt(
    parseCalendarDate(date, 'yyyy-mm-dd') ? `${date}T${time}` : 'now',
    previewDateTime(date, time),
  );
  const available = tests.kind === 'loaded' ? tests.tests : [];
  const chosen = available.find((candidate) => candidate.name === test);
  const selection = {
    test: chosen ? test : '',
    group: chosen && chosen.groups.some((g) => g.name === group) ? group : '',
  };
  const show = (variant: NotificationVariant, text: string) => setNotice({ id: (notice?.id ?? 0) + 1, variant, text });

  async function apply(event: FormEvent) {
    event.preventDefault();
    const problem = checkSelection(selection);
    if (problem) {
      setGroupError(problem.group);
      show('error', problem.message);
      groupRef.current?.focus();
      return;
    }
    setGroupError(undefined);
    setNotice(undefined);
    setBusy('apply');
    // An emptied date field means no preview moment: with no test either, staff are back on the live page.
    const applied = await applyPreview(selection, date.trim() === '' ? '' : previewDateTime(date, time));
    const fresh = applied ? await checkAuth() : undefined;
    setBusy(undefined);
    if (applied) show('success', previewMessages.applied);
    else show('error', previewMessages.applyFailed);
    if (fresh?.status === 'SUCCESS') onApplied(fresh);
  }

  async function leave() {
    setBusy('logout');
    await logout();
    onLoggedOut();
  }

  return (
    <form className="preview-form" noValidate onSubmit={(event) => void apply(event)}>
      <div className="preview-form__row">
        <div className="preview-form__field">
          <label htmlFor={dateId}>Date</label>
          <input id={dateId} type="date" value={date} onChange={(event) => setDate(event.target.value)} />
        </div>
        <div className="preview-form__field">
          <label htmlFor={timeId}>Time</label>
          <input id={timeId} type="time" value={time} onChange={(event) => setTime(event.target.value)} />
        </div>
      </div>
      <Select
        label="A/B test"
        placeholder="No A/B test"
        options={available.map((candidate) => ({ value: candidate.name, label: candidate.name }))}
        value={selection.test}
        disabled={tests.kind !== 'loaded'}
        onValueChange={(value) => {
          setTest(value);
          setGroup('');
          setGroupError(undefined);
        }}
      />
      <TestsStatus state={tests} />
      <Select
        ref={groupRef}
        label="A/B test group"
        placeholder="No group"
        options={(chosen?.groups ?? []).map((candidate) => ({ value: candidate.name, label: candidate.name }))}
        value={selection.group}
        disabled={!chosen}
        error={groupError}
        onValueChange={(value) => {
          setGroup(value);
          setGroupError(undefined);
        }}
      />
      {notice && (
        <Notification
          key={notice.id}
          variant={notice.variant}
          labelText={notice.text}
          strings={staffStrings}
          onClose={() => setNotice(undefined)}
        />
      )}
      <div className="preview-form__actions">
        <Button type="submit" state={busy === 'apply' ? 'loading' : 'none'} strings={staffStrings}>
          Apply
        </Button>
        <Button
          variant="secondary-outline"
          state={busy === 'logout' ? 'loading' : 'none'}
          strings={staffStrings}
          onClick={() => void leave()}
        >
          Logout
        </Button>
      </div>
    </form>
  );
}
