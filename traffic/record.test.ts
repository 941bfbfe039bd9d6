import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { describe, expect, test } from 'vitest';
import type { Exchange } from './exchange.ts';
import { MaskPolicyError, parseMaskPolicy, redactUrl } from './mask.ts';
import { OBTAIN_TOKEN_BODY, obtainToken, send, serveMock } from './proxy.test-helper.ts';
import { startTrafficProxy } from './proxy.ts';
import { openRecording, TrafficRecorder } from './record.ts';
import { Pseudonyms, redactExchange } from './record-redact.ts';
import { parseRecordingLine, readRecording } from './recording.ts';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIiwiZXhwIjo5OTk5OTk5OTk5fQ.c2lnbmF0dXJlLXNpZw';

function tokenExchange(time = 1_700_000_000_000): Exchange {
  return {
    time,
    request: {
      method: 'POST',
      url: '/v1/graphql/',
      headers: [
        ['Content-Type', 'application/json'],
        ['X-Api-Key', 'k-123'],
      ],
      body: OBTAIN_TOKEN_BODY,
    },
    response: {
      status: 200,
      headers: [['content-type', 'application/json']],
      body: JSON.stringify({ data: { obtainKrakenToken: { token: JWT, refreshToken: 'r-1' } } }),
    },
  };
}

function accountExchange(): Exchange {
  return {
    time: 1_700_000_001_000,
    request: {
      method: 'POST',
      url: `/v1/data-import/validate-account/?token=${JWT}`,
      headers: [
        ['authorization', `Token ${JWT}`],
        ['cookie', 'session=s-9'],
      ],
      body: JSON.stringify({
        external_account_number: 'EXT-1',
        account_holders: [{ given_name: 'Bob', email: 'bob@example.com', mobile: '07700900123' }],
      }),
    },
    response: { status: 200, headers: [], body: '{"email":"bob@example.com"}' },
  };
}

describe('redacted recording', () => {
  test('replaces tokens, API keys, cookies and personal data by stable pseudonyms, keeping header names and order', () => {
    const pseudonyms = new Pseudonyms();
    const first = redactExchange(tokenExchange(), pseudonyms);
    const second = redactExchange(accountExchange(), pseudonyms);
    const text = JSON.stringify([first, second]);
    for (const secret of [JWT, 'demo-api-key', 'k-123', 'r-1', 's-9', 'Bob', 'bob@example.com'])
      expect(text).not.toContain(secret);
    expect(first.request.headers.map(([n]) => n)).toEqual(['Content-Type', 'X-Api-Key']);
    // Numbered per kind in order of first sight: the X-Api-Key header came first.
    expect(first.request.headers[1]).toEqual(['X-Api-Key', '[REDACTED:apikey:1]']);
    expect(JSON.parse(first.request.body).variables.input.APIKey).toBe('[REDACTED:apikey:2]');
    // The token the service issued and the one the client then sends carry the same pseudonym.
    expect(JSON.parse(first.response.body).data.obtainKrakenToken.token).toBe('[REDACTED:token:1]');
    expect(second.request.headers[0]).toEqual(['authorization', 'Token [REDACTED:token:1]']);
    expect(second.request.url).toBe(
      '/v1/data-import/validate-account/?token=%5BREDACTED%3Atoken%3A1%5D',
    );
    // The same e-mail in the request and the answer is the same pseudonym.
    const holder = JSON.parse(second.request.body).account_holders[0];
    expect(holder.email).toBe('[REDACTED:email:1]');
    expect(JSON.parse(second.response.body).email).toBe('[REDACTED:email:1]');
    expect(JSON.parse(second.request.body).external_account_number).toBe('EXT-1');
  });

  test('masks policy fields in text that is not JSON, such as a GraphQL inline argument', () => {
    const exchange = tokenExchange();
    exchange.request.body = 'mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) }';
    const redacted = redactExchange(exchange, new Pseudonyms());
    expect(redacted.request.body).toBe(
      'mutation { obtainKrakenToken(input: {APIKey: "[REDACTED:apikey:2]"}) }',
    );
  });

  test('leaves a URL without secrets byte for byte as it was', () => {
    const url = '/v1/x/?check_previously_added=true&a=%7e';
    expect(redactUrl(url, parseMaskPolicy('{}', 'p'), () => 'X')).toBe(url);
  });

  test('reads a mask policy file and refuses one with an unknown key or a bad list', () => {
    const policy = parseMaskPolicy('{"fields":["Email"]}', 'policy.json');
    expect([...policy.fields]).toEqual(['email']);
    expect(policy.headers.has('authorization')).toBe(true);
    expect(() => parseMaskPolicy('{"field":["email"]}', 'policy.json')).toThrow(MaskPolicyError);
    expect(() => parseMaskPolicy('{"fields":"email"}', 'policy.json')).toThrow(/array/);
    expect(() => parseMaskPolicy('nope', 'policy.json')).toThrow(/not JSON/);
  });
});

/** A stream whose writes fail with ENOSPC from the `failFrom`th on. */
function fullDisk(failFrom: number) {
  const kept: string[] = [];
  let writes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, callback) {
      writes += 1;
      if (writes >= failFrom) {
        const error = Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
        return callback(error);
      }
      kept.push(chunk.toString('utf8'));
      callback();
    },
  });
  return { sink, kept };
}

describe('recording to a failing disk', () => {
  test('stops with a clear message, keeps every acknowledged line, and cuts the rest', async () => {
    const { sink, kept } = fullDisk(3);
    const messages: string[] = [];
    const cuts: number[] = [];
    const recorder = new TrafficRecorder(sink, {
      name: 'day.ndjson',
      onFailure: (m) => messages.push(m),
      cutTo: async (bytes) => {
        cuts.push(bytes);
      },
    });
    for (let i = 0; i < 5; i++) {
      recorder.record(tokenExchange(1_700_000_000_000 + i));
      await new Promise((r) => setImmediate(r));
    }
    const summary = await recorder.close();
    expect(messages).toEqual([
      'recording to day.ndjson stopped (ENOSPC): the file holds the first 2 exchanges whole; later exchanges are not recorded',
    ]);
    expect(summary).toMatchObject({ recorded: 2, notRecorded: 3, failure: messages[0] });
    expect(kept.map((line) => parseRecordingLine(line.trim(), 'kept').time)).toEqual([
      1_700_000_000_000, 1_700_000_000_001,
    ]);
    expect(cuts).toEqual([Buffer.byteLength(kept.join(''))]);
  });

  test('refuses to overwrite an existing recording', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'kit-record-')), 'day.ndjson');
    writeFileSync(file, 'evidence\n');
    await expect(openRecording(file)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(readFileSync(file, 'utf8')).toBe('evidence\n');
  });
});

describe('recording through the proxy', () => {
  test('holds every exchange, readable as format v1, and neither the token nor the API key used', async () => {
    const mock = await serveMock();
    const file = join(mkdtempSync(join(tmpdir(), 'kit-record-')), 'through-proxy.ndjson');
    const recorder = await openRecording(file);
    const proxy = await startTrafficProxy({ target: mock.base, recorder });
    try {
      const token = await obtainToken(proxy.url);
      for (let i = 0; i < 3; i++) {
        await send(proxy.url, 'GET', '/v1/data-import/all-account-import-processes/DEMO_ENERGY/', [
          'authorization',
          `Token ${token}`,
        ]);
      }
      await proxy.close();
      const summary = await recorder.close();
      expect(summary).toEqual({ file, recorded: 4, notRecorded: 0 });
      const text = readFileSync(file, 'utf8');
      expect(text).not.toContain(token);
      expect(text).not.toContain('demo-api-key');
      const read: Exchange[] = [];
      for await (const e of readRecording(Readable.from([text]), file)) read.push(e);
      expect(read.map((e) => e.response.status)).toEqual([200, 200, 200, 200]);
      expect(read[1]?.request.headers).toContainEqual([
        'authorization',
        'Token [REDACTED:token:1]',
      ]);
    } finally {
      await mock.close();
    }
  });
});
