import { startWhenIdle } from '../idleStart.ts';
import { hideNewsletterWhenSubscribed } from './newsletterVisibility.ts';
import { setUpConsentLinks } from './consent.ts';
import { setUpPanels } from './panels.ts';
import { setUpViewChanger } from './viewChanger.ts';

// The footer's only script: the decisions made in the browser (docs/footer.md). Everything else is static HTML. It
// starts once the page is idle (CSS already shows the panels as they will be), or at once when somebody reaches into
// the footer earlier, so that a click on a panel toggle or the consent link still does what it is for.
for (const footer of document.querySelectorAll<HTMLElement>('[data-shop-footer]')) {
  startWhenIdle(() => {
    setUpPanels(footer);
    setUpConsentLinks(footer);
    setUpViewChanger(footer);
    const newsletter = footer.querySelector<HTMLElement>('[data-footer-newsletter]');
    if (newsletter) void hideNewsletterWhenSubscribed(newsletter);
  }, [footer]);
}
