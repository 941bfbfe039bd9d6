import { Agent, request } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { dataImport } from '../../spec/index.ts';
import { createDataImportMock } from '../create-mock.ts';
import { nodeEnv } from '../node-env.ts';
import { createMockServer, MAX_BODY_BYTES, requestGate } from './node-server.ts';

const server = createMockServer(createDataImportMock({ env: nodeEnv() }).service);
let base = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('standalone server', () => {
  test('[GEN-2] a body over the limit gets 413 in the interface error shape', async () => {
    const response = await fetch(`${base}/v1/data-import/validate-account/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
    const body = await response.json();
    expect(response.status).toBe(413);
    expect(body).toEqual({ detail: expect.any(String), code: 'request_too_large', errors: [] });
    expect(
      dataImport.checkResponse('validateAccount', 413, response.headers.get('content-type'), body)
        .problems,
    ).toEqual([]);
  });

  test('keeps an idle keep-alive connection open past Node’s default of 5 s', async () => {
    // Node's default closes it after 5 s: a proxy reusing it then gets "socket hang up".
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; port: number }>((resolve, reject) => {
        const req = request(`${base}/__mock/health`, { agent }, (res) => {
          res.resume();
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, port: req.socket?.localPort ?? 0 }),
          );
        });
        req.on('error', reject);
        req.end();
      });
    const first = await get();
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    const second = await get();
    agent.destroy();
    expect(second.status).toBe(200);
    // The same connection answered both: the server had not closed it.
    expect(second.port).toBe(first.port);
  });

  test.each(['//', 'http://%/', 'http://a:99999/x'])(
    '[ERR-1] a request target %s that is no URL gets 404 in the interface error shape',
    async (target) => {
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.end(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
        });
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk.toString('utf8');
        });
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 404 /);
      expect(answer).toContain('"code":"not_found"');
    },
  );

  test('answers JSON with a content length', async () => {
    const response = await fetch(`${base}/__mock/health`);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(Number(response.headers.get('content-length'))).toBe((await response.text()).length);
  });
});

describe('request gate', () => {
  test('maintenance waits for the requests in flight and holds new ones until it is done', async () => {
    let due = false;
    const events: string[] = [];
    let finish!: () => void;
    const gate = requestGate({
      due: () => due,
      run: () => {
        events.push('run');
        due = false;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    });
    await gate.enter();
    await gate.enter();
    due = true;
    const third = gate.enter().then(() => events.push('third'));
    await new Promise((r) => setTimeout(r, 5));
    // Two requests are between their reads and their commit: nothing runs, the third waits.
    expect(events).toEqual([]);
    gate.leave();
    await new Promise((r) => setTimeout(r, 5));
    expect(events).toEqual([]);
    gate.leave();
    await new Promise((r) => setTimeout(r, 5));
    expect(events).toEqual(['run']);
    expect(gate.inFlight).toBe(0);
    finish();
    await third;
    expect(events).toEqual(['run', 'third']);
    expect(gate.inFlight).toBe(1);
  });
});
