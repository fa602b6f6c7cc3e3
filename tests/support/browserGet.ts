/** How many times a GET is sent once more after a closed keep-alive connection: each try drops one stale connection. */
const RESENDS = 3;

/**
 * A GET as a browser makes it: when the server closed an idle keep-alive connection just as it was reused, the
 * request is sent once more. This happens after a step that kept the test busy for about as long as the server keeps
 * idle connections (5 s): a command run, a build, another suite. Every idle connection in the pool may be stale by
 * then, so it tries again until one answers, a few times at most.
 *
 * Only for GET (and HEAD), which a browser may repeat; a POST's socket error stays an error.
 */
export async function browserGet(url: string, init: { headers?: Record<string, string> } = {}): Promise<Response> {
  for (let resend = 0; ; resend++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      // Closed (FIN) or reset (RST, when the close crossed the request on a loaded machine): both stale.
      const code = (error as { cause?: { code?: string } }).cause?.code;
      const closed = code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
      if (!closed || resend === RESENDS) throw error;
    }
  }
}
