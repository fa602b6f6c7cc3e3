import { login, type LoginResult } from '../../lib/preview/loginClient.ts';

/**
 * The staff login page's form (framework-free: one form, three messages). Empty fields are named on the field;
 * the service's answer is shown as a clear message; what was typed stays.
 */

const resultMessages: Record<LoginResult, string> = {
  SUCCESS: 'You are logged in. Open a shop page, for example the German shop, to use the preview panel.',
  UNAUTHORIZED: 'The user name or the password is not correct. Please check both and try again.',
  SERVICE_UNAVAILABLE: 'The login service is not available at the moment. Please try again in a few minutes.',
};

const form = document.querySelector<HTMLFormElement>('#staff-login-form');
const alertBox = document.querySelector<HTMLElement>('#staff-login-alert');
const statusBox = document.querySelector<HTMLElement>('#staff-login-status');

function markField(input: HTMLInputElement, message: string | undefined): void {
  const error = document.getElementById(`${input.id}-error`);
  if (!error) return;
  error.textContent = message ?? '';
  error.hidden = !message;
  if (message) {
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('aria-describedby', error.id);
  } else {
    input.removeAttribute('aria-invalid');
    input.removeAttribute('aria-describedby');
  }
}

function showResult(result: LoginResult): void {
  if (!alertBox || !statusBox) return;
  alertBox.textContent = result === 'SUCCESS' ? '' : resultMessages[result];
  statusBox.replaceChildren();
  if (result !== 'SUCCESS') return;
  const link = document.createElement('a');
  link.href = '/de/';
  link.textContent = 'Go to the German shop';
  statusBox.append(resultMessages.SUCCESS, ' ', link);
}

form?.addEventListener('submit', async (event) => {
  event.preventDefault();
  const username = form.elements.namedItem('username') as HTMLInputElement;
  const password = form.elements.namedItem('password') as HTMLInputElement;
  const missingUser = username.value.trim() === '' ? 'Please enter your user name.' : undefined;
  const missingPassword = password.value === '' ? 'Please enter your password.' : undefined;
  markField(username, missingUser);
  markField(password, missingPassword);
  if (missingUser || missingPassword) {
    (missingUser ? username : password).focus();
    return;
  }
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (submit?.getAttribute('aria-busy') === 'true') return;
  submit?.setAttribute('aria-busy', 'true');
  showResult(await login({ username: username.value.trim(), password: password.value }));
  submit?.removeAttribute('aria-busy');
});
