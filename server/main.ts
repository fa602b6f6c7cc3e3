import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, isLocalSite, readConfig, type ServerConfig } from '../src/shared/config.ts';
import { portProblem } from '../src/shared/portProblem.ts';
import { openDatabase, serveWithShortBusyWait, type SqliteConnection } from './database/sqliteFile.ts';
import { seedPromotions } from './promotion/seed.ts';
import { promotionAdminToken } from './promotion/adminToken.ts';
import { ownOrigin, serverPublisher } from './publish/serverPublisher.ts';
import { versionStoreOf, type VersionStore } from './promotion/versionStore.ts';
import { newsletterMail } from './newsletter/newsletterMail.ts';
import { unopenedSweeper } from './newsletter/unopenedSweeper.ts';
import { expirySweeper } from './newsletter/expirySweep.ts';
import { throttleSweep } from './throttle/throttleSweep.ts';
import { confirmationReleaser } from './newsletter/confirmationRelease.ts';
import { openPostgresDatabase, sharedDatabaseOf, type SharedDatabase } from './database/sharedDatabase.ts';
import { waitForSharedSecrets } from './database/waitForSharedSecrets.ts';
import { postgresLocation } from './database/postgresLocation.ts';
import { iysClient } from './iys/client.ts';
import { iysSyncWorker } from './iys/syncWorker.ts';
import { createScheduler } from './scheduler/scheduler.ts';
import { createShutdown, shutDownOnSignals } from './shutdown.ts';
import { drainHttpOnShutdown, HTTP_KEEP_ALIVE_MS } from './httpDrain.ts';
import { databaseStartProblem } from './databaseStartProblem.ts';
import { startMailIntake, type MailIntake } from './mail/intake.ts';
import { mailEvents } from './newsletter/mailEvents.ts';
import { intakeReports } from './newsletter/intakeReports.ts';
import { loadSecrets, serverSecret } from './secrets.ts';
import { configureLog, routeConsoleToLog } from './log/serviceLog.ts';

let config: ServerConfig;
try {
  config = readConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
// LOG_FORMAT=json: every line of the process one JSON object, the workers' console lines too (docs/operations.md#logs).
configureLog(config.logFormat);
if (config.logFormat === 'json') routeConsoleToLog();
/** This server's own origin, once it listens. */
let listeningOn: string | undefined;

/** Everything that reads or writes the database before the server listens. */
function prepare(shared: SharedDatabase, versions: VersionStore) {
  // Operators need the token to publish content (docs/operations.md#publishing-content-versions); a kept one is not printed again.
  const adminToken = promotionAdminToken(config);
  const publisher = serverPublisher(config, versions, shared);
  // The mail outbox's sender (docs/newsletter.md#mail-delivery): started once the server listens, stopped before the database closes.
  const mail = newsletterMail(shared, config, serverSecret(shared, 'mailTags'));
  const app = createApp({ config, publisher, mailJobs: mail.jobs, mailSender: mail.sender, shared });
  // Ends subscriptions unopened too long where the shop promises it (docs/newsletter.md#opens-and-the-tr-two-year-rule).
  const sweeper = unopenedSweeper(mail.jobs);
  // Deletes unconfirmed sign-ups once their link expires, on a quiet shop too (docs/newsletter.md#double-opt-in).
  const expiry = expirySweeper(shared);
  // Deletes the throttles' counts that are over (docs/security.md#service-edge-probes-and-answers).
  const throttles = throttleSweep(shared);
  // Lets confirmation mails deferred by a cap go once the caps allow (docs/newsletter.md#rate-limit).
  const releaser = confirmationReleaser(mail.jobs, config.confirmationCaps);
  // Every periodic task and worker of this instance, started once it listens and stopped on shutdown
  // (docs/architecture.md#background-work). The İYS sync is added once the port is known.
  const background = createScheduler();
  // Stopped first on shutdown: its build's whole process group is killed (docs/operations.md#stopping-the-server).
  if (publisher)
    background.add('publisher', { start: () => publisher.start(listeningOn!), stop: () => publisher.stop() });
  // Mails being handed over finish (up to the sender's grace), the rest stay queued for the next start.
  background.add('mail', mail.sender);
  background.add('unopened sweep', sweeper);
  background.add('expiry sweep', expiry);
  background.add('throttle sweep', throttles);
  background.add('confirmation release', releaser);
  // The footer versions' refresh starts once they are loaded (before the first request).
  background.add('promotion versions', { start() {}, stop: () => versions.close() });
  return { adminToken, publisher, mail, background, app };
}

// A database another process holds locked, or a damaged file: one line saying which file and what to do, exit 1, no
// stack trace (docs/errors.md#start-up-errors). Any other error is thrown as it is.
// With DATABASE_URL no SQLite file is opened: every store is on PostgreSQL (docs/architecture.md#the-data-layer).
let opened: SqliteConnection | undefined;
let prepared: ReturnType<typeof prepare> & {
  shared: SharedDatabase;
  versions: VersionStore;
  seeded: number;
};
try {
  // The data layer (docs/operations.md#databases): PostgreSQL when DATABASE_URL is set, else the SQLite file. On
  // PostgreSQL the instance waits for it before it listens: every instance signs tokens with the secrets kept there.
  const shared = config.postgres
    ? openPostgresDatabase(config.postgres)
    : sharedDatabaseOf((opened = openDatabase(config.dbPath)));
  if (config.postgres) await waitForSharedSecrets(shared, postgresLocation(config.postgres.url));
  else await loadSecrets(shared);
  // The footer versions, loaded before the first request; the seed's on a fresh database (once across instances).
  const versions = versionStoreOf(shared);
  const seeded = await seedPromotions(versions);
  prepared = { shared, versions, seeded, ...prepare(shared, versions) };
  if (opened) serveWithShortBusyWait(opened);
} catch (error) {
  const line = databaseStartProblem(config.dbPath, error);
  if (!line) throw error;
  console.error(line);
  opened?.close();
  process.exit(1);
}
const { seeded, adminToken, shared, mail, background, app } = prepared;

// Which database the instance works on: PostgreSQL (host, port and database, never the password) or the SQLite file.
const databaseNamed = config.postgres ? `PostgreSQL at ${postgresLocation(config.postgres.url)}` : config.dbPath;

const shutdown = createShutdown();
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(
    `Services and site on http://${config.host}:${info.port}/ (database ${databaseNamed}${seeded ? `, ${seeded} footer versions seeded` : ''})`,
  );
  if (adminToken.source === 'generated')
    console.log(`Promotion admin token (new, kept in ${adminToken.file}): ${adminToken.token}`);
  else if (adminToken.source === 'file') console.log(`Promotion admin token: kept in ${adminToken.file}`);
  else if (adminToken.source === 'memory') console.log(`Promotion admin token (this run only): ${adminToken.token}`);
  listeningOn = ownOrigin(config.host, info.port);
  background.start();
  // Registers TR consents and withdrawals with İYS (docs/newsletter.md#iys): by default with this server's stand-in,
  // whose address is known once the server listens.
  const iysUrl = config.iys.url ?? `${listeningOn}/service/iys`;
  background.add('iys sync', iysSyncWorker(mail.jobs, iysClient({ ...config.iys, url: iysUrl })));
  console.log(`Mail goes to ${mail.transport.description}`);
  // A public site whose mails would link the retailer's legal pages (imprint, voucher conditions) to stand-ins here.
  if (config.retailerOrigin === undefined && !isLocalSite(config.siteUrl))
    console.warn(
      `Warning: RETAILER_ORIGIN is not set: the mails link the retailer's pages (imprint, voucher conditions) on ${config.siteUrl}, where only stand-ins answer (docs/operations.md#the-retailers-site)`,
    );
  startIntake();
});

// The inbound SMTP intake of bounces and complaints, when MAIL_INTAKE_PORT is set
// (docs/operations.md#bounces-and-complaints). A port it cannot bind is reported; the site keeps running.
let intake: MailIntake | undefined;
function startIntake() {
  if (config.mail.intakePort === undefined) return;
  const events = mailEvents(mail.jobs, { softBounceLimit: config.mail.softBounceLimit });
  startMailIntake({
    port: config.mail.intakePort,
    host: config.host,
    rules: intakeReports(events, { verp: mail.verp, feedbackLoopDomains: config.mail.feedbackLoopDomains }),
  }).then(
    (started) => {
      intake = started;
      console.log(
        `Mail intake (bounces, complaints) on smtp://${config.host}:${started.port} for @${config.mail.bounceDomain}`,
      );
    },
    (error: NodeJS.ErrnoException) =>
      console.error(
        `The mail intake cannot listen on ${config.host}:${config.mail.intakePort} (${error.code ?? error.message}): choose another MAIL_INTAKE_PORT. Bounces and complaints are not taken meanwhile.`,
      ),
  );
}

// A port another process holds (or one we may not bind): say which and how to choose another, close the database,
// exit 1 (docs/operations.md#a-port-in-use). Nothing has started yet: the publisher and the mail sender start
// only once the server listens.
server.once('error', (error: NodeJS.ErrnoException) => {
  console.error(portProblem(config.port, config.host, error));
  opened?.close();
  process.exit(1);
});

// SIGTERM/SIGINT: stop accepting, answer what was received, stop the publisher's build; at most 10 s, then exit 0
// (docs/operations.md#stopping-the-server). Background work registers its own stop here.
shutdown.onShutdown('http', drainHttpOnShutdown(server as Server));
(server as Server).keepAliveTimeout = HTTP_KEEP_ALIVE_MS;
(server as Server).headersTimeout = HTTP_KEEP_ALIVE_MS + 1000;
background.stopOnShutdown(shutdown);
shutdown.onShutdown('mail intake', (signal) => intake?.close(signal));
shutDownOnSignals(shutdown, async () => {
  opened?.close();
  if (config.postgres) await shared.close();
});
