import { Hono } from 'hono';
import { describe, expect, test, vi } from 'vitest';
import { previewRender, previewRequest } from './previewRender.ts';
import type { PreviewRenderLocals } from '../../src/shared/preview/renderLocals.ts';
import type { PreviewSession } from './sessions.ts';

type SessionState = Pick<PreviewSession, 'previewDateTime' | 'abTestName' | 'abTestGroup'>;
const none: SessionState = { previewDateTime: null, abTestName: null, abTestGroup: null };
const dated = { ...none, previewDateTime: '2026-12-24T09:00:00.000Z' };
const forced = { ...none, abTestName: 'FOOTER_TEASER_ORDER', abTestGroup: 'B' };

describe('previewRequest: who gets a preview render', () => {
  test('staff previewing a moment or forcing a group, on each shop page', () => {
    for (const page of ['/de/', '/ch-fr/checkout/', '/tr/newsletter/confirm/', '/pl/service/']) {
      expect(previewRequest('GET', page, dated)?.preview, page).toEqual({ at: dated.previewDateTime! });
    }
    expect(previewRequest('GET', '/at/', forced)).toMatchObject({
      shop: { code: 'AT' },
      preview: { target: { test: 'FOOTER_TEASER_ORDER', group: 'B' } },
    });
  });

  test('nobody else: no session, a session without a preview, other pages, unknown shops, other methods', () => {
    expect(previewRequest('GET', '/de/', undefined)).toBeUndefined();
    expect(previewRequest('GET', '/de/', none)).toBeUndefined();
    expect(previewRequest('GET', '/de/', { ...none, abTestName: 'FOOTER_TEASER_ORDER' })).toBeUndefined();
    for (const page of ['/', '/de', '/de/ui/', '/preview/login/', '/xx/', '/_astro/a.js', '/de/index.html']) {
      expect(previewRequest('GET', page, dated), page).toBeUndefined();
    }
    expect(previewRequest('POST', '/de/', dated)).toBeUndefined();
  });
});

describe('previewRender middleware', () => {
  function appWith(session: SessionState | undefined, content: string | undefined = '{"headline":"x"}') {
    const render = vi.fn(
      async (_request: Request, locals: PreviewRenderLocals) =>
        new Response(`<html>${JSON.stringify(locals)}</html>`, {
          headers: { 'content-security-policy': "script-src 'self' 'sha256-abc='" },
        }),
    );
    const footerContentAt = vi.fn(() => Promise.resolve(content));
    const app = new Hono();
    app.use(previewRender({ sessions: { current: () => session as never }, renderer: { render }, footerContentAt }));
    app.get('*', (c) => c.text('static release', 200, { 'cache-control': 'no-cache' }));
    return { app, render, footerContentAt };
  }

  test('renders with the content valid at the preview moment for the forced group, never cacheable by others', async () => {
    const { app, render, footerContentAt } = appWith({ ...dated, abTestName: 'FOOTER_TEASER_ORDER', abTestGroup: 'B' });
    const response = await app.request('/de/');
    expect(footerContentAt).toHaveBeenCalledWith('DE', new Date(dated.previewDateTime!), {
      test: 'FOOTER_TEASER_ORDER',
      group: 'B',
    });
    expect(render.mock.calls[0]![1]).toEqual({
      preview: { at: dated.previewDateTime, target: { test: 'FOOTER_TEASER_ORDER', group: 'B' } },
      footerContentJSON: '{"headline":"x"}',
    });
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('vary')).toBe('Cookie');
    expect(response.headers.get('content-security-policy')).toMatch(
      /^script-src 'self' 'sha256-abc='; default-src 'self'.*frame-ancestors 'none'$/,
    );
  });

  test('a HEAD gets the headers of the preview render, not those of the static page, and no body', async () => {
    const { app, render } = appWith(dated);
    const get = await app.request('/de/');
    const head = await app.request('/de/', { method: 'HEAD' });
    expect(render).toHaveBeenCalledTimes(2);
    for (const name of ['cache-control', 'vary', 'content-security-policy', 'content-type'])
      expect(head.headers.get(name), name).toBe(get.headers.get(name));
    expect(head.headers.get('cache-control')).toBe('private, no-store');
    expect(await head.text()).toBe('');
  });

  test('a forced group without a chosen moment asks for the content valid now', async () => {
    const { app, footerContentAt } = appWith(forced);
    const before = Date.now();
    await app.request('/de/checkout/');
    const at = (footerContentAt.mock.calls[0] as unknown as [string, Date])[1];
    expect(at.getTime()).toBeGreaterThanOrEqual(before);
    expect(at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  test('everyone else gets the static release and no render happens', async () => {
    for (const session of [undefined, none]) {
      const { app, render } = appWith(session);
      const response = await app.request('/de/');
      expect(await response.text()).toBe('static release');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(render).not.toHaveBeenCalled();
    }
  });
});
