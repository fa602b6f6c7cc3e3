import type http from 'node:http';
import { expect } from 'vitest';

// Test support for the services' own tests and the security tests in tests/security/, which sit above them.

/** A refusal as every refusal must look: problem+json with a stable URN type, and nothing about the server's insides. */
export async function expectProblem(
  response: Response | { status: number; headers: http.IncomingHttpHeaders; body: string },
  status: number,
  type: string,
) {
  const isFetchResponse = 'text' in response && typeof response.text === 'function';
  const contentType = isFetchResponse
    ? (response as Response).headers.get('content-type')
    : (response.headers as http.IncomingHttpHeaders)['content-type'];
  const text = isFetchResponse ? await (response as Response).text() : (response as { body: string }).body;
  expect(response.status).toBe(status);
  expect(contentType).toBe('application/problem+json');
  const document = JSON.parse(text) as Record<string, unknown>;
  expect(document).toMatchObject({ type, status });
  expect(String(document.type)).toMatch(/^urn:[a-z]+:[a-z_]+$/);
  expect(text).not.toMatch(/\bat \S+ \(|node_modules|\/server\/|Error:/);
  return document;
}
