import { expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { cspHash, pagePolicy } from './csp.ts';

test('a page keeps its own hashes and gains the base directives, frame-ancestors included', () => {
  const html = `<head><meta http-equiv="content-security-policy" content="script-src 'self' 'sha256-abc'; style-src 'self' 'sha256-def';"></head>`;
  const policy = pagePolicy(html);
  expect(policy).toMatch(/^script-src 'self' 'sha256-abc'; style-src 'self' 'sha256-def'; default-src 'self';/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toContain('unsafe-inline');
});

test('a page without a meta policy gets the base policy, which allows no inline script', () => {
  expect(pagePolicy('<p>hi</p>')).toBe(
    "default-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  );
});

test('an inline script or style is allowed by the SHA-256 of its exact text, as browsers compute it', async () => {
  const text = "document.documentElement.setAttribute('data-footer-js','')";
  expect(await cspHash(text)).toBe(`sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`);
  expect(await cspHash(`${text} `)).not.toBe(await cspHash(text));
});
