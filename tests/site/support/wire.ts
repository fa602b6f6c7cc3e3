import http from 'node:http';
import { origin } from './site.ts';

/**
 * The bytes a GET of `pagePath` takes on the wire as a browser asks for it (compressed where the server compresses,
 * status line and headers included, as Chromium's `encodedDataLength` counts them), on a connection of its own.
 */
export function wireBytes(pagePath: string): Promise<{ status: number; bytes: number; type: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      new URL(pagePath, origin),
      { agent: false, headers: { 'accept-encoding': 'gzip, deflate, br, zstd', accept: '*/*' } },
      (response) => {
        response.resume();
        response.once('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes: response.socket.bytesRead,
            type: String(response.headers['content-type'] ?? ''),
          }),
        );
      },
    );
    request.once('error', reject);
  });
}
