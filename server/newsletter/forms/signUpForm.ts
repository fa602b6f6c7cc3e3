import { DATABASE_BUSY_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../databaseBusy.ts';
import { countSignUp } from '../../metrics/serviceMetrics.ts';
import { Hono, type Context } from 'hono';
import type { ServerConfig } from '../../../src/shared/config.ts';
import { shopBySegment, type Shop } from '../../../src/shared/countries.ts';
import { translationsFor } from '../../../src/shared/i18n.ts';
import {
  formFieldNames,
  signUpAnswerPage,
  signUpPlacements,
  signUpSectionId,
  signUpValuesOfPost,
  type SignUpAnswer,
  type SignUpPlacement,
} from '../../../src/shared/newsletter/formAnswers.ts';
import { emptyFormValues, validateNewsletterForm } from '../../../src/shared/newsletter/formSchema.ts';
import { signUpFormPath } from '../../../src/shared/newsletter/pagePaths.ts';
import { renderedPage } from '../../pages/renderedPage.ts';
import type { PreviewRenderer } from '../../preview/renderer.ts';
import type { FooterContentAt } from '../../preview/footerContent.ts';
import type { NewsletterCore } from '../routes.ts';
import { registerSignUp } from '../signUp.ts';
import { consentedVisitorIdOfSignUp } from '../../abtests/visitorConsent.ts';
import { requestClientNetwork } from '../clientKey.ts';
import { readFormPost } from './formPost.ts';
import { maskedText } from '../../mail/maskAddresses.ts';
import { readSignedUpCookie, setSignedUpCookie } from './signedUpCookie.ts';

/** What the form routes need besides the newsletter's core. */
export interface FormRouteOptions {
  config: ServerConfig;
  renderer: Pick<PreviewRenderer, 'render'>;
  footerContentAt: FooterContentAt;
  /** Signs the success cookie. */
  secret: string;
}

/** `/{segment}/newsletter/sign-up/`, the plain sign-up form's endpoint (docs/newsletter.md#plain-form). */
export const SIGN_UP_FORM_PATH = '/:segment/newsletter/sign-up/';

/** What a server without a built renderer (docs/operations.md#on-demand-pages) answers instead of the page, in the shop's language. */
function unrenderedAnswer(shop: Shop, answer: SignUpAnswer): string {
  const t = translationsFor(shop.locale);
  if (answer.outcome === 'signedUp')
    return `${t('newsletter.success.heading')} ${t('newsletter.success.text', { email: answer.email })}`;
  return t(answer.outcome === 'invalid' ? 'newsletter.errorSummary.title' : 'newsletter.error.generic');
}

/** A shop page rendered with the sign-up's answer in the section that was posted. */
async function answerPage(
  c: Context,
  options: FormRouteOptions,
  shop: Shop,
  page: string,
  answer: SignUpAnswer,
  status: number,
) {
  const footerContentJSON = await options.footerContentAt(shop.code, new Date());
  const rendered = await renderedPage(c, options.renderer, {
    path: page,
    locals: { signUpAnswer: answer, footerContentJSON },
    status,
  });
  // No renderer built: the page cannot be shown; the status still says what happened, in plain words.
  return rendered ?? c.text(unrenderedAnswer(shop, answer), status as 200);
}

/**
 * The plain sign-up form's endpoint: the same checks, throttle and store as the JSON call (`registerSignUp`), answered
 * as a page. Errors show the page the form stood on again, with the error summary and the values kept (400); the
 * honeypot and a taken sign-up alike redirect (303) to a GET of this path, which shows the success message from a
 * short-lived cookie, so the address is in no URL and a reload does not sign up again.
 */
export function signUpFormRoutes(core: NewsletterCore, options: FormRouteOptions): Hono {
  const app = new Hono();

  app.post(SIGN_UP_FORM_PATH, async (c, next) => {
    const shop = shopBySegment(c.req.param('segment'));
    if (!shop) return next();
    const form = await readFormPost(c, options.config, shop);
    if (form instanceof Response) return form;
    const page = signUpAnswerPage(shop, form.get(formFieldNames.page) ?? undefined);
    const postedPlacement = form.get(formFieldNames.placement);
    const placement: SignUpPlacement = signUpPlacements.find((known) => known === postedPlacement) ?? 'page';
    const values = signUpValuesOfPost(form);

    // The throttle counts every post, as it counts every JSON call: refused, tampered with or taken, one per request.
    // Over the limit it refuses with 429 and sets Retry-After on the context, which the page's answer carries.
    let throttled: boolean;
    try {
      throttled = (await core.signUpLimit(c, async () => {})) instanceof Response;
    } catch (error) {
      // The shared database that counts is unreachable: the form comes back with what was typed (503).
      if (!isDatabaseUnavailable(error)) throw error;
      countSignUp(shop, 'busy');
      c.header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
      return answerPage(
        c,
        options,
        shop,
        page,
        { outcome: 'failed', placement, values: values ?? emptyFormValues() },
        503,
      );
    }
    if (throttled) {
      countSignUp(shop, 'throttled');
      return answerPage(
        c,
        options,
        shop,
        page,
        { outcome: 'failed', placement, values: values ?? emptyFormValues() },
        429,
      );
    }
    if (!values) {
      countSignUp(shop, 'refused');
      return answerPage(c, options, shop, page, { outcome: 'failed', placement, values: emptyFormValues() }, 400);
    }

    const signedUp = (email: string) => {
      setSignedUpCookie(c, options.secret, signUpFormPath(shop), { email, segment: shop.segment, page, placement });
      return c.redirect(`${signUpFormPath(shop)}#${signUpSectionId(placement)}`, 303);
    };
    // A filled honeypot is a bot: it sees the success, nothing is stored or sent (docs/newsletter.md#honeypot).
    if (values.email !== '') {
      countSignUp(shop, 'honeypot');
      return signedUp(values.newsletterEmail.trim());
    }
    const checked = validateNewsletterForm(shop.newsletter, values, { origin: 'onsite', originAddition: 'subsite' });
    if (!checked.success) {
      countSignUp(shop, 'refused');
      return answerPage(c, options, shop, page, { outcome: 'invalid', placement, values, errors: checked.errors }, 400);
    }
    try {
      const network = requestClientNetwork(c, core.options.signUpLimit.trustProxy);
      const abVisitorId = consentedVisitorIdOfSignUp(c);
      await registerSignUp(core.database, core.jobs, core.options, {
        body: checked.request,
        shop,
        network,
        ...(abVisitorId ? { abVisitorId } : {}),
      });
    } catch (error) {
      // The form comes back with what was typed; a database locked by another process is worth a retry in a moment.
      if (isDatabaseUnavailable(error)) c.header('retry-after', String(DATABASE_BUSY_RETRY_AFTER_SECONDS));
      else console.error(maskedText(error));
      countSignUp(shop, 'busy');
      return answerPage(c, options, shop, page, { outcome: 'failed', placement, values }, 503);
    }
    return signedUp(checked.request.email);
  });

  app.get(SIGN_UP_FORM_PATH, async (c, next) => {
    const shop = shopBySegment(c.req.param('segment'));
    if (!shop) return next();
    const signedUp = readSignedUpCookie(c, options.secret, shop.segment);
    // Nothing (any more) to show: the shop's own sign-up.
    if (!signedUp) return c.redirect(`/${shop.segment}/#${signUpSectionId('page')}`, 303);
    return answerPage(
      c,
      options,
      shop,
      signedUp.page,
      { outcome: 'signedUp', placement: signedUp.placement, email: signedUp.email },
      200,
    );
  });

  return app;
}
