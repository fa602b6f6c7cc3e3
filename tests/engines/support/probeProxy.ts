import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The probe's address on the proxy; no file of the site has it. */
const PROBE_PATH = '/__engine-probe.js';
/** An empty page of the proxy's own, to clear cookies and storage between tests. */
export const BLANK_PATH = '/__engine-blank';
/** Where the probe keeps what went wrong: it survives the navigations of one test in one tab. */
export const PROBLEMS_KEY = '__engineProblems';

/**
 * Runs first in every page the proxy passes on (a classic script from `'self'`, which every page's CSP allows) and
 * notes every console error, uncaught error, unhandled rejection, file that failed to load and CSP violation.
 */
const probe = `(() => {
  const note = (problem) => {
    const list = JSON.parse(sessionStorage.getItem(${JSON.stringify(PROBLEMS_KEY)}) || '[]');
    list.push(location.pathname + ': ' + problem);
    sessionStorage.setItem(${JSON.stringify(PROBLEMS_KEY)}, JSON.stringify(list));
  };
  const text = (value) => value instanceof Error ? value.message : String(value);
  // Loads a navigation cuts short (an SVG sprite still on its way when the page reloads) are no fault of the page.
  let leaving = false;
  addEventListener('beforeunload', () => { leaving = true; });
  const consoleError = console.error;
  console.error = function (...args) { note('console.error ' + args.map(text).join(' ')); return consoleError.apply(this, args); };
  addEventListener('error', (event) => {
    const target = event.target;
    if (!(target instanceof Element)) note('uncaught ' + event.message);
    else if (!leaving) note('failed to load ' + (target.getAttribute('src') || target.getAttribute('href')));
  }, true);
  addEventListener('unhandledrejection', (event) => note('unhandled rejection ' + text(event.reason)));
  document.addEventListener('securitypolicyviolation', (event) => note('CSP ' + event.violatedDirective + ' ' + (event.blockedURI || event.sample)), true);
})();`;

/** A request the browser sent through the proxy. */
export interface SeenRequest {
  method: string;
  path: string;
}

export interface ProbeProxy {
  /** The proxy's origin: what the engine opens. */
  origin: string;
  /** Every request since the last `reset()`. */
  requests: SeenRequest[];
  /** Answers to paths matching `pattern` wait until the returned function is called. */
  hold(pattern: RegExp): () => void;
  /** Forgets the requests and lets every held answer go. */
  reset(): void;
  close(): Promise<void>;
}

/**
 * A proxy on a free loopback port in front of the site under test, for engines that cannot run a script before the
 * page's own or report its console (WebKitWebDriver has no WebDriver BiDi): it puts the probe first into every page,
 * counts the requests on the wire, and can hold back an answer. The site sees its own origin: `Host` and `Origin`
 * name the site, and nothing may be cached, so every test fetches what it uses. Test harness only.
 */
export async function startProbeProxy(upstream: string): Promise<ProbeProxy> {
  const site = new URL(upstream);
  const requests: SeenRequest[] = [];
  const held: { pattern: RegExp; release: Promise<void>; let: () => void }[] = [];
  let origin = '';

  const server = http.createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    if (path === PROBE_PATH) {
      outgoing.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      outgoing.end(probe);
      return;
    }
    if (path === BLANK_PATH) {
      outgoing.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      outgoing.end('<!doctype html><title>blank</title>');
      return;
    }
    requests.push({ method: incoming.method ?? 'GET', path });
    const headers = { ...incoming.headers, host: site.host, 'accept-encoding': 'identity' };
    if (headers.origin === origin) headers.origin = site.origin;
    const forward = http.request(
      { host: site.hostname, port: site.port, method: incoming.method, path, headers },
      async (answer) => {
        await Promise.all(held.filter((hold) => hold.pattern.test(path)).map((hold) => hold.release));
        const answerHeaders = { ...answer.headers, 'cache-control': 'no-store' };
        if (typeof answerHeaders.location === 'string' && answerHeaders.location.startsWith(site.origin)) {
          answerHeaders.location = origin + answerHeaders.location.slice(site.origin.length);
        }
        if (!String(answer.headers['content-type']).startsWith('text/html')) {
          outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        for await (const chunk of answer) chunks.push(chunk as Buffer);
        const html = Buffer.concat(chunks)
          .toString('utf8')
          .replace(/<head>/i, `<head><script src="${PROBE_PATH}"></script>`);
        delete answerHeaders['content-length'];
        outgoing.writeHead(answer.statusCode ?? 502, answerHeaders);
        outgoing.end(html);
      },
    );
    forward.on('error', () => outgoing.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    requests,
    hold(pattern) {
      let release = () => {};
      const hold = { pattern, release: new Promise<void>((resolve) => (release = resolve)), let: () => release() };
      held.push(hold);
      return hold.let;
    },
    reset() {
      requests.length = 0;
      for (const hold of held.splice(0)) hold.let();
    },
    close: () =>
      new Promise((resolve) => {
        for (const hold of held.splice(0)) hold.let();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
