/**
 * Loopback servers for the proxy's tests: the kit's mock on a port the system picks (so the
 * proxy judges what the kit really answers), a raw target that answers what a test tells it,
 * and a client that keeps the answer's raw headers.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMockServer } from '../mocks/adapters/node-server.ts';
import { createDataImportMock } from '../mocks/create-mock.ts';
import { DEMO_API_KEY } from '../mocks/defaults.ts';
import { nodeEnv } from '../mocks/node-env.ts';

/** A listening server's base URL and how to stop it. */
export interface Loopback {
  base: string;
  close(): Promise<void>;
}

/** Serves a server on 127.0.0.1 at a free port. */
export async function listen(server: http.Server): Promise<Loopback> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A fresh kit mock (real clock) over node:http on loopback. */
export function serveMock(): Promise<Loopback> {
  return listen(createMockServer(createDataImportMock({ env: nodeEnv() }).service));
}

/** What a raw client got: status, raw headers in wire order and the body. */
export interface RawAnswer {
  status: number;
  rawHeaders: string[];
  body: string;
}

/** Sends one request with exactly these raw headers (a flat [name, value, ...] list). */
export function send(
  base: string,
  method: string,
  path: string,
  headers: string[] = [],
  body?: string | Buffer,
): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        method,
        path,
        headers: ['Host', url.host, ...headers],
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The kit mock's ObtainToken mutation as the platform's clients send it, with the demo key. */
export const OBTAIN_TOKEN_BODY = JSON.stringify({
  query:
    'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token refreshToken } }',
  variables: { input: { APIKey: DEMO_API_KEY } },
});

/** A token from the mock behind `base` (through the proxy when `base` is the proxy). */
export async function obtainToken(base: string): Promise<string> {
  const answer = await send(
    base,
    'POST',
    '/v1/graphql/',
    ['content-type', 'application/json'],
    OBTAIN_TOKEN_BODY,
  );
  const token = (JSON.parse(answer.body) as { data: { obtainKrakenToken: { token: string } } }).data
    .obtainKrakenToken.token;
  return token;
}
