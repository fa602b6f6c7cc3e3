import http from 'node:http';
import { origin } from './site.ts';

/**
 * A request to the site under test over Node's own `http`, answered with its status, headers and body: for tests
 * that run in happy-dom, whose `fetch` stands in for a browser page's (and refuses other origins).
 */
export function plainRequest(
  pagePath: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(new URL(pagePath, origin), { method, headers, agent: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    request.once('error', reject);
    request.end(body);
  });
}
