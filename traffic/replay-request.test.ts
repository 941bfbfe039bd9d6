import { describe, expect, it } from 'vitest';
import type { TrafficRequest } from './exchange.ts';
import { IdMap } from './fidelity.ts';
import { replayedRequest } from './replay-request.ts';

const request = (over: Partial<TrafficRequest>): TrafficRequest => ({
  method: 'POST',
  url: 'https://service.example/v1/data-import/notes/create/',
  headers: [['content-type', 'application/json']],
  body: '',
  ...over,
});

describe('replayedRequest', () => {
  it('replaces mapped ids in path segments, query values and JSON strings, and nothing else', () => {
    const ids = new IdMap();
    ids.set('A-1', 'A-9');
    const body = '{"service_account_number":"A-1","amount":12.50,"note":"A-1 paid","n":[ "A-1" ]}';
    const out = replayedRequest(
      request({
        method: 'get',
        url: 'https://service.example/v1/x/A-1/?account=A-1&keep=A%2D2',
        body,
      }),
      ids,
      { apiKey: 'k' },
    );
    expect(out.method).toBe('GET');
    expect(out.target).toBe('/v1/x/A-9/?account=A-9&keep=A-2');
    expect(out.body).toBe(
      '{"service_account_number":"A-9","amount":12.50,"note":"A-1 paid","n":[ "A-9" ]}',
    );
    // Without a mapped value the query goes as recorded, its encoding included.
    expect(replayedRequest(request({ url: '/v1/y/?q=a%20b' }), ids, { apiKey: 'k' }).target).toBe(
      '/v1/y/?q=a%20b',
    );
  });

  it('sends the mapped token, or the replay own token for a redacted one', () => {
    const ids = new IdMap();
    ids.set('[REDACTED:token:1]', 'real-1');
    const auth = (value: string, token?: string) =>
      replayedRequest(request({ headers: [['Authorization', value]] }), ids, {
        apiKey: 'k',
        ...(token ? { token } : {}),
      });
    expect(auth('Token [REDACTED:token:1]').headers).toEqual([['Authorization', 'Token real-1']]);
    expect(auth('Token [REDACTED]', 'latest').headers).toEqual([['Authorization', 'Token latest']]);
    expect(auth('Token [REDACTED]').needsToken).toBe(true);
    expect(auth('Token unknown-real-token').headers).toEqual([
      ['Authorization', 'Token unknown-real-token'],
    ]);
  });

  it('drops the headers of the recorded connection', () => {
    const out = replayedRequest(
      request({
        headers: [
          ['Host', 'service.example'],
          ['Content-Length', '12'],
          ['Connection', 'keep-alive'],
          ['Prefer', 'code=400'],
          ['Content-Type', 'application/json'],
        ],
      }),
      new IdMap(),
      { apiKey: 'k' },
    );
    expect(out.headers).toEqual([
      ['Prefer', 'code=400'],
      ['Content-Type', 'application/json'],
    ]);
  });

  it('puts the replay credentials where an ObtainToken had its redacted', () => {
    const graphql = (body: unknown) =>
      replayedRequest(request({ url: '/v1/graphql/', body: JSON.stringify(body) }), new IdMap(), {
        apiKey: 'key-1',
        refreshToken: 'refresh-1',
      }).body;
    expect(
      JSON.parse(graphql({ query: 'q', variables: { input: { APIKey: '[REDACTED]' } } })),
    ).toEqual({ query: 'q', variables: { input: { APIKey: 'key-1' } } });
    expect(
      JSON.parse(graphql({ query: 'q', variables: { input: { refreshToken: '[REDACTED:r:2]' } } })),
    ).toEqual({ query: 'q', variables: { input: { refreshToken: 'refresh-1' } } });
    expect(
      JSON.parse(
        graphql({ query: 'mutation { obtainKrakenToken(input: {APIKey: "[REDACTED]"}) }' }),
      ).query,
    ).toBe('mutation { obtainKrakenToken(input: {APIKey: "key-1"}) }');
    // A key that was not redacted is sent as recorded (a wrong key stays wrong).
    expect(graphql({ query: 'q', variables: { input: { APIKey: 'wrong' } } })).toContain('wrong');
  });

  it('sends a body that is not JSON or nests too deep as recorded', () => {
    const ids = new IdMap();
    ids.set('A-1', 'A-9');
    const text = '{"a":"A-1"';
    expect(replayedRequest(request({ body: text }), ids, { apiKey: 'k' }).body).toBe(text);
    const deep = `${'['.repeat(5000)}"A-1"${']'.repeat(5000)}`;
    expect(replayedRequest(request({ body: deep }), ids, { apiKey: 'k' }).body).toBe(deep);
  });
});
