import { CLASSIC_FROM } from '../../lib/footer/platform.ts';
import { currentPlatform } from './currentPlatform.ts';

/**
 * Footer panels: on CLASSIC they are plain columns; on the other platforms each heading becomes a disclosure
 * button (`aria-expanded`) and its content is collapsed with `hidden="until-found"`, so find-in-page still reaches it
 * (the `beforematch` event opens the panel). Without JavaScript none of this runs and everything stays expanded.
 */
export function setUpPanels(root: ParentNode, doc: Document = document): void {
  const panels = [...root.querySelectorAll<HTMLElement>('[data-footer-panel]')].map((panel) => ({
    toggle: panel.querySelector<HTMLButtonElement>('[data-panel-toggle]')!,
    title: panel.querySelector<HTMLElement>('[data-panel-title]')!,
    content: panel.querySelector<HTMLElement>('[data-panel-content]')!,
  }));

  const setExpanded = (panel: (typeof panels)[number], expanded: boolean) => {
    panel.toggle.setAttribute('aria-expanded', String(expanded));
    if (expanded) panel.content.removeAttribute('hidden');
    else panel.content.setAttribute('hidden', 'until-found');
  };

  const apply = () => {
    const classic = currentPlatform(doc) === 'CLASSIC';
    for (const panel of panels) {
      panel.toggle.hidden = classic;
      panel.title.hidden = !classic;
      if (classic) panel.content.removeAttribute('hidden');
      else setExpanded(panel, panel.toggle.getAttribute('aria-expanded') === 'true');
    }
  };

  for (const panel of panels) {
    panel.toggle.addEventListener('click', () =>
      setExpanded(panel, panel.toggle.getAttribute('aria-expanded') !== 'true'),
    );
    panel.content.addEventListener('beforematch', () => setExpanded(panel, true));
  }
  apply();
  // From here the hidden attributes speak; the pre-paint CSS stand-in (FooterPanel.astro) steps aside.
  if (root instanceof Element) root.closest('[data-shop-footer]')?.setAttribute('data-panels-ready', '');
  // Without a platform attribute the width decides, so crossing 1280 px switches between columns and panels.
  if (!doc.documentElement.hasAttribute('data-platform')) {
    doc.defaultView?.matchMedia(`(min-width: ${CLASSIC_FROM}px)`).addEventListener('change', apply);
  }
}
