import { Hono, type Context } from 'hono';
import { shopBySegment, type Shop } from '../../../src/shared/countries.ts';
import { translationsFor } from '../../../src/shared/i18n.ts';
import {
  formFieldNames,
  signUpValuesOfPost,
  type ConfirmAnswer,
  type PreferencesAnswer,
} from '../../../src/shared/newsletter/formAnswers.ts';
import { newsletterPagePath } from '../../../src/shared/newsletter/pagePaths.ts';
import {
  preferencesOf,
  preferencesValuesOf,
  validatePreferences,
} from '../../../src/shared/newsletter/preferencesSchema.ts';
import { renderedPage } from '../../pages/renderedPage.ts';
import { subscriberOfToken } from '../answers.ts';
import type { NewsletterCore } from '../routes.ts';
import { toSubscriber, type OpenedSubscriber, type SubscriberRow } from '../subscriberStore.ts';
import { confirmSubscription, TOKEN_GONE, unsubscribe, updatePreferences } from '../subscription.ts';
import { readFormPost } from './formPost.ts';
import { eraseAddress, IYS_UNAVAILABLE } from '../erasureWithIys.ts';
import { exportAnswer } from '../rightsRoutes.ts';
import type { FormRouteOptions } from './signUpForm.ts';

/** The confirmation page, answered by its plain form (docs/newsletter.md#plain-form). */
const CONFIRM_PATH = '/:segment/newsletter/confirm/';
/** The preferences page, rendered by the server with the subscription, and answered by its plain forms. */
const PREFERENCES_PATH = '/:segment/newsletter/preferences/';
/** Query parameter of the redirect after a save: the page then says the changes are saved. */
const SAVED_PARAMETER = 'saved';

/** The sentences the pages' answers fall back to when no renderer is built. */
type PlainAnswerKey =
  | 'newsletter.error.doiInvalid'
  | 'newsletter.preferences.linkInvalidHeading'
  | 'newsletter.confirm.successHeading'
  | 'newsletter.preferences.unsubscribedHeading'
  | 'newsletter.preferences.erasedHeading'
  | 'newsletter.preferences.tooManyRequests'
  | 'newsletter.error.generic';

/** The subscribed row of a preferences token, or undefined for an unknown, spent, expired or pending one. */
async function subscribedRow(c: Context, core: NewsletterCore, token: string): Promise<OpenedSubscriber | undefined> {
  const row = await subscriberOfToken(c, core.database, ['preferences'], token);
  return row instanceof Response || row.status !== 'SUBSCRIBED' ? undefined : row;
}

/**
 * The erase button's post (docs/newsletter.md#subscriber-rights): `erase` asks to confirm, `eraseConfirmed` erases.
 * The page's answer, or undefined when the token no longer opens the subscription.
 */
async function eraseByForm(
  core: NewsletterCore,
  row: OpenedSubscriber,
  intent: 'erase' | 'eraseConfirmed',
): Promise<PreferencesAnswer | undefined> {
  if (intent === 'erase') return ready(row, { step: 'confirmErase' });
  const erased = await eraseAddress(core.database, core.iys, row.email, row);
  if (erased === IYS_UNAVAILABLE) return ready(row, { step: 'confirmErase', notice: 'eraseFailed' });
  return typeof erased === 'string' ? undefined : { outcome: 'erased' };
}

/** The preferences page's answer for a stored subscription. */
function ready(
  row: SubscriberRow,
  extra: Partial<Extract<PreferencesAnswer, { outcome: 'ready' }>> = {},
): PreferencesAnswer {
  const stored = preferencesOf(toSubscriber(row));
  return { outcome: 'ready', email: row.email, stored, values: stored, errors: {}, ...extra };
}

/**
 * The confirmation and preferences pages without JavaScript (docs/newsletter.md#plain-form): the confirmation page's
 * button posts the link's token (a bare GET never confirms, so mail scanners cannot); the preferences page is rendered
 * with the subscription and saves and unsubscribes through plain forms, with the same rules as `PUT` and `DELETE`.
 */
export function subscriberFormRoutes(core: NewsletterCore, options: FormRouteOptions): Hono {
  const app = new Hono();
  const page = async (
    c: Context,
    shop: Shop,
    locals: { confirmAnswer?: ConfirmAnswer; preferencesAnswer?: PreferencesAnswer },
    status = 200,
  ) => {
    const path = `${c.req.path}${new URL(c.req.url).search}`;
    const footerContentJSON = await options.footerContentAt(shop.code, new Date());
    return renderedPage(c, options.renderer, { path, locals: { ...locals, footerContentJSON }, status });
  };
  // No renderer built (docs/operations.md#on-demand-pages): the page cannot be shown; the status and one sentence in
  // the shop's language still say what happened.
  const plain = (c: Context, shop: Shop, key: PlainAnswerKey, status: 200 | 400 | 404 | 429) =>
    c.text(translationsFor(shop.locale)(key), status);

  app.post(CONFIRM_PATH, async (c, next) => {
    const shop = shopBySegment(c.req.param('segment'));
    if (!shop) return next();
    const form = await readFormPost(c, options.config, shop);
    if (form instanceof Response) return form;
    const row = await subscriberOfToken(c, core.database, ['doi'], c.req.query('token') ?? '');
    const preferencesToken =
      row instanceof Response || row.status !== 'WAITING_FOR_DOI' ? undefined : await confirmSubscription(core, row);
    if (preferencesToken === undefined) {
      return (
        (await page(c, shop, { confirmAnswer: { outcome: 'invalid' } }, 404)) ??
        plain(c, shop, 'newsletter.error.doiInvalid', 404)
      );
    }
    return (
      (await page(c, shop, { confirmAnswer: { outcome: 'confirmed', preferencesToken } })) ??
      plain(c, shop, 'newsletter.confirm.successHeading', 200)
    );
  });

  app.get(PREFERENCES_PATH, async (c, next) => {
    const shop = shopBySegment(c.req.param('segment'));
    if (!shop) return next();
    const row = await subscribedRow(c, core, c.req.query('token') ?? '');
    const answer: PreferencesAnswer = row
      ? ready(row, c.req.query(SAVED_PARAMETER) === undefined ? {} : { notice: 'saved' })
      : { outcome: 'invalid' };
    // An invalid link is a page that says so (200), as the static page did; without a renderer the static page loads
    // the subscription itself (with JavaScript).
    return (await page(c, shop, { preferencesAnswer: answer })) ?? next();
  });

  app.post(PREFERENCES_PATH, async (c, next) => {
    const shop = shopBySegment(c.req.param('segment'));
    if (!shop) return next();
    const form = await readFormPost(c, options.config, shop);
    if (form instanceof Response) return form;
    const token = c.req.query('token') ?? '';
    const intent = form.get(formFieldNames.intent);
    // An export or erasure counts against the client's limit before the token is looked at, as the calls do.
    if (intent === 'export' || intent === 'eraseConfirmed') {
      const waitSeconds = await core.rightsLimit.exceeded(c);
      if (waitSeconds !== undefined) {
        c.header('retry-after', String(waitSeconds));
        return plain(c, shop, 'newsletter.preferences.tooManyRequests', 429);
      }
    }
    const row = await subscribedRow(c, core, token);
    const invalid = async () =>
      (await page(c, shop, { preferencesAnswer: { outcome: 'invalid' } }, 404)) ??
      plain(c, shop, 'newsletter.preferences.linkInvalidHeading', 404);
    if (!row) return invalid();
    if (intent === 'export') return exportAnswer(c, core.database, row);
    if (intent === 'keepData')
      return (
        (await page(c, shop, { preferencesAnswer: ready(row) })) ?? plain(c, shop, 'newsletter.error.generic', 400)
      );
    if (intent === 'erase' || intent === 'eraseConfirmed') {
      const answer = await eraseByForm(core, row, intent);
      if (answer === undefined) return invalid();
      const shown = answer.outcome === 'erased' ? 'newsletter.preferences.erasedHeading' : 'newsletter.error.generic';
      return (await page(c, shop, { preferencesAnswer: answer })) ?? plain(c, shop, shown, 200);
    }
    if (intent === 'unsubscribe') {
      if (!(await unsubscribe(core, row, 'preferences'))) return invalid();
      return (
        (await page(c, shop, { preferencesAnswer: { outcome: 'unsubscribed', email: row.email } })) ??
        plain(c, shop, 'newsletter.preferences.unsubscribedHeading', 200)
      );
    }
    const posted = signUpValuesOfPost(form);
    const stored = preferencesOf(toSubscriber(row));
    const values = posted ? preferencesValuesOf(posted) : stored;
    const checked = posted
      ? validatePreferences(shop.newsletter, values, stored)
      : ({ success: false, errors: {} } as const);
    const refused = checked.success ? await updatePreferences(core, row, checked.request) : checked.errors;
    if (refused === TOKEN_GONE) return invalid();
    if (refused) {
      const errors = Object.fromEntries(
        Object.entries(refused).map(([field, messages]) => [
          field,
          Array.isArray(messages) ? String(messages[0]) : String(messages),
        ]),
      );
      const notice = Object.keys(errors).length === 0 ? { notice: 'saveFailed' as const } : {};
      return (
        (await page(c, shop, { preferencesAnswer: ready(row, { values, errors, ...notice }) }, 400)) ??
        plain(c, shop, 'newsletter.error.generic', 400)
      );
    }
    // Post/Redirect/Get: a reload shows the saved state and sends nothing again.
    return c.redirect(`${newsletterPagePath(shop, 'preferences', token)}&${SAVED_PARAMETER}=1`, 303);
  });

  return app;
}
