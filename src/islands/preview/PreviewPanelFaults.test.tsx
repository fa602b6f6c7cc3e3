// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { PreviewPanel } from './PreviewPanel.tsx';

// The panel when a service it calls fails, for every kind of failure (docs/errors.md, docs/calls.md#apply-preview):
// it says so, keeps what staff chose, and works again once the service is back. The browser layer keeps one failure
// of each call and the time-out on the page's clock (tests/resilience-preview.spec.ts).

const idle = { status: 'SUCCESS', dateTime: null, abTestName: null, abTestGroup: null } as const;
const tests = [{ name: 'CHECKOUT_BUTTON_COLOR', groups: [{ name: 'CONTROL' }, { name: 'GREEN' }] }];

/** The ways a service fails: each gives the answer (or the error) fetch would. */
const faults: Record<string, () => Response | Promise<Response>> = {
  'answers 500': () => Response.json({ title: 'down' }, { status: 500 }),
  'answers 429': () =>
    new Response('{"title":"slow down"}', { status: 429, headers: { 'content-type': 'application/problem+json' } }),
  'refuses the connection': () => Promise.reject(new TypeError('Failed to fetch')),
  'sends malformed JSON': () => new Response('{"tests": [', { headers: { 'content-type': 'application/json' } }),
};

/** The fault each path currently shows; none means the service works. */
const failing: { testsAt?: () => Response | Promise<Response>; token?: () => Response | Promise<Response> } = {};
let tokenCalls: string[];

beforeEach(() => {
  delete failing.testsAt;
  delete failing.token;
  tokenCalls = [];
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(url, 'http://shop').pathname;
    if (path.endsWith('/gettestsat')) return failing.testsAt ? failing.testsAt() : Response.json(tests);
    if (path.endsWith('/auth/checkauth')) return Response.json(idle);
    if (path.endsWith('/token')) {
      tokenCalls.push(url);
      return failing.token ? failing.token() : new Response('{}');
    }
    return new Response('{}');
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openPanel() {
  render(<PreviewPanel initialAuth={idle} onLoggedOut={vi.fn()} />);
  await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
  await screen.findByText('Active tests found.');
}
const setDate = (value: string) => fireEvent.change(screen.getByLabelText('Date'), { target: { value } });
const testSelect = () => screen.getByLabelText('A/B test') as HTMLSelectElement;
const groupSelect = () => screen.getByLabelText('A/B test group') as HTMLSelectElement;
const apply = () => screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;

describe.each(Object.keys(faults))('when the A/B test service %s', (fault) => {
  test('the list says it failed, stops loading, and comes back for the next date once it works', async () => {
    await openPanel();
    failing.testsAt = faults[fault];
    setDate('2026-12-23');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch AB tests.');
    expect(screen.queryByText('Loading tests...')).toBeNull();

    delete failing.testsAt;
    setDate('2026-12-24');
    await screen.findByText('Active tests found.');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

// Apply reads only the response status (docs/calls.md#apply-preview): a 2xx with a broken body is a success.
const applyFaults = Object.keys(faults).filter((fault) => fault !== 'sends malformed JSON');
describe.each(applyFaults)('when the preview service %s on apply', (fault) => {
  test('the panel says so, keeps the choice and the button, and a retry succeeds', async () => {
    await openPanel();
    await userEvent.selectOptions(testSelect(), 'CHECKOUT_BUTTON_COLOR');
    await userEvent.selectOptions(groupSelect(), 'GREEN');
    failing.token = faults[fault];
    await userEvent.click(apply());
    expect((await screen.findByRole('alert')).textContent).toContain('Applying settings failed.');
    expect(apply().disabled).toBe(false);
    expect(testSelect().value).toBe('CHECKOUT_BUTTON_COLOR');
    expect(groupSelect().value).toBe('GREEN');

    delete failing.token;
    await userEvent.click(apply());
    await screen.findByText('Settings applied successfully.');
    expect(tokenCalls).toHaveLength(2);
  });
});

test('apply answered 2xx with a malformed body is a success by contract', async () => {
  await openPanel();
  failing.token = faults['sends malformed JSON'];
  await userEvent.click(apply());
  await screen.findByText('Settings applied successfully.');
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
});
