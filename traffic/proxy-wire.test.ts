import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import {
  decodeBody,
  exchangeOf,
  ownedBytes,
  transferables,
  type WireExchange,
} from './proxy-wire.ts';

const text = '{"valid":true,"name":"Zoë"}';
const bytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

function wire(overrides: Partial<WireExchange> = {}): WireExchange {
  return {
    time: 1,
    method: 'POST',
    url: '/v1/data-import/validate-account/?x=1',
    requestHeaders: ['Content-Type', 'application/json', 'X-Twice', 'a', 'x-twice', 'b'],
    requestBody: ownedBytes([Buffer.from('{"a":'), Buffer.from('1}')], 7),
    status: 200,
    responseHeaders: ['content-type', 'application/json'],
    responseBody: ownedBytes([Buffer.from(text)], Buffer.byteLength(text)),
    cap: 1024,
    ...overrides,
  };
}

describe('the exchange handed to the checker thread', () => {
  test('holds each body in an ArrayBuffer of its own, never a slice of the shared pool', () => {
    // Small Buffers come from Node's pool: transferring one would detach every other.
    const pooled = [Buffer.from('abc'), Buffer.from('def')];
    const owned = ownedBytes(pooled, 6);
    expect(owned.byteOffset).toBe(0);
    expect(owned.buffer.byteLength).toBe(6);
    expect(Buffer.from(owned).toString()).toBe('abcdef');
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(owned, transferables([wire({ requestBody: owned })]));
    expect(owned.byteLength).toBe(0);
    expect(pooled.map(String)).toEqual(['abc', 'def']);
    expect(Buffer.from(receiveMessageOnPort(port2)?.message as Uint8Array).toString()).toBe(
      'abcdef',
    );
    port1.close();
  });

  test('crosses a message port with its bodies transferred, and reads back as the same exchange', () => {
    const sent = wire();
    const expected = exchangeOf(wire());
    const { port1, port2 } = new MessageChannel();
    const transfer = transferables([sent]);
    expect(transfer).toHaveLength(2);
    port1.postMessage([sent], transfer);
    expect(sent.responseBody.byteLength).toBe(0);
    const [received] = (receiveMessageOnPort(port2)?.message ?? []) as WireExchange[];
    expect(exchangeOf(received as WireExchange)).toEqual(expected);
    expect(expected.request.headers).toEqual([
      ['Content-Type', 'application/json'],
      ['X-Twice', 'a'],
      ['x-twice', 'b'],
    ]);
    expect(expected.request.body).toBe('{"a":1}');
    expect(expected.response.body).toBe(text);
    port1.close();
  });

  test('reads a body in a content coding decoded, and one cut at the cap or undecodable as it came', () => {
    expect(decodeBody(bytes(gzipSync(text)), 'gzip', 1024)).toBe(text);
    expect(decodeBody(bytes(gzipSync(text)), ' X-GZIP ', 1024)).toBe(text);
    expect(decodeBody(bytes(deflateSync(text)), 'deflate', 1024)).toBe(text);
    expect(decodeBody(bytes(brotliCompressSync(text)), 'br', 1024)).toBe(text);
    const cut = bytes(gzipSync(text).subarray(0, 10));
    expect(decodeBody(cut, 'gzip', 1024, true)).toBe(Buffer.from(cut).toString('utf8'));
    expect(decodeBody(bytes(Buffer.from('not gzip')), 'gzip', 1024)).toBe('not gzip');
    // A coding bomb stops at the cap: read as it came rather than decoded past it.
    const bomb = bytes(gzipSync('x'.repeat(100_000)));
    expect(decodeBody(bomb, 'gzip', 1024)).toBe(Buffer.from(bomb).toString('utf8'));
  });

  test('decodes each half by its own header, and leaves a truncated half as it came', () => {
    const gz = gzipSync(text);
    const exchange = exchangeOf(
      wire({
        responseHeaders: ['Content-Encoding', 'gzip'],
        responseBody: ownedBytes([gz], gz.length),
        requestHeaders: ['content-encoding', 'gzip'],
        requestBody: ownedBytes([gz], gz.length),
      }),
      { request: true },
    );
    expect(exchange.response.body).toBe(text);
    expect(exchange.request.body).toBe(gz.toString('utf8'));
  });
});

describe('an answer of the request own bytes (VAL-2 echo)', () => {
  const body = (s: string) => ownedBytes([Buffer.from(s)], Buffer.byteLength(s));

  test('is decoded once: the answer is the request text, the same string', () => {
    const echoed = exchangeOf(wire({ requestBody: body(text), responseBody: body(text) }));
    expect(echoed.response.body).toBe(text);
    expect(echoed.request.body).toBe(text);
  });

  test('is decoded on its own when a byte differs, or when its coding differs', () => {
    const other = text.replace('true', 'fals');
    expect(other.length).toBe(text.length);
    const changed = exchangeOf(wire({ requestBody: body(text), responseBody: body(other) }));
    expect(changed.response.body).toBe(other);
    const gzipped = gzipSync(Buffer.from(text));
    const coded = exchangeOf(
      wire({
        requestBody: ownedBytes([gzipped], gzipped.length),
        responseBody: ownedBytes([gzipped], gzipped.length),
        responseHeaders: ['content-encoding', 'gzip'],
      }),
    );
    // The request declares no coding: its bytes are read as they came; the answer's are unzipped.
    expect(coded.response.body).toBe(text);
    expect(coded.request.body).not.toBe(text);
  });
});
