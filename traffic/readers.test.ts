import { describe, expect, it } from 'vitest';
import type { Exchange } from './exchange.ts';
import { readHar } from './har.ts';
import { readRecording, recordingLine, TrafficInputError } from './recording.ts';

const exchange: Exchange = {
  time: Date.parse('2026-11-26T21:00:00.000Z'),
  request: {
    method: 'POST',
    url: '/v1/data-import/notes/create/',
    headers: [
      ['content-type', 'application/json'],
      ['x-note', 'a'],
      ['x-note', 'b'],
    ],
    body: '{"notes":[{"body":"café ☕"}]}',
  },
  response: { status: 201, headers: [['content-type', 'application/json']], body: '[]' },
};

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

async function* chunks(parts: (string | Buffer)[]) {
  for (const part of parts) yield part;
}

describe('the NDJSON recording', () => {
  it('reads back what it writes, repeated headers and all', async () => {
    const text = `${recordingLine(exchange)}\n\n${recordingLine({ ...exchange, time: exchange.time + 1 })}\n`;
    const read = await all(readRecording(chunks([text]), 'r.ndjson'));
    expect(read).toEqual([exchange, { ...exchange, time: exchange.time + 1 }]);
  });

  it('keeps a UTF-8 character split across two chunks whole', async () => {
    const bytes = Buffer.from(`${recordingLine(exchange)}\n`, 'utf8');
    const at = bytes.indexOf(Buffer.from('☕', 'utf8')) + 1;
    const read = await all(readRecording(chunks([bytes.subarray(0, at), bytes.subarray(at)]), 'r'));
    expect(read[0]?.request.body).toBe(exchange.request.body);
  });

  it('names the file and line of a line it cannot read', async () => {
    const text = `${recordingLine(exchange)}\n{"v":2}\n`;
    await expect(all(readRecording(chunks([text]), 'r.ndjson'))).rejects.toThrow(
      new TrafficInputError('r.ndjson:2: not a version 1 recording line ("v": 1)'),
    );
    const bad = recordingLine(exchange).replace('"status":201', '"status":1e9');
    await expect(all(readRecording(chunks([bad]), 'r'))).rejects.toThrow(/r:1: response.status/);
  });
});

describe('HAR', () => {
  const har = {
    log: {
      version: '1.2',
      creator: { name: 'WebInspector', version: '537.36' },
      entries: [
        {
          startedDateTime: '2026-11-26T21:00:00.000Z',
          request: {
            method: 'POST',
            url: 'https://test.example/v1/data-import/notes/create/',
            headers: [
              { name: ':authority', value: 'test.example' },
              { name: 'content-type', value: 'application/json' },
            ],
            postData: { mimeType: 'application/json', text: exchange.request.body },
          },
          response: {
            status: 201,
            headers: [{ name: 'content-type', value: 'application/json' }],
            content: {
              mimeType: 'application/json',
              text: Buffer.from('[]').toString('base64'),
              encoding: 'base64',
            },
          },
        },
        {
          startedDateTime: '2026-11-26T21:00:01.000Z',
          request: { method: 'GET', url: 'https://test.example/v1/x/', headers: [] },
          response: { status: 0, headers: [], content: {} },
        },
      ],
    },
  };

  it('reads DevTools entries: pseudo-headers dropped, base64 content decoded', async () => {
    const text = JSON.stringify(har);
    const read = await all(readHar(chunks([text.slice(0, 100), text.slice(100)]), 'a.har'));
    expect(read).toHaveLength(2);
    expect(read[0]).toEqual({
      time: exchange.time,
      request: {
        method: 'POST',
        url: 'https://test.example/v1/data-import/notes/create/',
        headers: [['content-type', 'application/json']],
        body: exchange.request.body,
      },
      response: { status: 201, headers: [['content-type', 'application/json']], body: '[]' },
    });
    expect(read[1]?.response).toEqual({ status: 0, headers: [], body: '' });
  });

  it('reads a form body recorded as params alone, encoded as it was sent', async () => {
    const form = structuredClone(har);
    const entry = form.log.entries[0] as { request: { postData: unknown } };
    entry.request.postData = {
      mimeType: 'application/x-www-form-urlencoded',
      params: [
        { name: 'import_supplier', value: 'DEMO ENERGY' },
        { name: 'note', value: 'a&b=c' },
      ],
    };
    const read = await all(readHar(chunks([JSON.stringify(form)]), 'f.har'));
    expect(read[0]?.request.body).toBe('import_supplier=DEMO+ENERGY&note=a%26b%3Dc');
  });

  it('refuses a file that is not a HAR document, naming it', async () => {
    await expect(
      all(readHar(chunks(['{"log":{"entries":[{"request":1}]}}']), 'b.har')),
    ).rejects.toThrow(/b.har: entry 0: an entry needs request and response/);
    await expect(all(readHar(chunks(['{"log": [']), 'c.har'))).rejects.toThrow(
      /c.har: not a HAR document/,
    );
  });
});
