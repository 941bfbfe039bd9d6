import { describe, expect, test } from 'vitest';
import { createTestClient } from '../test-client.ts';

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
