import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Hono } from 'hono';
import { afterAll, expect, test, vi } from 'vitest';
import { writeRelease } from '../../src/shared/publish/releases.ts';
import { staticSite } from '../staticSite.ts';
import { abVariantPages } from './variantPages.ts';

// A/B variant pages when the database cannot answer (docs/footer.md#variants-are-built-not-swapped): the page is
// still answered, the default one, never an error page.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ab-variant-faults-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const site = path.join(dir, 'releases', 'r1', 'site');
for (const [file, text] of [
  ['de/index.html', 'DE default'],
  ['_ab/HERO/B/de/index.html', 'DE group B'],
]) {
  fs.mkdirSync(path.dirname(path.join(site, file!)), { recursive: true });
  fs.writeFileSync(path.join(site, file!), `<!doctype html><title>${text}</title>`);
}
writeRelease(path.dirname(site), {
  id: 'r1',
  createdAt: '2026-11-29T00:00:00Z',
  kind: 'build',
  built: ['de'],
  shops: {},
  variants: [{ test: 'HERO', group: 'B', segment: 'de' }],
});
const hero = {
  name: 'HERO',
  groups: ['A', 'B'],
  weights: [0, 100],
  startsAt: '2026-01-01T00:00:00Z',
  endsAt: '2099-01-01T00:00:00Z',
};
const consent = { cookie: 'consent_choices=statistics' };

function appWith(runningTests: () => Promise<(typeof hero)[]>, countAssignments: () => Promise<void>) {
  const onError = vi.fn();
  const app = new Hono();
  app.use(staticSite(site, undefined, abVariantPages({ runningTests, countAssignments, onError })));
  return { app, onError };
}

test('the calendar unreadable: the default page, and the failure reported', async () => {
  const { app, onError } = appWith(
    () => Promise.reject(new Error('database unavailable')),
    async () => undefined,
  );
  const answer = await app.request('/de/', { headers: consent });
  expect(answer.status).toBe(200);
  expect(await answer.text()).toContain('DE default');
  expect(onError).toHaveBeenCalledOnce();
});

test('a count that cannot be written: the group’s page all the same', async () => {
  const { app, onError } = appWith(
    async () => [hero],
    () => Promise.reject(new Error('database unavailable')),
  );
  const answer = await app.request('/de/', { headers: consent });
  expect(answer.status).toBe(200);
  expect(await answer.text()).toContain('DE group B');
  expect(onError).toHaveBeenCalledOnce();
});
