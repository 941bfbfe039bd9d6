import { describe, expect, test } from 'vitest';
import { createDataImportMock } from './create-mock.ts';
import { defaultEnv } from './env.ts';
import { nodeEnv } from './node-env.ts';

describe('environments', () => {
  test('the portable SHA-256 of defaultEnv equals node:crypto, so states move between them', () => {
    for (const value of ['demo-api-key', '', 'Jabłoński ✓']) {
      expect(defaultEnv().hash(value)).toBe(nodeEnv().hash(value));
    }
  });

  test('defaultEnv gives fresh random bytes of the asked length', () => {
    const env = defaultEnv();
    const [a, b] = [env.randomBytes(32), env.randomBytes(32)];
    expect(a).toHaveLength(32);
    expect(a).not.toEqual(b);
  });

  test('createDataImportMock needs no options: the demo state on the portable environment', async () => {
    const mock = createDataImportMock();
    const response = await mock.service.handle({
      method: 'POST',
      path: '/v1/graphql/',
      query: {},
      headers: { 'content-type': 'application/json' },
      bodyText: JSON.stringify({
        query: 'mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } }',
      }),
    });
    expect(
      (response.body as { data: { obtainKrakenToken: { token: string } } }).data.obtainKrakenToken
        .token,
    ).toBeTruthy();
  });
});
