// @vitest-environment happy-dom
// @vitest-environment-options { "settings": { "disableCSSFileLoading": true, "handleDisabledFileLoadingAsSuccess": true, "disableJavaScriptFileLoading": true, "disableJavaScriptEvaluation": true, "navigation": { "disableMainFrameNavigation": true } } }
import { expect, test } from 'vitest';
import { linkIn, readOutbox } from '../../server/mail/outboxReader.ts';
import { uniqueEmail } from '../support/uniqueEmail.ts';
import { sameSiteFormHeaders } from '../security/edge-helpers.ts';
import { expectNoSeriousStructuralViolations } from './support/axeStructure.ts';
import { fieldsOf } from './support/forms.ts';
import { plainRequest } from './support/plainHttp.ts';
import { builtPage, origin, outboxDir } from './support/site.ts';

// axe's structural rules on the server's answers to the plain forms (docs/newsletter.md#plain-form), in HU and DE: an
// error answer, a success, the confirmation page and its outcome, the preferences page and a spent link. They are
// rendered in Chromium with their scripts refused in tests/newsletter-no-js-axe.spec.ts.

/** Posts `fields` as a browser on this site posts a form. */
const post = (path: string, fields: [string, string][]) =>
  plainRequest(path, {
    method: 'POST',
    headers: sameSiteFormHeaders(origin),
    body: new URLSearchParams(fields).toString(),
  });

/** The newest mail to `email` linking `pathPart`, once the sender has delivered it. */
async function linkInMailTo(email: string, pathPart: string): Promise<URL> {
  await expect
    .poll(async () => (await readOutbox(outboxDir, { to: email })).some((mail) => mail.text.includes(pathPart)), {
      timeout: 15_000,
    })
    .toBe(true);
  return linkIn(
    (await readOutbox(outboxDir, { to: email })).find((mail) => mail.text.includes(pathPart))!,
    pathPart,
  );
}

test('the HU error answer', async () => {
  const form = builtPage('/hu/').querySelector('#newsletter form')!;
  const answer = await post('/hu/newsletter/sign-up/', fieldsOf(form, { newsletterEmail: uniqueEmail('axe-hu') }));
  expect(answer.status).toBe(400);
  await expectNoSeriousStructuralViolations(answer.text, 'the HU error answer');
});

// Five pages checked and two mails waited for, one after the other: 5.7 s alone, 19.8 s beside a second suite on a
// slow host, and past the 20 s meant for one check in the other suite of that pair.
test('the DE success, the confirmation page and its outcome, the preferences page and a spent link', async () => {
  const email = uniqueEmail('axe-de');
  const form = builtPage('/de/').querySelector('#newsletter form')!;
  const signedUp = await post('/de/newsletter/sign-up/', fieldsOf(form, { newsletterEmail: email }));
  expect(signedUp.status).toBe(303);
  const cookie = String(signedUp.headers['set-cookie']).split(';')[0]!;
  const success = await plainRequest(signedUp.headers.location!, { headers: { cookie } });
  expect(success.text).toContain(email);
  await expectNoSeriousStructuralViolations(success.text, 'the DE success answer');

  const confirm = await linkInMailTo(email, '/newsletter/confirm/');
  const confirmPage = confirm.pathname + confirm.search;
  await expectNoSeriousStructuralViolations((await plainRequest(confirmPage)).text, 'the confirmation page');
  const confirmed = await post(confirmPage, []);
  expect(confirmed.status).toBe(200);
  await expectNoSeriousStructuralViolations(confirmed.text, 'the confirmation');

  const preferences = await linkInMailTo(email, '/newsletter/preferences/');
  const page = await plainRequest(preferences.pathname + preferences.search);
  expect(page.text).toContain(email);
  await expectNoSeriousStructuralViolations(page.text, 'the preferences page');

  const spent = await post(confirmPage, []);
  expect(spent.status).toBe(404);
  await expectNoSeriousStructuralViolations(spent.text, 'a spent link');
}, 60_000);
