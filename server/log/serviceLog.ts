/**
 * The services' log (docs/operations.md#logs): one pino logger per process. `LOG_FORMAT=json` writes one JSON object a
 * line (`time`, `level`, `message`, and fields such as `requestId`, `shop`, `mailJob`) to stdout; `text`, the default,
 * writes the message as a readable line, its fields after it, through `console` (warnings and errors to stderr). Every message has its
 * addresses masked (docs/security.md#what-the-logs-hold); a line written while a request is answered carries its
 * request id (server/log/requestId.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import pino, { type Logger } from 'pino';
import { maskAddressesIn } from '../mail/maskAddresses.ts';

/** How log lines look: `text` for a terminal, `json` for a log collector. */
export type LogFormat = 'text' | 'json';

/** Fields of a log line: bounded facts such as a shop, a mail job's id or a status; never an address or a token. */
export type LogFields = Record<string, string | number | boolean | undefined>;

/** Where lines go: anything with `write(line)`; stdout and stderr by default. */
export interface LogDestinations {
  out: { write(line: string): unknown };
  err: { write(line: string): unknown };
}

/** The request whose answer is being made, for the lines written meanwhile. */
const currentRequest = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` as part of the request `requestId`: every line it logs names it. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return currentRequest.run({ requestId }, work);
}

/** A JSON line as pino writes it, readable again: the message, then its fields, `key=value`. */
function textLine(json: string): { line: string; level: string } {
  const { level, message, time: _time, ...fields } = JSON.parse(json) as Record<string, unknown>;
  const shown = Object.entries(fields).map(([key, value]) => `${key}=${String(value)}`);
  return { line: `${String(message)}${shown.length > 0 ? ` (${shown.join(', ')})` : ''}\n`, level: String(level) };
}

function loggerOf(logFormat: LogFormat, destinations: LogDestinations): Logger {
  const destination =
    logFormat === 'json'
      ? { write: (line: string) => destinations.out.write(line) }
      : {
          write(json: string) {
            const { line, level } = textLine(json);
            (level === 'warn' || level === 'error' || level === 'fatal' ? destinations.err : destinations.out).write(
              line,
            );
          },
        };
  return pino(
    {
      messageKey: 'message',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const request = currentRequest.getStore();
        return request ? { requestId: request.requestId } : {};
      },
    },
    destination,
  );
}

/**
 * Where each format writes by default: readable lines through `console`, as the services wrote before (and as a
 * test's spy on it sees them); JSON lines straight to stdout, since `routeConsoleToLog` sends `console` here.
 */
function defaultDestinations(logFormat: LogFormat): LogDestinations {
  if (logFormat === 'json') return { out: process.stdout, err: process.stdout };
  return {
    out: { write: (line: string) => console.log(line.replace(/\n$/, '')) },
    err: { write: (line: string) => console.error(line.replace(/\n$/, '')) },
  };
}

let logger = loggerOf('text', defaultDestinations('text'));
let current: LogFormat = 'text';

/** Chooses the format (and, for tests, where lines go) of every line from now on. */
export function configureLog(
  logFormat: LogFormat,
  destinations: LogDestinations = defaultDestinations(logFormat),
): void {
  logger = loggerOf(logFormat, destinations);
  current = logFormat;
}

/** Writes one line; the message has its addresses masked, the fields are written as given. */
function write(level: 'info' | 'warn' | 'error', message: string, fields: LogFields = {}): void {
  logger[level](fields, maskAddressesIn(message));
}

/** The services' log: `serviceLog.info('Mail goes to …', { shop: 'de' })`. */
export const serviceLog = {
  info: (message: string, fields?: LogFields) => write('info', message, fields),
  warn: (message: string, fields?: LogFields) => write('warn', message, fields),
  error: (message: string, fields?: LogFields) => write('error', message, fields),
  /** A line for a log collector only: written with `LOG_FORMAT=json`, left out of the readable lines on a terminal. */
  collected: (message: string, fields?: LogFields) => {
    if (current === 'json') write('info', message, fields);
  },
};

/**
 * Sends every `console.log`, `info`, `warn` and `error` of the process through the log, so that with `LOG_FORMAT=json`
 * the background workers' lines are JSON and masked too. Their arguments are joined as `console` would join them.
 */
export function routeConsoleToLog(): void {
  console.log = (...parts: unknown[]) => serviceLog.info(format(...parts));
  console.info = console.log;
  console.warn = (...parts: unknown[]) => serviceLog.warn(format(...parts));
  console.error = (...parts: unknown[]) => serviceLog.error(format(...parts));
}
