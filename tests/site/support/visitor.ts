import path from 'node:path';
import { expect } from 'vitest';
import { readConfig } from '../../../src/shared/config.ts';
import { DEMO_STAFF } from '../../../server/preview/staffAccounts.ts';
import { get, parse } from './site.ts';

/** One visitor of the site over HTTP: the cookies the site sets come back with the next request, as a browser's do. */
export interface Visitor {
  /** The value of a cookie the site has set, if any. */
  cookie(name: string): string | undefined;
  /** A GET (redirects not followed) with the visitor's cookies. */
  get(path: string, init?: RequestInit): Promise<Response>;
  /** A served page as the visitor gets it: the answer, its bytes and its document. */
  page(path: string): Promise<{ response: Response; bytes: Buffer; document: ReturnType<typeof parse> }>;
}

/** A new visitor without cookies. */
export function newVisitor(): Visitor {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const visitor: Visitor = {
    cookie: (name) => jar.get(name),
    async get(path, init = {}) {
      const headers = new Headers(init.headers);
      if (jar.size > 0) headers.set('cookie', cookieHeader());
      const response = await get(path, { ...init, headers });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        if (/;\s*max-age=0\b/i.test(line) || /;\s*expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
        else jar.set(name, pair.slice(at + 1));
      }
      return response;
    },
    async page(path) {
      const response = await visitor.get(path);
      const bytes = Buffer.from(await response.arrayBuffer());
      return { response, bytes, document: parse(bytes.toString('utf8')) };
    },
  };
  return visitor;
}

/** The demo staff credentials the services print on start (or the configured ones). */
const configured = readConfig(undefined, path.resolve(import.meta.dirname, '../../..'));
const staff = {
  username: configured.accounts.staffUser ?? DEMO_STAFF.username,
  password: configured.accounts.staffPassword ?? DEMO_STAFF.password,
};

/** A visitor logged in as staff through the login service, as the login page does it (docs/preview.md). */
export async function staffVisitor(): Promise<Visitor> {
  const visitor = newVisitor();
  await visitor.get('/preview/login/');
  const response = await visitor.get('/service/login/api/v1/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': visitor.cookie('csrf_token') ?? '' },
    body: JSON.stringify(staff),
  });
  expect(response.status, 'staff login').toBe(200);
  return visitor;
}

/** Sets a staff visitor's preview through the service, as the panel's Apply does; empty values clear it. */
export async function setPreview(visitor: Visitor, query: Record<string, string>): Promise<void> {
  const search = new URLSearchParams({ test: '', group: '', previewDateTime: '', ...query });
  const response = await visitor.get(`/service/preview/api/token?${search}`);
  expect(response.status, 'preview applied').toBe(200);
}
