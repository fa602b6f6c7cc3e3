// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { shopByCode } from '../../shared/countries.ts';
import { $botSubmitted, $submissionResult, $submittedEmail } from '../../lib/newsletter/signUpStore.ts';
import NewsletterSignup from '../NewsletterSignup.tsx';
import { signUpProps } from './signUpProps.ts';

// The limits are written out here on purpose (docs/constants.md#limits): a changed constant must fail a test, so the
// form's boundary is pinned literally on both sides rather than relative to the constant.

beforeEach(() => {
  $submissionResult.set(undefined);
  $submittedEmail.set('');
  $botSubmitted.set(false);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An address of exactly `length` characters. */
function addressOfLength(length: number): string {
  const domain = '@example.com';
  return 'a'.repeat(length - domain.length) + domain;
}

/** Fills the Austrian form (which shows the name fields) by pasting, submits it, and answers the sent bodies. */
async function submitAustrian(values: { email: string; firstName?: string }) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(JSON.parse(String(init.body)));
      return new Response(null, { status: 201 });
    }),
  );
  render(<NewsletterSignup {...signUpProps(shopByCode('AT')!)} headingId="limits" />);
  const user = userEvent.setup();
  await user.click(screen.getByLabelText(/E-Mail-Adresse/));
  await user.paste(values.email);
  if (values.firstName) {
    await user.click(screen.getByLabelText(/^Vorname/));
    await user.paste(values.firstName);
  }
  await user.click(screen.getByRole('button', { name: 'Jetzt anmelden' }));
  return sent;
}

describe('the sign-up form pins its limits', () => {
  test('an e-mail address of 256 characters is sent', async () => {
    const sent = await submitAustrian({ email: addressOfLength(256) });
    await vi.waitFor(() => expect(sent).toEqual([expect.objectContaining({ email: addressOfLength(256) })]));
  });

  test('one of 257 characters gets the invalid-address message and is not sent', async () => {
    const sent = await submitAustrian({ email: addressOfLength(257) });
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeTruthy();
    expect(screen.getByLabelText(/E-Mail-Adresse/).getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  test('a first name of 40 characters is sent', async () => {
    const sent = await submitAustrian({ email: 'forty@example.com', firstName: 'Ä'.repeat(40) });
    await vi.waitFor(() => expect(sent).toEqual([expect.objectContaining({ firstName: 'Ä'.repeat(40) })]));
  });

  test('one of 41 characters gets the length message and is not sent', async () => {
    const sent = await submitAustrian({ email: 'fortyone@example.com', firstName: 'Ä'.repeat(41) });
    expect(await screen.findByText('Bitte geben Sie höchstens 40 Zeichen ein.')).toBeTruthy();
    expect(sent).toEqual([]);
  });
});
