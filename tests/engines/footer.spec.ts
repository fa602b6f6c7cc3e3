import { expect, test, widths, type Site } from './support/fixtures.ts';

// The footer in Firefox and WebKit (docs/commands.md#cross-engine-suite): panels on a phone, four columns on a
// desktop, the country selector, the consent dialog. No page may log an error or break its CSP (support/fixtures.ts).

const untilPanelsReady = (site: Site) =>
  site.until("the footer's script", () =>
    document.querySelector('[data-shop-footer]')?.hasAttribute('data-panels-ready'),
  );

/** Per panel: toggle shown, expanded, content shown, title shown; and where its box is. */
const panels = (site: Site) =>
  site.page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.footer-service [data-footer-panel]')].map((panel) => {
      const toggle = panel.querySelector<HTMLButtonElement>('[data-panel-toggle]')!;
      const content = panel.querySelector<HTMLElement>('[data-panel-content]')!;
      const box = panel.getBoundingClientRect();
      return {
        toggle: !toggle.hidden && toggle.offsetHeight > 0,
        expanded: toggle.getAttribute('aria-expanded'),
        content: !content.hasAttribute('hidden') && content.offsetHeight > 0,
        title: panel.querySelector<HTMLElement>('[data-panel-title]')!.offsetHeight > 0,
        left: Math.round(box.left),
        top: Math.round(box.top + window.scrollY),
      };
    }),
  );

test('at 375 px the service groups are collapsible panels that open and close', async ({ site }) => {
  await site.open('/de/', 375);
  await untilPanelsReady(site);
  const before = await panels(site);
  expect(before.length).toBeGreaterThanOrEqual(4);
  for (const panel of before)
    expect(panel).toMatchObject({ toggle: true, expanded: 'false', content: false, title: false });
  await site.click('.footer-service [data-footer-panel] [data-panel-toggle]');
  expect((await panels(site))[0]).toMatchObject({ expanded: 'true', content: true });
  expect(
    (await panels(site)).slice(1).every((panel) => !panel.content),
    'the others stay closed',
  ).toBe(true);
  await site.click('.footer-service [data-footer-panel] [data-panel-toggle]');
  expect((await panels(site))[0]).toMatchObject({ expanded: 'false', content: false });
});

test('at 1440 px the service groups are four open columns', async ({ site }) => {
  await site.open('/de/', 1440);
  await untilPanelsReady(site);
  const columns = await panels(site);
  for (const panel of columns) expect(panel).toMatchObject({ toggle: false, content: true, title: true });
  const firstRow = columns.slice(0, 4);
  expect(new Set(firstRow.map((panel) => panel.top)).size, 'the first four side by side').toBe(1);
  expect(new Set(firstRow.map((panel) => panel.left)).size, 'in four columns').toBe(4);
  if (columns[4]) expect(columns[4].left, 'the fifth starts the next row').toBe(columns[0]!.left);
});

for (const width of widths) {
  test(`the country selector at ${width} px switches to the chosen shop with its button`, async ({ site }) => {
    await site.open('/ch-fr/', width);
    const select = '[data-shop-footer] .footer-country select';
    expect(
      await site.page.evaluate((selector) => document.querySelector<HTMLSelectElement>(selector)!.value, select),
    ).toBe('CH');
    // A choice in the native select (its value and events), then the button: the island's first interaction.
    await site.page.evaluate((selector) => {
      const element = document.querySelector<HTMLSelectElement>(selector)!;
      element.value = 'HU';
      element.dispatchEvent(new Event('change', { bubbles: true }));
    }, select);
    await site.click('[data-shop-footer] .footer-country button[type="submit"]');
    await site.until(
      'the Hungarian shop',
      () => location.pathname === '/hu/' && document.documentElement.lang === 'hu-HU',
    );
  });

  test(`the consent dialog at ${width} px opens from its link, closes with Escape and gives focus back`, async ({
    site,
  }) => {
    await site.open('/de/', width);
    await untilPanelsReady(site);
    const link = '[data-shop-footer] a[data-consent-link]';
    await site.click(link);
    await site.until('the dialog open', () => document.querySelector<HTMLDialogElement>('[data-consent-dialog]')!.open);
    expect(
      await site.page.evaluate(() => document.querySelector('[data-consent-dialog]')!.contains(document.activeElement)),
      'focus inside',
    ).toBe(true);
    expect(await site.page.evaluate(() => location.pathname), 'the link did not navigate').toBe('/de/');
    await site.page.press('Escape');
    await site.until(
      'the dialog closed',
      () => !document.querySelector<HTMLDialogElement>('[data-consent-dialog]')!.open,
    );
    expect(
      await site.page.evaluate((selector) => document.activeElement === document.querySelector(selector), link),
      'focus back on the link',
    ).toBe(true);
  });
}
