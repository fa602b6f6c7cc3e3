import { startTestServer, type TestServer } from '../../server/testing.ts';

export { startTestServer, type TestServer };

/** A POST to the login service the way the pages make it: JSON, with the CSRF cookie echoed in its header. */
export function loginPost(server: TestServer, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.origin}/service/login/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: 'csrf_token=t0k3n', 'x-csrf-token': 't0k3n', ...headers },
    body: JSON.stringify(body),
  });
}

/** Name and value of each cookie a response set. */
export function cookiePairs(response: Response): string[] {
  return response.headers.getSetCookie().map((line) => line.split(';')[0]!);
}
