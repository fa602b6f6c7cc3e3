import { hideNewsletterWhenSubscribed } from './newsletterVisibility.ts';
import { setUpConsentLinks } from './consent.ts';
import { setUpPanels } from './panels.ts';
import { setUpViewChanger } from './viewChanger.ts';

// The footer's only script: the decisions made in the browser (docs/footer.md). Everything else is static HTML.
for (const footer of document.querySelectorAll<HTMLElement>('[data-shop-footer]')) {
  setUpPanels(footer);
  setUpConsentLinks(footer);
  setUpViewChanger(footer);
  const newsletter = footer.querySelector<HTMLElement>('[data-footer-newsletter]');
  if (newsletter) void hideNewsletterWhenSubscribed(newsletter);
}
