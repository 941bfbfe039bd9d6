import { describe, expect, test } from 'vitest';
import { createTestClient, TEST_NOW } from '../test-client.ts';
import { MAX_LIVE_TOKENS, obtainTokens } from './auth.ts';

const HOUR = 3600 * 1000;

describe('token housekeeping', () => {
  test('[AUTH-3] an ObtainToken after a token expired forgets it, and only it', async () => {
    const client = createTestClient();
    await client.login();
    await client.login();
    expect(Object.keys(client.mock.state.tokens)).toHaveLength(4);
    client.advance(2 * HOUR);
    await client.login();
    // The two access tokens expired after an hour; the refresh tokens live for seven days.
    const kinds = Object.values(client.mock.state.tokens).map((t) => t.kind);
    expect(kinds.sort()).toEqual(['access', 'refresh', 'refresh', 'refresh']);
    client.advance(8 * 24 * HOUR);
    await client.login();
    expect(Object.values(client.mock.state.tokens).map((t) => t.kind)).toEqual([
      'access',
      'refresh',
    ]);
  });
});

describe('token limit', () => {
  test('[AUTH-1] past the limit of live tokens ObtainToken is refused with 429 and when to retry; expired tokens are purged first and make room', async () => {
    const client = createTestClient();
    const token = await client.login();
    // The live tokens up to the limit, all expiring in an hour (and so after the demo's token),
    // in a table that replaces the one the mock counted, as a loaded or imported state does.
    const tokens = { ...client.mock.state.tokens };
    const expiresAt = new Date(TEST_NOW + HOUR + 1000).toISOString();
    for (let i = Object.keys(tokens).length; i < MAX_LIVE_TOKENS - 1; i++) {
      tokens[`filler-${i}`] = { kind: 'access', subject: 'x', issuedAt: '', expiresAt };
    }
    client.mock.state.tokens = tokens;
    const before = client.snapshot();
    const refused = await client.call('POST', '/v1/graphql/', {
      query: 'mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } }',
    });
    expect(refused).toEqual({
      status: 429,
      headers: { 'retry-after': '3600' },
      body: {
        detail: `The mock holds ${MAX_LIVE_TOKENS} live tokens, its limit; use a token you have until it expires, or retry in 3600 seconds, when the first of them expires.`,
        code: 'token_limit_reached',
        errors: [],
      },
    });
    // Nothing changed, and the tokens already issued still work.
    expect(client.snapshot()).toBe(before);
    expect(
      (await client.call('GET', '/v1/data-import/all-account-import-processes/DEMO_ENERGY/'))
        .status,
    ).toBe(200);

    // Once they expired, the next ObtainToken purges them and is served.
    client.advance(HOUR + 2000);
    expect((await client.obtainToken()).data.obtainKrakenToken?.token).toBeTruthy();
    expect(Object.keys(client.mock.state.tokens).length).toBeLessThan(10);
    expect(token).toBeTruthy();
  });

  test('[AUTH-1] the seconds to wait are whole and at least 1, in the detail and in Retry-After', async () => {
    const client = createTestClient();
    const tokens = client.mock.state.tokens;
    // The first live token expires in 300 ms: a client waits a whole second.
    const expiresAt = new Date(TEST_NOW + 300).toISOString();
    for (let i = 0; i < MAX_LIVE_TOKENS; i++) {
      tokens[`filler-${i}`] = { kind: 'access', subject: 'x', issuedAt: '', expiresAt };
    }
    const refused = await client.call(
      'POST',
      '/v1/graphql/',
      { query: 'mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } }' },
      { token: null },
    );
    expect(refused.status).toBe(429);
    expect(refused.headers).toEqual({ 'retry-after': '1' });
    expect((refused.body as { detail: string }).detail).toContain('retry in 1 second, when');
  });

  test('[AUTH-4] a refresh token given to two token fields of one document is spent by the first; the second is refused and needs no room', () => {
    const client = createTestClient();
    const state = client.mock.state;
    const env = client.mock.service.env;
    const [first] = (
      obtainTokens(state, env, [{ APIKey: 'demo-api-key' }]) as {
        value: { value: { refreshToken: string } }[];
      }
    ).value;
    const refreshToken = first!.value.refreshToken;
    // Two records left: room for one ObtainToken, which is all the valid credentials ask for.
    const expiresAt = new Date(TEST_NOW + HOUR).toISOString();
    const tokens = { ...state.tokens };
    for (let i = Object.keys(tokens).length; i < MAX_LIVE_TOKENS - 2; i++) {
      tokens[`filler-${i}`] = { kind: 'access', subject: 'x', issuedAt: '', expiresAt };
    }
    state.tokens = tokens;
    const answers = obtainTokens(state, env, [{ refreshToken }, { refreshToken }]);
    expect(answers.ok).toBe(true);
    const [used, again] = (answers as { value: { ok: boolean; error?: unknown }[] }).value;
    expect(used?.ok).toBe(true);
    expect(again).toEqual({
      ok: false,
      error: { errorCode: 'KT-CT-1135', message: 'Invalid data. The refresh token is not valid.' },
    });
    // The spent refresh token is gone, its successor pair added: one record more.
    expect(Object.keys(state.tokens)).toHaveLength(MAX_LIVE_TOKENS - 1);
  });
});

describe('token count', () => {
  /** A token table that counts how often its keys are listed. */
  function listed(tokens: Record<string, unknown>): { table: typeof tokens; lists: () => number } {
    let lists = 0;
    const table = new Proxy(tokens, {
      ownKeys(target) {
        lists += 1;
        return Reflect.ownKeys(target);
      },
    });
    return { table, lists: () => lists };
  }

  test('[AUTH-1] an ObtainToken does not list every live token: the table is counted again only every few hundred', () => {
    const client = createTestClient();
    const state = client.mock.state;
    const env = client.mock.service.env;
    const { table, lists } = listed({ ...state.tokens });
    state.tokens = table as typeof state.tokens;
    for (let i = 0; i < 500; i++) {
      expect(obtainTokens(state, env, [{ APIKey: 'demo-api-key' }]).ok).toBe(true);
    }
    const afterIssuing = lists();
    expect(Object.keys(state.tokens)).toHaveLength(1000);
    // Counting on every ObtainToken listed the table 1,000 times (twice each).
    expect(afterIssuing).toBeLessThanOrEqual(10);
  });

  test('[AUTH-1] the count follows the tokens issued and spent: the limit holds to the record', () => {
    const client = createTestClient();
    const state = client.mock.state;
    const env = client.mock.service.env;
    const expiresAt = new Date(TEST_NOW + HOUR).toISOString();
    const tokens = { ...state.tokens };
    for (let i = 0; i < MAX_LIVE_TOKENS - 1300; i++) {
      tokens[`filler-${i}`] = { kind: 'access', subject: 'x', issuedAt: '', expiresAt };
    }
    state.tokens = tokens;
    let issued = 0;
    let refresh: string | undefined;
    for (let i = 0; i < 1000; i++) {
      // Every third ObtainToken spends the refresh token of the one before: one record less.
      const credentials =
        refresh !== undefined && i % 3 === 0
          ? { refreshToken: refresh }
          : { APIKey: 'demo-api-key' };
      const answer = obtainTokens(state, env, [credentials]);
      if (!answer.ok) break;
      issued += 1;
      refresh = (answer.value[0] as { value: { refreshToken: string } }).value.refreshToken;
    }
    expect(Object.keys(state.tokens).length).toBeLessThanOrEqual(MAX_LIVE_TOKENS);
    expect(Object.keys(state.tokens).length).toBeGreaterThan(MAX_LIVE_TOKENS - 2);
    expect(obtainTokens(state, env, [{ APIKey: 'demo-api-key' }]).ok).toBe(false);
    expect(issued).toBeGreaterThan(700);
  });

  test('[AUTH-3] tokens issued and expiring without pause are pruned once a minute of mock time, not at every ObtainToken', () => {
    const client = createTestClient();
    const state = client.mock.state;
    const env = client.mock.service.env;
    state.tokenLifetimeSeconds = 10;
    state.refreshLifetimeSeconds = 10;
    const { table, lists } = listed({ ...state.tokens });
    state.tokens = table as typeof state.tokens;
    for (let i = 0; i < 300; i++) {
      expect(obtainTokens(state, env, [{ APIKey: 'demo-api-key' }]).ok).toBe(true);
      client.advance(1000);
    }
    const afterIssuing = lists();
    // Five minutes of mock time: five prunes and a count or two, where a prune at every expiry
    // listed the table at nearly every one of the 300 ObtainTokens.
    expect(afterIssuing).toBeLessThanOrEqual(12);
    // The table holds at most a minute of expired tokens beside the live ones.
    expect(Object.keys(state.tokens).length).toBeLessThanOrEqual(2 * (60 + 10 + 1));
  });
});
