import type { Server, ServerResponse } from 'node:http';
import net from 'node:net';
import type { ShutdownTask } from './shutdown.ts';

/**
 * At shutdown, a keep-alive connection with nothing in flight is closed once it has been idle this long. A client in
 * a steady loop sends its next request within microseconds of an answer, so it never looks idle this long; closing a
 * connection at the moment it went idle would cut such a request off on the wire (a reset on the client's side).
 */
export const IDLE_CLOSE_MS = 1000;
/**
 * How long an idle keep-alive connection stays open (docs/constants.md#timings): longer than a load balancer keeps one
 * idle (60 s is the common default), so the balancer, or any client that reuses connections, closes it first. With
 * Node's 5 s a client whose turn came late (a busy machine) could send a request into a connection the server was
 * closing, and get no answer at all.
 */
export const HTTP_KEEP_ALIVE_MS = 65_000;

/** How often the drain looks at the connections left. */
const POLL_MS = 25;

interface Connection {
  inFlight: Set<ServerResponse>;
  /** When the last answer ended (or the connection opened). */
  idleSince: number;
  /** `socket.bytesRead` then: more means a new request has begun to arrive. */
  bytesAtIdle: number;
}

/**
 * The HTTP server's part of a graceful shutdown (docs/operations.md#stopping-the-server): stop accepting connections
 * (new ones are refused), answer every request already received, with `Connection: close` on every answer from now
 * on, close idle keep-alive connections cleanly (a FIN, never a reset) once they have been idle `IDLE_CLOSE_MS`, and
 * when the task's signal aborts, destroy what is left. Call it right after the server is created, so it sees every
 * connection.
 */
export function drainHttpOnShutdown(server: Server): ShutdownTask {
  const connections = new Map<net.Socket, Connection>();
  let closing = false;

  server.on('connection', (socket: net.Socket) => {
    connections.set(socket, { inFlight: new Set(), idleSince: Date.now(), bytesAtIdle: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  // First among the request listeners, so the header is there before any answer is written.
  server.prependListener('request', (request, response) => {
    if (closing) response.setHeader('connection', 'close');
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.inFlight.add(response);
    response.once('close', () => {
      connection.inFlight.delete(response);
      connection.idleSince = Date.now();
      connection.bytesAtIdle = request.socket.bytesRead;
    });
  });

  return async (signal) => {
    closing = true;
    // net.Server's close, not http.Server's: the latter also drops idle keep-alive connections at once, racing a
    // request the client may be sending on one right now.
    net.Server.prototype.close.call(server);
    for (const connection of connections.values()) {
      for (const response of connection.inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
    }
    while (connections.size > 0 && !signal.aborted) {
      const now = Date.now();
      for (const [socket, connection] of connections) {
        const quiet = connection.inFlight.size === 0 && socket.bytesRead === connection.bytesAtIdle;
        if (quiet && now - connection.idleSince >= IDLE_CLOSE_MS && !socket.writableEnded) socket.destroySoon();
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    for (const socket of connections.keys()) socket.destroy();
  };
}
