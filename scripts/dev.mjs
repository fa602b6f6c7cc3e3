// npm run dev: the local services on PORT+1 and Astro's dev server on PORT, with /service proxied to the services.
import path from 'node:path';
import { root, run, startServices } from './lib/services.mjs';

const port = Number(process.env.PORT ?? 4321);
const services = await startServices({ port: port + 1 });
const code = await run(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port)], {
  env: { SERVICE_ORIGIN: services.origin },
});
await services.stop();
process.exit(code);
