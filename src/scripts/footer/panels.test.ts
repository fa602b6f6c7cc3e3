// @vitest-environment happy-dom
import { afterEach, describe, expect, test } from 'vitest';
import { setUpPanels } from './panels.ts';

// The footer's panels as the script sets them up (docs/footer.md#platforms): disclosure buttons with collapsed,
// findable content everywhere but on CLASSIC, columns with their titles on CLASSIC. Layout, focus and the keyboard
// are the browser layer's (tests/footer-platform.spec.ts).

/** A footer with two panels, as FooterPanel.astro renders them: toggle hidden, title and content shown. */
function footer(platform: string): HTMLElement {
  document.documentElement.setAttribute('data-platform', platform);
  document.body.innerHTML = `<footer data-shop-footer><div class="groups">${[0, 1]
    .map(
      (index) => `<section data-footer-panel>
        <h3><button type="button" aria-expanded="false" aria-controls="group-${index}" data-panel-toggle hidden>
          <span>Group ${index}</span></button><span data-panel-title>Group ${index}</span></h3>
        <div id="group-${index}" data-panel-content><a href="/x">Link ${index}</a></div>
      </section>`,
    )
    .join('')}</div></footer>`;
  return document.querySelector<HTMLElement>('.groups')!;
}
const toggles = () => [...document.querySelectorAll<HTMLButtonElement>('[data-panel-toggle]')];
const titles = () => [...document.querySelectorAll<HTMLElement>('[data-panel-title]')];
const contents = () => [...document.querySelectorAll<HTMLElement>('[data-panel-content]')];

afterEach(() => document.documentElement.removeAttribute('data-platform'));

describe.each(['MATCH', 'SMARTPHONE', 'TABLET'])('on %s', (platform) => {
  test('every group is a collapsed disclosure button; its content is hidden until found', () => {
    setUpPanels(footer(platform));
    for (const toggle of toggles()) {
      expect(toggle.hidden).toBe(false);
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
    }
    for (const title of titles()) expect(title.hidden).toBe(true);
    for (const content of contents()) expect(content.getAttribute('hidden')).toBe('until-found');
    expect(document.querySelector('[data-shop-footer]')!.hasAttribute('data-panels-ready')).toBe(true);
  });

  test('a toggle opens its own panel and closes it again; the others stay closed', () => {
    setUpPanels(footer(platform));
    const [first, second] = toggles();
    first!.click();
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    expect(contents()[0]!.hasAttribute('hidden')).toBe(false);
    expect(second!.getAttribute('aria-expanded')).toBe('false');
    expect(contents()[1]!.getAttribute('hidden')).toBe('until-found');
    first!.click();
    expect(first!.getAttribute('aria-expanded')).toBe('false');
    expect(contents()[0]!.getAttribute('hidden')).toBe('until-found');
  });

  test("find-in-page reaching collapsed content (the browser's beforematch) opens its panel", () => {
    setUpPanels(footer(platform));
    contents()[1]!.dispatchEvent(new Event('beforematch'));
    expect(toggles()[1]!.getAttribute('aria-expanded')).toBe('true');
    expect(contents()[1]!.hasAttribute('hidden')).toBe(false);
  });
});

test('on CLASSIC the groups are open columns under their titles, without toggles', () => {
  setUpPanels(footer('CLASSIC'));
  for (const toggle of toggles()) expect(toggle.hidden).toBe(true);
  for (const title of titles()) expect(title.hidden).toBe(false);
  for (const content of contents()) expect(content.hasAttribute('hidden')).toBe(false);
});
