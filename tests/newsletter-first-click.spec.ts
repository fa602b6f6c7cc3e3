import { expect, test } from '@playwright/test';
import { countSignUpRequests, openSignUp, uniqueEmail } from './newsletter-helpers.ts';

// After a failed submit the shopper corrects the last invalid field and clicks "Subscribe" once, on a phone-speed CPU.
// The field's blur must not move the button between mouse-down and mouse-up, or the click is lost.
// See docs/newsletter.md#validation.
test.use({ viewport: { width: 375, height: 800 } });

test('one click on Subscribe after correcting the last invalid field sends the sign-up (CPU slowed 6×)', async ({
  page,
}) => {
  const section = await openSignUp(page, '/hu/');
  const requests = countSignUpRequests(page);
  await page.route('**/newsletter-subscribers', (route) => route.fulfill({ status: 201 }));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });

  await section.getByLabel('E-mail-cím').fill(uniqueEmail('first-click'));
  await section.getByLabel('Megszólítás').selectOption('MRS');
  await section.getByLabel('Keresztnév').fill('Anna');
  const submit = section.getByRole('button', { name: 'Feliratkozom' });
  await submit.click();
  const lastName = section.getByLabel('Vezetéknév');
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  expect(requests.count).toBe(0);

  await lastName.fill('Kovács');
  await submit.click();
  await expect.poll(() => requests.count, { message: 'the one click sent the sign-up' }).toBe(1);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
