// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { PreviewPanel } from './PreviewPanel.tsx';

const idle = { status: 'SUCCESS', dateTime: null, abTestName: null, abTestGroup: null } as const;
const tests = [{ name: 'CHECKOUT_BUTTON_COLOR', groups: [{ name: 'CONTROL' }, { name: 'GREEN' }] }];
let calls: string[];
let tokenStatus: number;
let state: Record<string, unknown>;

beforeEach(() => {
  calls = [];
  tokenStatus = 200;
  state = { ...idle };
  vi.stubGlobal('fetch', async (url: string) => {
    calls.push(url);
    const path = new URL(url, 'http://shop').pathname;
    if (path.endsWith('/gettestsat')) return Response.json(tests);
    if (path.endsWith('/auth/checkauth')) return Response.json(state);
    if (path.endsWith('/token')) {
      const query = new URL(url, 'http://shop').searchParams;
      state = {
        ...idle,
        dateTime: query.get('previewDateTime'),
        abTestName: query.get('test'),
        abTestGroup: query.get('group'),
      };
      return new Response('{}', { status: tokenStatus });
    }
    return new Response('{}');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openPanel() {
  const onLoggedOut = vi.fn();
  render(<PreviewPanel initialAuth={idle} onLoggedOut={onLoggedOut} />);
  const toggle = screen.getByRole('button', { name: 'Preview' });
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await userEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  await screen.findByText('Active tests found.');
  return { toggle, onLoggedOut };
}

test('the group select stays disabled until a real test is chosen', async () => {
  await openPanel();
  const group = screen.getByLabelText('A/B test group') as HTMLSelectElement;
  expect(group.disabled).toBe(true);
  await userEvent.selectOptions(screen.getByLabelText('A/B test'), 'CHECKOUT_BUTTON_COLOR');
  expect(group.disabled).toBe(false);
  await userEvent.selectOptions(screen.getByLabelText('A/B test'), '');
  expect(group.disabled).toBe(true);
});

test('a test without group shows both messages and sends nothing', async () => {
  await openPanel();
  await userEvent.selectOptions(screen.getByLabelText('A/B test'), 'CHECKOUT_BUTTON_COLOR');
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  expect(screen.getByRole('alert').textContent).toContain('Please also select an A/B test group!');
  const group = screen.getByLabelText('A/B test group');
  expect(group.getAttribute('aria-invalid')).toBe('true');
  expect(document.getElementById(group.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toContain(
    'Required',
  );
  // Focus goes to the field to fix.
  expect(document.activeElement).toBe(group);
  expect(calls.filter((url) => url.includes('/token'))).toEqual([]);
});

test('a successful apply says so and the toggle then names the forced test', async () => {
  const { toggle } = await openPanel();
  await userEvent.selectOptions(screen.getByLabelText('A/B test'), 'CHECKOUT_BUTTON_COLOR');
  await userEvent.selectOptions(screen.getByLabelText('A/B test group'), 'GREEN');
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await screen.findByText('Settings applied successfully.');
  await waitFor(() => expect(toggle.textContent).toContain('CHECKOUT_BUTTON_COLOR / GREEN'));
});

test('a failed apply shows the error notification', async () => {
  tokenStatus = 500;
  await openPanel();
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  expect((await screen.findByRole('alert')).textContent).toContain('Applying settings failed.');
});

test('logout calls the service and asks to be removed', async () => {
  const { onLoggedOut } = await openPanel();
  await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
  await waitFor(() => expect(onLoggedOut).toHaveBeenCalledTimes(1));
  expect(calls.some((url) => url.endsWith('/service/preview/api/auth/logout'))).toBe(true);
});

test('after a successful apply the page is asked to reload; an emptied date clears the preview moment', async () => {
  const onApplied = vi.fn();
  render(<PreviewPanel initialAuth={idle} onLoggedOut={vi.fn()} onApplied={onApplied} />);
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByText('Active tests found.');
  await userEvent.clear(screen.getByLabelText('Date'));
  await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
  await waitFor(() => expect(onApplied).toHaveBeenCalledTimes(1));
  const token = new URL(
    calls.find((url) => url.includes('/token'))!,
    'http://shop',
  );
  expect(token.searchParams.get('previewDateTime')).toBe('');
});

test('on a preview render the indicator button opens the panel, which hangs under the indicator', async () => {
  const indicator = document.createElement('div');
  const toggle = document.createElement('button');
  toggle.textContent = 'Preview settings';
  toggle.disabled = true;
  indicator.append(toggle);
  document.body.append(indicator);
  render(
    <PreviewPanel
      initialAuth={{ ...idle, abTestName: 'CHECKOUT_BUTTON_COLOR', abTestGroup: 'GREEN' }}
      onLoggedOut={vi.fn()}
      dock={{ element: indicator, toggle }}
    />,
  );
  expect(toggle.disabled).toBe(false);
  expect(screen.queryByRole('button', { name: /Preview active/ })).toBeNull();
  await userEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  const dialog = screen.getByRole('dialog', { name: 'Preview settings' });
  expect(indicator.contains(dialog)).toBe(true);
  expect(toggle.getAttribute('aria-controls')).toBe(dialog.id);
  await userEvent.keyboard('{Escape}');
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  expect(document.activeElement).toBe(toggle);
  indicator.remove();
});

test('after the reload that follows an apply the panel opens with the success notice', async () => {
  render(<PreviewPanel initialAuth={idle} onLoggedOut={vi.fn()} appliedBefore />);
  expect(screen.getByRole('dialog', { name: 'Preview settings' }).hidden).toBe(false);
  expect(screen.getByText('Settings applied successfully.')).toBeTruthy();
});
