import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildRefusal, ConfigError, readBuildConfig, readConfig, readToolConfig } from './config.ts';

const root = path.resolve(import.meta.dirname, '../..');

describe('one configuration', () => {
  test('no file but src/shared/config.ts reads the environment', () => {
    const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs', '*.js', '*.astro'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file && file !== 'src/shared/config.ts' && file !== 'src/shared/config.test.ts');
    // Built from parts so that this file does not match itself.
    const read = ['process', 'env'].join('.');
    const readers = files.filter(
      (file) => fs.existsSync(path.join(root, file)) && fs.readFileSync(path.join(root, file), 'utf8').includes(read),
    );
    expect(readers).toEqual([]);
    expect(files.length).toBeGreaterThan(100);
  });

  test('the build refuses a bad value, naming the variable', () => {
    expect(() => readBuildConfig({ ISLANDS: 'lazy' })).toThrow(ConfigError);
    expect(() => readBuildConfig({ ISLANDS: 'lazy' })).toThrow(/ISLANDS must be interaction, visible or eager/);
    expect(() => readBuildConfig({ SERVICE_ORIGIN: 'localhost' })).toThrow(/SERVICE_ORIGIN/);
  });

  test('the build reads the CMS from the local services on PORT unless told otherwise', () => {
    expect(readBuildConfig({}).serviceOrigin).toBe('http://localhost:4321');
    expect(readBuildConfig({ PORT: '5000' }).serviceOrigin).toBe('http://localhost:5000');
    expect(readBuildConfig({ SERVICE_ORIGIN: 'https://cms.example' }).serviceOrigin).toBe('https://cms.example');
    expect(readBuildConfig({ SHOPS: 'DE, at' }).SHOPS).toEqual(['de', 'at']);
  });

  test("RETAILER_ORIGIN: the retailer's site, an http(s) origin without a path; unset by default", () => {
    expect(readBuildConfig({}).RETAILER_ORIGIN).toBeUndefined();
    expect(readConfig({}).retailerOrigin).toBeUndefined();
    expect(readBuildConfig({ RETAILER_ORIGIN: 'https://www.aroma.example/' }).RETAILER_ORIGIN).toBe(
      'https://www.aroma.example',
    );
    expect(readConfig({ RETAILER_ORIGIN: 'https://www.aroma.example' }).retailerOrigin).toBe(
      'https://www.aroma.example',
    );
    for (const bad of [
      'www.aroma.example',
      'ftp://aroma.example',
      'https://www.aroma.example/de',
      'https://x.example/?a',
    ])
      expect(() => readBuildConfig({ RETAILER_ORIGIN: bad }), bad).toThrow(
        /RETAILER_ORIGIN must be an http\(s\) origin/,
      );
  });

  test('a build for a public address without RETAILER_ORIGIN is refused in one line naming it; a local one is not', () => {
    const refusal = buildRefusal(readBuildConfig({ SITE_URL: 'https://shop.example' }));
    expect(refusal).toMatch(/^RETAILER_ORIGIN is not set: a build for https:\/\/shop\.example would serve placeholder/);
    expect(refusal).not.toContain('\n');
    expect(
      buildRefusal(readBuildConfig({ SITE_URL: 'https://shop.example', RETAILER_ORIGIN: 'https://www.aroma.example' })),
    ).toBeUndefined();
    for (const local of ['http://localhost:4321', 'http://127.0.0.1:9', 'http://shop.localhost', 'http://[::1]:4321'])
      expect(buildRefusal(readBuildConfig({ SITE_URL: local })), local).toBeUndefined();
  });

  test('the commands refuse a bad port or screenshot width', () => {
    expect(() => readToolConfig({ E2E_PORT: 'abc' })).toThrow(/E2E_PORT must be a whole number/);
    expect(() => readToolConfig({ WIDTHS: '375px' })).toThrow(/WIDTHS/);
    expect(readToolConfig({ WIDTHS: '375,1440' }).WIDTHS).toEqual([375, 1440]);
  });

  test('PostgreSQL: none by default; DATABASE_URL must be postgres:// and is never echoed; pool and time-out', () => {
    expect(readConfig({}).postgres).toBeUndefined();
    expect(() => readConfig({ DATABASE_URL: 'mysql://user:secret@db.example/shop' })).toThrow(
      /DATABASE_URL must be a postgres:\/\/ URL \(got "…"\)/,
    );
    expect(() => readConfig({ DATABASE_URL: 'mysql://user:secret@db.example/shop' })).not.toThrow(/secret/);
    expect(() => readConfig({ DATABASE_URL: 'postgres://db.example/shop', DATABASE_POOL_SIZE: '0' })).toThrow(
      /DATABASE_POOL_SIZE must be at least 1/,
    );
    expect(readConfig({ DATABASE_URL: 'postgres://u:p@db.example/shop' }).postgres).toEqual({
      url: 'postgres://u:p@db.example/shop',
      poolSize: 10,
      statementTimeoutMs: 5000,
      acquireTimeoutMs: 1000,
    });
    expect(
      readConfig({
        DATABASE_URL: 'postgresql://db.example/shop',
        DATABASE_POOL_SIZE: '4',
        DATABASE_STATEMENT_TIMEOUT_MS: '2000',
        DATABASE_ACQUIRE_TIMEOUT_MS: '300',
      }).postgres,
    ).toEqual({ url: 'postgresql://db.example/shop', poolSize: 4, statementTimeoutMs: 2000, acquireTimeoutMs: 300 });
    expect(() => readConfig({ DATABASE_URL: 'postgres://db.example/shop', DATABASE_ACQUIRE_TIMEOUT_MS: '10' })).toThrow(
      /DATABASE_ACQUIRE_TIMEOUT_MS must be at least 50/,
    );
  });

  test('mail: SMTP_URL must be smtp:// or smtps:// and is never echoed; addresses must be addresses', () => {
    expect(() => readConfig({ SMTP_URL: 'http://user:secret@mail.example' })).toThrow(
      /SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL \(got "…"\)/,
    );
    expect(() => readConfig({ SMTP_URL: 'http://user:secret@mail.example' })).not.toThrow(/secret/);
    expect(() => readConfig({ MAIL_FROM: 'newsletter' })).toThrow(/MAIL_FROM must be an address/);
    expect(
      readConfig({
        SMTP_URL: 'smtps://u:p@mail.example:465',
        MAIL_FROM: 'news@shop.example',
        MAIL_RETRY_MS: '1000',
        MAIL_RETRY_MAX_MS: '10',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://u:p@mail.example:465',
      from: 'news@shop.example',
      replyTo: 'Aroma Kundenservice <service@aroma.example>',
      bounceDomain: 'shop.example',
      dkim: undefined,
      retryMs: 1000,
      retryMaxMs: 1000,
      softBounceLimit: 7,
      intakePort: undefined,
      feedbackLoopDomains: [],
      webhookSecret: undefined,
    });
    expect(readConfig({ MAIL_FROM: 'Aroma <News@Aroma.example>' }).mail.bounceDomain).toBe('aroma.example');
    expect(
      readConfig({ MAIL_FEEDBACK_LOOP_DOMAINS: ' FBL.Provider.example, ,jmrp.example' }).mail.feedbackLoopDomains,
    ).toEqual(['fbl.provider.example', 'jmrp.example']);
    expect(readConfig({ MAIL_BOUNCE_DOMAIN: 'bounces.aroma.example' }).mail.bounceDomain).toBe('bounces.aroma.example');
    expect(() => readConfig({ MAIL_BOUNCE_DOMAIN: 'not a domain' })).toThrow(
      /MAIL_BOUNCE_DOMAIN must be a domain name/,
    );
    expect(readConfig({ MAIL_SOFT_BOUNCE_LIMIT: '3', MAIL_INTAKE_PORT: '2525' }).mail).toMatchObject({
      softBounceLimit: 3,
      intakePort: 2525,
    });
    expect(() => readConfig({ MAIL_WEBHOOK_SECRET: 'short' })).toThrow(/MAIL_WEBHOOK_SECRET must be at least 16/);
  });

  test('İYS: the stand-in by default; a real IYS_URL needs IYS_PASSWORD, which is never echoed', () => {
    expect(readConfig({}).iys).toEqual({
      url: undefined,
      iysCode: '100000',
      brandCode: '100001',
      username: 'stand-in',
      password: 'stand-in-password',
    });
    expect(() => readConfig({ IYS_URL: 'https://api.iys.org.tr' })).toThrow(/IYS_PASSWORD must be set when IYS_URL is/);
    expect(() => readConfig({ IYS_URL: 'ftp://iys.example', IYS_PASSWORD: 'hunter2-secret' })).toThrow(/IYS_URL/);
    expect(() => readConfig({ IYS_CODE: 'x', IYS_PASSWORD: 'hunter2-secret' })).not.toThrow(/hunter2/);
    expect(readConfig({ IYS_URL: 'https://api.iys.org.tr', IYS_PASSWORD: 'p' }).iys.url).toBe('https://api.iys.org.tr');
  });
});
