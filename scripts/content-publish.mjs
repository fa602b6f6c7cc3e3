// npm run content:publish -- hu --file draft.json [--from <ISO instant>] [--dry-run] [--origin url]
// Publishes one shop's footer content as a new version (docs/operations.md#publishing-content-versions): validates the file
// locally as content:check does, stores it with the promotion service's PUT, and for an immediate version waits until
// the publisher has the shop live. Prints every step; exits 1 when something stops the publication.
import { serviceUrl, services } from '../src/shared/routes.ts';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { ConfigError, readConfig, readToolConfig } from '../src/shared/config.ts';
import { selectShops } from '../src/shared/countries.ts';
import { publishedVersionSchema, zonedInstantSchema } from '../src/shared/promotion/schemas.ts';
import { readFooterContentFile, reportLines } from './lib/footerContentFile.mjs';
import { followUntilLive, LIVE_TIMEOUT_MS } from './lib/followUntilLive.mjs';

function fail(message) {
  console.error(message);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  options: {
    file: { type: 'string' },
    from: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    origin: { type: 'string' },
  },
  allowPositionals: true,
});
const usage =
  'Usage: npm run content:publish -- <shop> --file draft.json [--from 2026-12-01T00:00:00+01:00] [--dry-run] [--origin url]';
if (positionals.length !== 1 || !values.file) fail(usage);
let shop;
try {
  [shop] = selectShops(positionals[0]);
} catch (error) {
  fail(error.message);
}
if (values.from !== undefined && !v.is(zonedInstantSchema, values.from)) {
  fail(`--from ${values.from}: must be an ISO 8601 instant with a time zone, e.g. 2026-12-01T00:00:00+01:00`);
}

// 1. Validate locally: the same check the service and the build apply.
let raw;
try {
  raw = readFooterContentFile(values.file);
} catch (error) {
  fail(`${values.file}: ${error.message}`);
}
const { problems, warnings } = reportLines(shop.code, raw, shop);
if (problems.length) {
  for (const line of problems) console.log(`${line} (${values.file})`);
  fail(`${problems.length} problem(s) in ${values.file}; nothing was published`);
}
// Facts stated otherwise than the country table do not stop a publish, as they do not stop the service: the operator sees them.
for (const line of warnings) console.log(`${line} (${values.file})`);
console.log(
  `validated: ${values.file} is valid footer content for ${shop.code}${warnings.length ? `, with ${warnings.length} warning(s)` : ''}`,
);
if (values['dry-run']) {
  console.log('dry run: nothing stored');
  process.exit(0);
}

// 2. Store the version.
let config;
try {
  config = readConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}
const tokenFile = config.promotionAdminTokenFile;
const token =
  config.promotionAdminToken ??
  (tokenFile && fs.existsSync(tokenFile) ? fs.readFileSync(tokenFile, 'utf8').trim() : undefined);
if (!token)
  fail(
    `No admin token: set PROMOTION_ADMIN_TOKEN, or start the services once (npm start) so that they generate one in ${tokenFile}`,
  );
const origin = (values.origin ?? readToolConfig().SERVICE_ORIGIN ?? `http://${config.host}:${config.port}`).replace(
  /\/$/,
  '',
);
const authorization = `Bearer ${token}`;
const operator = os.userInfo().username;

async function call(path, init = {}) {
  try {
    return await fetch(origin + path, { ...init, signal: AbortSignal.timeout(15_000) });
  } catch (error) {
    return fail(
      `The services at ${origin} did not answer (${error.cause?.code ?? error.message}); is npm start running? (--origin names another)`,
    );
  }
}

const response = await call(serviceUrl(services.promotion, 'publishVersion', { name: 'SHOP_FOOTER' }), {
  method: 'PUT',
  headers: {
    'content-type': 'application/json',
    authorization,
    site: shop.code,
    ...(/^[\p{L}\p{N} ._@-]{1,64}$/u.test(operator) ? { 'x-operator': operator } : {}),
  },
  body: JSON.stringify({ contentJSON: JSON.stringify(raw), ...(values.from ? { validFrom: values.from } : {}) }),
});
if (response.status !== 201) {
  const body = await response.json().catch(() => ({}));
  for (const problem of body.problems ?? []) console.log(`${shop.code} ${problem.path}: ${problem.message}`);
  if (response.status === 401)
    fail(
      `The admin token was refused (401): it must be the services' PROMOTION_ADMIN_TOKEN or the one in ${tokenFile}`,
    );
  fail(`Not stored: ${response.status} ${body.title ?? response.statusText}`);
}
const stored = v.parse(publishedVersionSchema, await response.json());
const storedAt = Date.now();
console.log(`stored: version ${stored.version}, valid from ${stored.validFrom}`);

// 3. A scheduled version goes live by itself; an immediate one is followed until it is live.
const startsInMs = Date.parse(stored.validFrom) - Date.now();
if (startsInMs > 1000) {
  const local = new Date(stored.validFrom).toLocaleString('en-GB', { dateStyle: 'full', timeStyle: 'long' });
  const hours = startsInMs / 3_600_000;
  const wait =
    hours < 2
      ? `${Math.ceil(hours * 60)} min`
      : hours < 48
        ? `${hours.toFixed(1)} h`
        : `${(hours / 24).toFixed(1)} days`;
  console.log(`scheduled: ${shop.code} goes live by itself on ${local} (in ${wait})`);
  process.exit(0);
}

// A backdated version older than the live one never goes live: say so instead of waiting for it.
const listed = await call(serviceUrl(services.promotion, 'versions', { name: 'SHOP_FOOTER' }), {
  headers: { authorization, site: shop.code },
});
const live = listed.ok ? (await listed.json()).versions?.find((version) => version.live) : undefined;
if (live && live.version !== stored.version) {
  console.log(
    `not live: version ${live.version} stays live, its validFrom ${live.validFrom} is later than ${stored.validFrom}`,
  );
  process.exit(0);
}

const followed = await followUntilLive({
  readStatus: () => call(serviceUrl(services.publish, 'status'), { headers: { authorization } }),
  segment: shop.segment,
  version: stored.version,
  storedAt,
  onBuilding: () => console.log('building'),
});
if (followed.outcome === 'unavailable') {
  console.log('stored; automatic publishing is not available on this server');
  process.exit(0);
}
if (followed.outcome === 'live') {
  console.log(`live after ${followed.seconds.toFixed(1)} s (release ${followed.release})`);
  process.exit(0);
}
if (followed.outcome === 'failed') fail(`stored as version ${stored.version}, but ${followed.reason}`);
const lastError = followed.lastError ? ` (last error: ${followed.lastError})` : '';
fail(
  `stored as version ${stored.version}, but ${shop.code} was not live after ${LIVE_TIMEOUT_MS / 1000} s${lastError}; see GET /service/publish/api/status and the services' log`,
);
