import type { ServerConfig } from '../../src/shared/config.ts';
import { iysClient, type IysClient } from './client.ts';
import type { IysStandIn } from './standIn.ts';

/** The base URL the client is given for the in-process stand-in: only its path reaches the stand-in's routes. */
const IN_PROCESS_BASE = 'http://iys.stand-in';

/**
 * An İYS client for calls made while answering a request (the `RET` before an erasure: docs/newsletter.md#erasure):
 * to `IYS_URL` when set, else straight to this server's stand-in, in process (its address is known only once the
 * server listens).
 */
export function requestTimeIysClient(config: ServerConfig, standIn: IysStandIn | undefined): IysClient | undefined {
  if (config.iys.url !== undefined) return iysClient({ ...config.iys, url: config.iys.url });
  if (!standIn) return undefined;
  const inProcess: typeof fetch = async (input, init) =>
    standIn.routes.request(new URL(input instanceof Request ? input.url : String(input)).pathname, init);
  return iysClient({ ...config.iys, url: IN_PROCESS_BASE }, inProcess);
}
