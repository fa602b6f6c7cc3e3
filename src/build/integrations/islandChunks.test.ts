import { expect, test } from 'vitest';
import { islandChunkGroups } from './islandChunks.ts';

// A client build in miniature: two islands, the page's one script, the staff check it loads with import().
const page = '/src/layouts/ShopLayout.astro?astro&type=script&index=0&lang.ts';
const modules: Record<string, { isEntry?: boolean; importers?: string[]; dynamicImporters?: string[] }> = {
  [page]: { isEntry: true },
  '/src/scripts/shopPage.ts': { importers: [page] },
  '/src/islands/Signup.tsx': { isEntry: true },
  '/src/islands/Country.tsx': { isEntry: true },
  '/src/scripts/preview/startPreview.ts': { importers: [], dynamicImporters: ['/src/scripts/shopPage.ts'] },
  '/src/shared/cookies.ts': { importers: ['/src/scripts/shopPage.ts', '/src/islands/Signup.tsx'] },
  '/node_modules/valibot/dist/index.js': {
    importers: ['/src/islands/Signup.tsx', '/src/scripts/preview/startPreview.ts'],
  },
  '/src/lib/hydration/useAdoptLiveValues.ts': { importers: ['/src/islands/Signup.tsx', '/src/islands/Country.tsx'] },
  '/src/ui/Button/Button.tsx': { importers: ['/src/islands/Signup.tsx'] },
  '/src/scripts/idleStart.ts': { importers: ['/src/scripts/shopPage.ts'] },
};
const context = {
  getModuleInfo: (id: string) => {
    const module = modules[id];
    return module
      ? {
          isEntry: module.isEntry ?? false,
          importers: module.importers ?? [],
          dynamicImporters: module.dynamicImporters ?? [],
        }
      : null;
  },
};

function groupOf(id: string): string | null {
  const groups = islandChunkGroups('/src/scripts/shopPage.ts');
  const react = groups[0] as { test: RegExp };
  if (react.test.test(id)) return 'react';
  for (const group of groups.slice(1) as { name: (id: string, context: unknown) => string | null }[]) {
    const name = group.name(id, context);
    if (name) return name;
  }
  return null;
}

test('React is a file of its own', () => {
  expect(groupOf('/x/node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react');
  expect(groupOf('/x/node_modules/react/index.js')).toBe('react');
});

test("what islands share with the page's script or with code loaded by import() goes to island-core", () => {
  expect(groupOf('/src/shared/cookies.ts')).toBe('island-core');
  expect(groupOf('/node_modules/valibot/dist/index.js')).toBe('island-core');
});

test('what only islands share goes to islands; what one island or only scripts use stays put', () => {
  expect(groupOf('/src/lib/hydration/useAdoptLiveValues.ts')).toBe('islands');
  expect(groupOf('/src/ui/Button/Button.tsx')).toBeNull();
  expect(groupOf('/src/scripts/idleStart.ts')).toBeNull();
});
