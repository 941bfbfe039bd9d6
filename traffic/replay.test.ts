import { afterEach, describe, expect, it } from 'vitest';
import type { Exchange } from './exchange.ts';
import { exchange, type LoopbackServer, recordedAgainst, serveMock } from './replay.test-helper.ts';
import { ReplayError, replayRecording } from './replay.ts';
import { RecordedClock } from './replay-clock.ts';

const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function freshMock(): Promise<LoopbackServer> {
  const server = await serveMock();
  servers.push(server);
  return server;
}

/** The places in the recording (1-based) whose request path contains `part`. */
function placesOf(exchanges: Exchange[], part: string, method = 'POST'): number[] {
  return exchanges.flatMap((e, i) =>
    e.request.url.includes(part) && e.request.method === method ? [i + 1] : [],
  );
}

/** A copy of a recording with every token and API key redacted, as a recording proxy would. */
function redacted(exchanges: Exchange[], marker: (n: number) => string): Exchange[] {
  const tokens = new Map<string, string>();
  const token = JSON.parse(exchanges[0]?.response.body ?? '{}').data.obtainKrakenToken;
  tokens.set(token.token, marker(1));
  tokens.set(token.refreshToken, marker(2));
  const hide = (text: string) => {
    let out = text.replaceAll('demo-api-key', marker(3));
    for (const [secret, mark] of tokens) out = out.replaceAll(secret, mark);
    return out;
  };
  return exchanges.map((e) => ({
    ...e,
    request: {
      ...e.request,
      headers: e.request.headers.map(([n, v]) => [n, hide(v)] as const),
      body: hide(e.request.body),
    },
    response: { ...e.response, body: hide(e.response.body) },
  }));
}

describe('replayRecording', () => {
  it('answers 100% the same when a recording made against the mock replays against a fresh mock', async () => {
    const recording = await recordedAgainst();
    const target = await freshMock();
    const result = await replayRecording(recording, { baseUrl: target.baseUrl });
    expect(result.differing).toEqual([]);
    expect(result).toMatchObject({
      exchanges: recording.length,
      same: recording.length,
      different: 0,
      control: true,
      setup: 0,
    });
    expect(result.operations.map((o) => o.operation)).toEqual(
      expect.arrayContaining([
        'obtainToken',
        'validateAccount',
        'createOrUpdateAccountImportProcess',
        'processAccountImportProcess',
        'getAccountTransferStatus',
        'createNotes',
        'createTransactions',
        'listAllAccountImportProcesses',
      ]),
    );
    // The token the mock gave the replay stood for the recorded one in every later request.
    expect(result.operations.find((o) => o.operation === 'obtainToken')?.noise).toMatchObject({
      'assigned-id': 2,
    });
  });

  it('maps the account numbers a used mock assigns anew to the recorded ones', async () => {
    const recording = await recordedAgainst();
    const target = await freshMock();
    // A first replay uses up the numbers a fresh mock would give: a reset keeps counting.
    await replayRecording(recording, { baseUrl: target.baseUrl });
    const again = await replayRecording(recording, { baseUrl: target.baseUrl });
    expect(again.differing).toEqual([]);
    expect(again.same).toBe(recording.length);
    const process = again.operations.find((o) => o.operation === 'processAccountImportProcess');
    expect(process?.noise['assigned-id']).toBeGreaterThanOrEqual(2);
  });

  it('names exactly the exchanges a mutant answered differently', async () => {
    const recording = await recordedAgainst('staged-status-pending');
    const result = await replayRecording(recording, { baseUrl: (await freshMock()).baseUrl });
    // The status asked while REPLAY-1 was staged, not the one after it was processed.
    const statusWhileStaged = placesOf(recording, '/account-transfer-status/', 'GET')[0];
    expect(result.differing.map((d) => d.index)).toEqual([statusWhileStaged]);
    expect(result.differing[0]).toMatchObject({
      operation: 'getAccountTransferStatus',
      differences: [
        expect.objectContaining({
          pointer: '/response/body/status',
          recorded: '"PENDING"',
          replayed: '"UNKNOWN"',
        }),
      ],
    });
    expect(result).toMatchObject({ different: 1, same: recording.length - 1 });
  });

  it('names the repeated note a mutant answered as created, and only it', async () => {
    const recording = await recordedAgainst('notes-no-dedupe');
    const result = await replayRecording(recording, { baseUrl: (await freshMock()).baseUrl });
    const repeated = placesOf(recording, '/notes/create/')[1];
    expect(result.differing.map((d) => d.index)).toEqual([repeated]);
    expect(result.differing[0]?.differences.map((d) => d.pointer)).toEqual([
      '/response/body/0/status',
      '/response/body/1/status',
    ]);
  });

  it('replays a recording whose secrets were redacted with the credentials it obtains', async () => {
    const recording = await recordedAgainst();
    for (const marker of [(n: number) => `[REDACTED:token:${n}]`, () => '[REDACTED]']) {
      const hidden = redacted(recording, marker);
      expect(JSON.stringify(hidden)).not.toContain('demo-api-key');
      const result = await replayRecording(hidden, { baseUrl: (await freshMock()).baseUrl });
      expect(result.differing).toEqual([]);
      expect(result.same).toBe(recording.length);
    }
    // Without its ObtainToken, the replay obtains a token of its own first.
    const midSession = redacted(recording, () => '[REDACTED]').slice(1);
    const result = await replayRecording(midSession, { baseUrl: (await freshMock()).baseUrl });
    expect(result).toMatchObject({ setup: 1, same: midSession.length });
  });

  it('sets the clock to each exchange: a token recorded as expired is expired again', async () => {
    const recording = await recordedAgainst();
    // The same session, its later requests an hour and a day after the token was issued.
    const late = recording.map((e, i) => (i >= 2 ? { ...e, time: e.time + 86_400_000 } : e));
    const result = await replayRecording(late, { baseUrl: (await freshMock()).baseUrl });
    expect(result.differing[0]).toMatchObject({ index: 3, replayedStatus: 401 });
  });

  it('refuses a target it cannot reach with one clear error', async () => {
    const server = await serveMock();
    const { baseUrl } = server;
    await server.close();
    await expect(replayRecording([], { baseUrl })).rejects.toThrow(ReplayError);
    await expect(replayRecording([], { baseUrl })).rejects.toThrow(/^cannot reach http:\/\/127/);
  });
});

describe('RecordedClock', () => {
  it('follows the clock a recording moved through the control API, and a recorded reset', async () => {
    const source = await serveMock();
    servers.push(source);
    const obtain = await exchange(source.baseUrl, undefined, 'POST', '/v1/graphql/', {
      query:
        'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
      variables: { input: { APIKey: 'demo-api-key' } },
    });
    const token = JSON.parse(obtain.response.body).data.obtainKrakenToken.token;
    const status = '/v1/data-import/account-transfer-status/DEMO_ENERGY/X-1/';
    const recording = [
      obtain,
      await exchange(source.baseUrl, token, 'GET', status),
      await exchange(source.baseUrl, undefined, 'PUT', '/__mock/clock', { advance_seconds: 7200 }),
      await exchange(source.baseUrl, token, 'GET', status),
    ];
    expect(recording.map((e) => e.response.status)).toEqual([200, 404, 200, 401]);
    const result = await replayRecording(recording, { baseUrl: (await freshMock()).baseUrl });
    expect(result.differing).toEqual([]);
    expect(result).toMatchObject({ exchanges: 3, same: 3, controlExchanges: 1 });
    const clock = new RecordedClock();
    const moved = { ...recording[2], time: 1000 } as Exchange;
    clock.observe(moved);
    const shift = Date.parse(JSON.parse(moved.response.body).now) - 1000;
    expect(clock.at({ ...moved, time: 5000 })).toBe(5000 + shift);
    clock.observe({
      ...moved,
      request: { ...moved.request, method: 'POST', url: '/__mock/reset' },
    });
    expect(clock.at({ ...moved, time: 5000 })).toBe(5000);
  });
});

describe('replayRecording with personal data the recording masked', () => {
  it('says the request went with redacted values when the target refuses it', async () => {
    const recording = await recordedAgainst();
    const validate = recording.findIndex((e) => e.request.url.endsWith('/validate-account/'));
    const masked = recording.map((e, i) =>
      i === validate
        ? {
            ...e,
            request: {
              ...e.request,
              body: e.request.body.replace(/"mobile":"[^"]*"/, '"mobile":"[REDACTED]"'),
            },
          }
        : e,
    );
    const result = await replayRecording(masked, { baseUrl: (await freshMock()).baseUrl });
    expect(result.differing.map((d) => [d.index, d.replayedStatus, d.note])).toEqual([
      [
        validate + 1,
        400,
        'the request was sent with values the recording redacted (personal data)',
      ],
    ]);
  });
});
