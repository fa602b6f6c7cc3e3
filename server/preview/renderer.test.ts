import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { previewRenderer } from './renderer.ts';

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A stand-in renderer build: an `entry.mjs` whose handler answers like @astrojs/node's middleware handler. */
function writeRenderer(root: string, body: string) {
  fs.mkdirSync(path.join(root, 'server'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'server', 'entry.mjs'),
    `export const handler = async (req, res, next, locals) => {
      if (req.url === '/none/') return next();
      res.writeHead(200, { 'content-type': 'text/html', 'content-security-policy': "script-src 'self'" });
      res.write(${JSON.stringify(body)} + ' ' + req.url + ' ' + req.headers.cookie + ' ');
      res.end(JSON.stringify(locals));
    };`,
  );
}

const locals = { preview: { at: '2026-12-24T09:00:00.000Z' }, footerContentJSON: '{}' };
const request = (url: string) => new Request(`http://shop.test${url}`, { headers: { cookie: 'preview_session=x' } });

test('renders through the built handler with the request and the locals, and answers nothing without a build', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderer-'));
  const renderer = previewRenderer(dir);
  expect(await renderer.render(request('/de/'), locals)).toBeUndefined();

  writeRenderer(dir, 'first');
  const response = (await renderer.render(request('/de/?x=1'), locals))!;
  expect(response.status).toBe(200);
  expect(response.headers.get('content-security-policy')).toBe("script-src 'self'");
  expect(await response.text()).toBe(`first /de/?x=1 preview_session=x ${JSON.stringify(locals)}`);
  expect(await renderer.render(request('/none/'), locals)).toBeUndefined();
});

test('a rebuild swapped in by rename is used from the next render on', async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'renderer-'));
  const live = path.join(dir, 'renderer');
  writeRenderer(live, 'first');
  const renderer = previewRenderer(live);
  expect(await (await renderer.render(request('/de/'), locals))!.text()).toMatch(/^first /);

  writeRenderer(path.join(dir, 'staging'), 'second');
  fs.renameSync(live, path.join(dir, 'old'));
  fs.renameSync(path.join(dir, 'staging'), live);
  expect(await (await renderer.render(request('/de/'), locals))!.text()).toMatch(/^second /);
});
