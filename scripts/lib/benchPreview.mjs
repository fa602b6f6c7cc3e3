// Staff preview render time (docs/preview.md#preview-render): a logged-in staff browser previewing a moment, asking for
// a shop page that the server renders on demand, against the same page from the static release.

/** The cookies a response set, as a `Cookie` header value merged into `jar`. */
function remember(jar, response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function timedGet(url, cookie) {
  const started = process.hrtime.bigint();
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.text();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { ms, response, body };
}

/**
 * Logs in as staff, previews `at` (and a forced group), and times `page` as a preview render and as the static page
 * for a shopper: the first render (which loads the renderer) apart, then the median of `runs`.
 * @param {{ origin: string, page?: string, runs?: number, credentials: { username: string, password: string } }} options
 */
export async function measurePreviewRender({ origin, page = '/de/', runs = 5, credentials }) {
  const jar = new Map();
  let cookie = remember(jar, await fetch(`${origin}/preview/login/`));
  const csrf = jar.get('csrf_token')?.split('=')[1] ?? '';
  const login = await fetch(`${origin}/service/login/api/v1/login`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-csrf-token': csrf, origin },
    body: JSON.stringify(credentials),
  });
  if (!login.ok) throw new Error(`staff login failed: HTTP ${login.status}`);
  cookie = remember(jar, login);
  const query = new URLSearchParams({
    test: 'FOOTER_TEASER_ORDER',
    group: 'B',
    previewDateTime: '2026-12-24T09:00:00.000Z',
  });
  const applied = await fetch(`${origin}/service/preview/api/token?${query}`, { headers: { cookie } });
  if (!applied.ok) throw new Error(`applying the preview failed: HTTP ${applied.status}`);

  const first = await timedGet(origin + page, cookie);
  if (first.response.headers.get('cache-control') !== 'private, no-store')
    throw new Error(`${page} was not a preview render`);
  const preview = [];
  const staticPage = [];
  for (let run = 0; run < runs; run += 1) {
    preview.push((await timedGet(origin + page, cookie)).ms);
    staticPage.push((await timedGet(origin + page, '')).ms);
  }
  const round = (ms) => Number(ms.toFixed(1));
  return {
    page,
    runs,
    firstRenderMs: round(first.ms),
    previewMedianMs: round(median(preview)),
    staticMedianMs: round(median(staticPage)),
  };
}
