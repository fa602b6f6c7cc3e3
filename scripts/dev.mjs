// npm run dev: the local services on PORT+1 and Astro's dev server on PORT, with /service proxied to the services.
import path from 'node:path';
import { root, run, startServices } from './lib/services.mjs';
import { readToolConfig } from '../src/shared/config.ts';

const config = readToolConfig();

const port = config.PORT;
// The browser talks to Astro's dev server, which proxies /service with the browser's Host header and appends the
// browser's address to X-Forwarded-For: the services must accept that host and may trust that header.
const devHosts = [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
const services = await startServices({
  port: port + 1,
  env: {
    SITE_URL: config.SITE_URL ?? `http://localhost:${port}`,
    ALLOWED_HOSTS: [config.ALLOWED_HOSTS, ...devHosts].filter(Boolean).join(','),
    TRUST_PROXY: config.TRUST_PROXY ?? 'true',
  },
});
const code = await run(
  process.execPath,
  [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port)],
  {
    env: { SERVICE_ORIGIN: services.origin },
  },
);
await services.stop();
process.exit(code);
