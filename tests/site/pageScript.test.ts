import { expect, test } from 'vitest';
import { builtPage, get } from './support/site.ts';

// The one script a shop page names (docs/performance.md#before-the-first-interaction): the login renewal, the preview
// check, the footer's code and the island runtime in a single file, which waits for no other file and carries neither
// React nor the schema library. Its bytes on the wire are budgeted in tests/site/budgets.test.ts; that a browser loads
// nothing else before the first interaction is measured in tests/budgets.spec.ts.
test("/de/ names one script: the footer's code in it, no static import, no React, no schemas", async () => {
  const document = builtPage('/de/');
  const scripts = [...document.querySelectorAll('script[type="module"][src]')].map((s) => s.getAttribute('src')!);
  expect(scripts).toHaveLength(1);
  const code = await (await get(scripts[0]!)).text();
  expect(code, "the footer's code").toContain('data-shop-footer');
  expect(code, 'a static import').not.toMatch(
    /(?:^|[;\s}])import\s*(?:[{*"']|[\w$]+\s+from)|\bexport\s*[{*][^;]*\bfrom\s*["']/,
  );
  expect(code, 'React').not.toMatch(/react/i);
  // The schema library's mark (the Standard Schema interface every valibot schema carries).
  expect(code, 'valibot').not.toContain('~standard');
});
