import type { Shop } from '../../../src/shared/countries.ts';
import { newsletterPagePath } from '../../../src/shared/newsletter/pagePaths.ts';
import type { LinkedSites } from '../../../src/shared/retailerSite.ts';
import { confirmationMailContent } from './confirmationMail.ts';
import type { MailContent } from './mailContent.ts';
import { welcomeMailContent, type WelcomeMailInput } from './welcomeMail.ts';

/** The origin of the sample mails' links. */
export const SAMPLE_SITE = 'https://shop.example';

/** Where the sample mails' links lead: this site only, its stand-ins answering for the retailer's pages. */
const sampleSites: LinkedSites = { siteUrl: SAMPLE_SITE };

/**
 * The two mails of a shop with fixed sample data (tokens, code, end date): for the mail tests and their visual
 * baselines (tests/visual/mail.visual.spec.ts), which must look the same on every run.
 */
export const sampleMails = {
  confirmation: (shop: Shop, options: { promisesVoucher?: boolean; sites?: LinkedSites } = {}): MailContent =>
    confirmationMailContent(shop, SAMPLE_SITE + newsletterPagePath(shop, 'confirm', 'doi'), {
      sites: sampleSites,
      ...options,
    }),
  welcome: (shop: Shop, input: Partial<WelcomeMailInput> = {}): MailContent =>
    welcomeMailContent(shop, {
      email: 'anna@example.com',
      voucher: {
        mode: 'new',
        code: 'K7QM-3XHP-9RTD',
        percent: shop.welcomeVoucher.percent,
        validUntil: shop.welcomeVoucher.validMonths ? new Date('2026-12-23T22:59:59.999Z') : null,
      },
      links: {
        preferences: SAMPLE_SITE + newsletterPagePath(shop, 'preferences', 'pref'),
        shop: `${SAMPLE_SITE}/${shop.segment}/`,
      },
      sites: sampleSites,
      ...input,
    }),
};
