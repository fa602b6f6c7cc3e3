import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { seedPromotions } from '../server/promotion/seed.ts';
import { startTestServer, type TestServer } from '../server/testing.ts';

const script = path.resolve(import.meta.dirname, 'content-check.mjs');
const seedDir = path.resolve(import.meta.dirname, '../server/seed/footer');

function contentCheck(args: string[]): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: path.resolve(import.meta.dirname, '..') },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr });
      },
    );
  });
}

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

describe('npm run content:check', () => {
  test('passes the seeded content of every shop from a live service', async () => {
    await seedPromotions(server.versions);
    const { code, output } = await contentCheck(['--origin', server.origin]);
    expect(output).toContain('Footer content OK: DE, AT, CH, CH_FR, CZ, HU, SK, TR, PL');
    expect(code).toBe(0);
  });

  test('prints every problem with country and JSON path and exits non-zero', async () => {
    const content = JSON.parse(fs.readFileSync(path.join(seedDir, 'sk.json'), 'utf8'));
    content.legalLinks[1].url = 'javascript:alert(1)';
    content.qualityLogos.logos[0].image.source = 'UNKNOWN_SEAL';
    delete content.headline;
    await server.versions.store({
      site: 'SK',
      name: 'SHOP_FOOTER',
      contentJSON: JSON.stringify(content),
      validFrom: new Date(0),
      storedBy: 'test',
    });
    const { code, output } = await contentCheck(['sk', 'pl', '--origin', server.origin]);
    expect(output).toContain('SK $.legalLinks[1].url: unsafe link "javascript:alert(1)" dropped');
    expect(output).toContain('SK $.qualityLogos.logos[0].image.source: unknown logo source "UNKNOWN_SEAL" dropped');
    expect(output).toMatch(/SK \$\.headline: /);
    expect(output).toContain('PL $: the promotion service has no SHOP_FOOTER for this shop (404)');
    expect(output).toContain('4 problem(s) in SK, PL');
    expect(code).toBe(1);
  });

  test('checks a file, in the service envelope or bare', async () => {
    const file = path.join(server.dir, 'footer.json');
    const content = JSON.parse(fs.readFileSync(path.join(seedDir, 'tr.json'), 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ contentJSON: JSON.stringify(content) }));
    expect(await contentCheck(['--file', file])).toMatchObject({ code: 0 });
    content.teaserGroups[0].links[0].link = 'data:text/html,x';
    fs.writeFileSync(file, JSON.stringify(content));
    const { code, output } = await contentCheck(['tr', '--file', file]);
    expect(output).toContain('TR $.teaserGroups[0].links[0].link: unsafe link "data:text/html,x" dropped');
    expect(code).toBe(1);
  });

  test('says what is wrong with a file that is not JSON', async () => {
    const file = path.join(server.dir, 'broken.json');
    fs.writeFileSync(file, '{ "headline": ');
    const { code, output } = await contentCheck(['--file', file]);
    expect(output).toContain(file);
    expect(code).toBe(1);
  });
});
