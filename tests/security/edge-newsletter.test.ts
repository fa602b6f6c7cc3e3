import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { expectProblem } from '../../server/expectProblem.ts';
import { subscriberFixture } from '../../src/shared/fixtures/subscriberFixture.ts';
import { SIGN_UP, confirmationLinks, startEdgeServer, storedState } from './edge-helpers.ts';
import { readOutbox } from '../../server/mail/outboxReader.ts';

// Newsletter abuse: e-mail bombing, per-country rules on the server, consent evidence, spent tokens, unknown fields.
let server: Awaited<ReturnType<typeof startEdgeServer>>;
beforeEach(async () => {
  server = await startEdgeServer();
});
afterEach(() => server.close());

function signUp(body: unknown, headers: Record<string, string> = {}) {
  return fetch(server.origin + SIGN_UP, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

function call(method: string, pathname: string, body?: unknown) {
  return fetch(server.origin + pathname, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The confirmation tokens of the first `count` mails. */
async function tokens(count: number): Promise<string[]> {
  return (await confirmationLinks(server, count)).map((link) => link.searchParams.get('token')!);
}

describe('e-mail bombing', () => {
  test('ten sign-ups of one address within seconds send one e-mail, keep its link working, and all answer alike', async () => {
    const answers = [];
    for (let i = 0; i < 10; i += 1) {
      const response = await signUp({ email: 'victim@example.com', consents: [] });
      answers.push({
        status: response.status,
        body: await response.text(),
        headers: [...response.headers.keys()].sort(),
      });
    }
    const fresh = await signUp({ email: 'someone.else@example.com', consents: [] });
    const freshAnswer = { status: fresh.status, body: await fresh.text(), headers: [...fresh.headers.keys()].sort() };
    for (const answer of answers) expect(answer).toEqual(freshAnswer);
    const [first, ...others] = await tokens(2);
    expect(others).toHaveLength(1); // the other address's
    expect(await readOutbox(server.outbox)).toHaveLength(2);
    expect((await call('PUT', `${SIGN_UP}/${first}/doi`, {})).status).toBe(200);
  });
});

describe('per-country rules on the server', () => {
  const tr = { email: 'ayse@example.com', firstName: 'Ayşe', lastName: 'Yılmaz', consents: [] };

  test('the reported probe: a TR sign-up without the commercial message consent is refused naming legals, and nothing is stored', async () => {
    const document = await expectProblem(await signUp(tr, { site: 'TR' }), 400, 'urn:newsletter:invalid_request');
    expect(document.errors).toEqual({ legals: ['newsletter.error.commercialConsentRequired'] });
    expect(storedState(server)).toEqual({ subscribers: [], mails: [] });
  });

  test.each([
    [
      'TR without names',
      'TR',
      { email: 'a@example.com', consents: [], legals: ['NEWSLETTER'] },
      { firstName: ['newsletter.error.firstNameRequired'], lastName: ['newsletter.error.lastNameRequired'] },
    ],
    [
      'HU without salutation',
      'HU',
      { email: 'a@example.com', firstName: 'Éva', lastName: 'Kovács', consents: [] },
      { salutation: ['newsletter.error.salutationRequired'] },
    ],
    [
      'HU without names',
      'HU',
      { email: 'a@example.com', salutation: 'MRS', consents: [] },
      { firstName: ['newsletter.error.firstNameRequired'], lastName: ['newsletter.error.lastNameRequired'] },
    ],
  ])('%s is refused naming the fields', async (_name, site, body, errors) => {
    const document = await expectProblem(await signUp(body, { site }), 400, 'urn:newsletter:invalid_request');
    expect(document.errors).toEqual(errors);
    expect(storedState(server)).toEqual({ subscribers: [], mails: [] });
  });

  test('without a site header the shop of the sending page (Referer) decides', async () => {
    const refused = await signUp(tr, { referer: `${server.origin}/tr/` });
    expect(refused.status).toBe(400);
    expect((await signUp(tr, { referer: `${server.origin}/de/` })).status).toBe(201);
  });

  test('an unknown site is refused', async () => {
    const document = await expectProblem(await signUp(tr, { site: 'XX' }), 400, 'urn:newsletter:invalid_request');
    expect(document.errors).toEqual({ site: ['unknown shop'] });
  });

  test('a valid TR sign-up is stored with its consent evidence: time, shop, legals, consents, consent text version', async () => {
    const before = Date.now();
    expect((await signUp({ ...tr, consents: ['DNE'], legals: ['NEWSLETTER'] }, { site: 'TR' })).status).toBe(201);
    const row = server.db
      .prepare('SELECT site, legals, consents, consented_at, consent_text_version FROM subscribers')
      .get() as Record<string, string>;
    expect(row).toMatchObject({ site: 'TR', legals: '["NEWSLETTER"]', consents: '["DNE"]' });
    expect(Date.parse(row.consented_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(row.consent_text_version).toMatch(/^sha256:[0-9a-f]{16}$/);
    // Another shop's wording is another version.
    await signUp({ email: 'b@example.com', consents: [] }, { site: 'DE' });
    const versions = server.db.prepare('SELECT DISTINCT consent_text_version AS v FROM subscribers').all();
    expect(versions).toHaveLength(2);
  });
});

describe('unknown fields', () => {
  test('an unknown field in a sign-up is refused with 400 naming it, and nothing is stored', async () => {
    const document = await expectProblem(
      await signUp({ email: 'a@example.com', consents: [], status: 'SUBSCRIBED' }),
      400,
      'urn:newsletter:invalid_request',
    );
    expect(document.errors).toEqual({ status: ['unknown field'] });
    expect(storedState(server)).toEqual({ subscribers: [], mails: [] });
  });
});

describe('tokens', () => {
  async function confirmed() {
    await signUp({ email: 'f@example.com', consents: [] });
    const [doiToken] = await tokens(1);
    const confirmation = await call('PUT', `${SIGN_UP}/${doiToken}/doi`, {});
    expect(confirmation.status).toBe(200);
    const { preferencesToken } = (await confirmation.json()) as { preferencesToken: string };
    return { doiToken: doiToken!, preferencesToken };
  }

  test('after confirmation the link token answers GET, PUT and PUT /doi exactly like an unknown token', async () => {
    const { doiToken } = await confirmed();
    const unknown = 'x'.repeat(43);
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['PUT', '', { consents: ['DNE'] }],
      ['PUT', '/doi', {}],
    ] as const) {
      const spent = await call(method, `${SIGN_UP}/${doiToken}${suffix}`, body);
      const never = await call(method, `${SIGN_UP}/${unknown}${suffix}`, body);
      expect({ status: spent.status, body: await spent.text() }).toEqual({
        status: never.status,
        body: await never.text(),
      });
      expect(spent.status).toBe(404);
    }
    expect(server.db.prepare('SELECT consents FROM subscribers').get()).toEqual({ consents: '[]' });
  });

  test('changing preferences needs the preferences token: the link token cannot, even before confirmation', async () => {
    await signUp({ email: 'g@example.com', consents: [] });
    const [doiToken] = await tokens(1);
    await expectProblem(
      await call('PUT', `${SIGN_UP}/${doiToken}`, { consents: ['DNE'] }),
      404,
      'urn:newsletter:token_unknown',
    );
    expect(server.db.prepare('SELECT consents FROM subscribers').get()).toEqual({ consents: '[]' });
  });

  test('the preferences token reads and changes the subscription; unknown fields are refused', async () => {
    const { preferencesToken } = await confirmed();
    expect(preferencesToken.length).toBeGreaterThanOrEqual(32);
    const changed = await call('PUT', `${SIGN_UP}/${preferencesToken}`, { consents: ['DNE'] });
    expect(await changed.json()).toEqual(
      subscriberFixture({
        email: 'f@example.com',
        salutation: null,
        firstName: null,
        lastName: null,
        consents: ['DNE'],
      }),
    );
    await expectProblem(
      await call('PUT', `${SIGN_UP}/${preferencesToken}`, { consents: [], email: 'other@example.com' }),
      400,
      'urn:newsletter:invalid_request',
    );
    expect(await (await call('GET', `${SIGN_UP}/${preferencesToken}`)).json()).toMatchObject({
      email: 'f@example.com',
      consents: ['DNE'],
    });
    // Only hashes are stored.
    expect(JSON.stringify(server.db.prepare('SELECT * FROM subscribers').all())).not.toContain(preferencesToken);
  });
});
