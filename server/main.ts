import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, readConfig, type ServerConfig } from '../src/shared/config.ts';
import { openDatabase } from './db.ts';
import { seedPromotions } from './promotion/routes.ts';
import { ownOrigin, serverPublisher } from './publish/serverPublisher.ts';
import { unversionedContent } from './publish/contentSchedule.ts';

let config: ServerConfig;
try {
  config = readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const db = openDatabase(config.dbPath);
const seeded = seedPromotions(db, path.join(import.meta.dirname, 'seed/footer'));
const publisher = serverPublisher(config, unversionedContent);
const app = createApp({ db, config, publisher });

const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`Services and site on http://${config.host}:${info.port}/ (database ${config.dbPath}${seeded ? `, ${seeded} footers seeded` : ''})`);
  publisher?.start(ownOrigin(config.host, info.port));
});

function stop() {
  publisher?.stop();
  server.close(() => {
    db.close();
    process.exit(0);
  });
  // Keep-alive connections must not hold the shutdown up.
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
