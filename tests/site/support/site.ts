import fs from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';
import { readTestSite } from '../../../src/shared/config.ts';
import { servedSiteDir } from '../../support/servedSite.ts';

// The site under test, as the site layer sees it (docs/commands.md#test-layers): the built release's files, and the
// server that serves them and answers the plain forms, over HTTP. No browser: happy-dom's HTML parser reads pages as
// a browser's parser builds them (attribute names in lower case, implied elements), with no script, style or
// navigation.

const handedOn = readTestSite();
if (!handedOn) throw new Error('No site under test: run the site layer through `npm test` or `vitest --project site`.');

/** Origin of the served site, e.g. `http://localhost:4391`. */
export const origin = handedOn.origin;

/** The folder of the live release, following the release link. */
export const siteDir = fs.realpathSync(servedSiteDir);

/** Where the services write their e-mails. */
export const outboxDir = path.join(handedOn.dataDir, 'outbox');

const parser = new new Window({
  settings: {
    disableJavaScriptEvaluation: true,
    disableJavaScriptFileLoading: true,
    disableCSSFileLoading: true,
    handleDisabledFileLoadingAsSuccess: true,
    navigation: { disableMainFrameNavigation: true },
  },
}).DOMParser();

/** A parsed HTML document. */
export type HtmlDocument = ReturnType<typeof parser.parseFromString>;

/** An element of a parsed document. */
export type HtmlElement = NonNullable<ReturnType<HtmlDocument['querySelector']>>;

/** Parses HTML as a browser's parser builds the document (no scripts run, no styles load). */
export function parse(html: string): HtmlDocument {
  return parser.parseFromString(html, 'text/html');
}

/** The built file of a page path (`/de/` → `<release>/de/index.html`; `/de/x.html` as it is). */
export function builtFile(pagePath: string): string {
  const relative = pagePath.endsWith('/') ? `${pagePath}index.html` : pagePath;
  return path.join(siteDir, relative);
}

/** The built page at `pagePath`, parsed. */
export function builtPage(pagePath: string): HtmlDocument {
  return parse(fs.readFileSync(builtFile(pagePath), 'utf8'));
}

/** A GET of the served site, without following redirects. */
export function get(pagePath: string, init: RequestInit = {}): Promise<Response> {
  return fetch(new URL(pagePath, origin), { redirect: 'manual', ...init });
}

/** A served page: the answer and its document. */
export async function servedPage(pagePath: string, init: RequestInit = {}) {
  const response = await get(pagePath, init);
  const html = await response.text();
  return { response, html, document: parse(html) };
}

/** `text` with each run of HTML white space as one space, trimmed (no-break spaces are kept: they are copy). */
export function collapsed(text: string): string {
  return text.replace(/[ \t\n\r\f]+/g, ' ').trim();
}

/** The text of an element as {@link collapsed} reads it. */
export function textOf(element: { textContent: string | null } | null | undefined): string {
  return collapsed(element?.textContent ?? '');
}
