import { atom } from 'nanostores';
import type { SubmissionResult } from './newsletterClient.ts';

/**
 * Shared by every sign-up island on the page (section and footer): once somebody signed up in one,
 * neither offers the form again.
 */
export const $submissionResult = atom<SubmissionResult | undefined>(undefined);

/** The address of the last sign-up, kept for the success text after the form is reset. */
export const $submittedEmail = atom<string>('');

/** True once a bot filled the honeypot: it sees the success message, nothing is sent. */
export const $botSubmitted = atom<boolean>(false);
