import path from 'node:path';

/** Settings of the local services, from the environment. */
export interface ServerConfig {
  /** TCP port (`PORT`, default 4321). */
  port: number;
  /** Interface to listen on (`HOST`, default localhost only). */
  host: string;
  /** SQLite file (`DB_PATH`, default `.data/storefront.sqlite`); created on first start. */
  dbPath: string;
  /** The built site to serve (`DIST_DIR`, default `dist`). */
  distDir: string;
  /** Folder the confirmation e-mails are written to (`OUTBOX_DIR`, default `.data/outbox`). */
  outboxDir: string;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): ServerConfig {
  const port = Number(env.PORT ?? 4321);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    port,
    host: env.HOST ?? 'localhost',
    dbPath: path.resolve(root, env.DB_PATH ?? '.data/storefront.sqlite'),
    distDir: path.resolve(root, env.DIST_DIR ?? 'dist'),
    outboxDir: path.resolve(root, env.OUTBOX_DIR ?? '.data/outbox'),
  };
}
