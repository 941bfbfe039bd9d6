/**
 * `tsx benchmarks/checker-cost.ts`: what the proxy's checker thread spends on one exchange, step
 * by step, in process (decision 029, "The proxy"): a real validate-account exchange of the mock
 * (the spec's domestic example, as `npm run bench:proxy` sends it) in the wire form the proxy
 * posts, checked thousands of times with `process.cpuUsage` around each step, the steps taking
 * turns in chunks so that all see the same load. The figures are CPU microseconds an exchange;
 * run it under `node --cpu-prof --import tsx` for a profile (benchmarks/profile-summary.ts).
 * CHECKER_COST_PORT (4751) is the mock's port; CHECKER_COST_ROUNDS (4000) the checks a step;
 * CHECKER_COST_ONLY=TEXT measures only the steps whose name holds TEXT (for a profile).
 */
import { spawn } from 'node:child_process';
import * as http from 'node:http';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { dataImport } from '../spec/index.ts';
import { checkExchange, matchOperation } from '../traffic/check-exchange.ts';
import { TrafficChecker } from '../traffic/checker.ts';
import { type Exchange, jsonBody } from '../traffic/exchange.ts';
import { exchangeOf, type WireExchange } from '../traffic/proxy-wire.ts';
import { exampleAccount, obtainToken } from './payloads.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.CHECKER_COST_PORT ?? 4751);
const ROUNDS = Number(process.env.CHECKER_COST_ROUNDS ?? 4000);
const CHUNKS = 8;
const PATH = '/v1/data-import/validate-account/';
const BODY = JSON.stringify(exampleAccount);

/** One request to the mock: status, raw headers and body of its answer. */
function call(method: string, path: string, body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; rawHeaders: string[]; body: Buffer }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: PORT,
        method,
        path,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function ready(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const up = await fetch(`http://127.0.0.1:${PORT}/__mock/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the mock does not answer on ${PORT}`);
}

/** A real validate-account exchange of the mock, in the proxy's wire form. */
async function realExchange(): Promise<() => WireExchange> {
  const json = { 'content-type': 'application/json' };
  const login = await call('POST', '/v1/graphql/', JSON.stringify(obtainToken), json);
  const token = (JSON.parse(login.body.toString()) as Record<string, Record<string, never>>).data
    ?.obtainKrakenToken as unknown as { token: string };
  const auth = `Token ${token.token}`;
  const answer = await call('POST', PATH, BODY, { ...json, authorization: auth });
  if (answer.status !== 200) throw new Error(`validate-account answered ${answer.status}`);
  // The headers as autocannon sends them and node:http hands them to the proxy.
  const requestHeaders = [
    'host',
    `127.0.0.1:${PORT}`,
    'content-type',
    'application/json',
    'authorization',
    auth,
    'content-length',
    String(Buffer.byteLength(BODY)),
  ];
  const request = Buffer.from(BODY);
  return () => ({
    time: Date.now(),
    method: 'POST',
    url: PATH,
    requestHeaders,
    requestBody: new Uint8Array(request),
    status: answer.status,
    responseHeaders: answer.rawHeaders,
    responseBody: new Uint8Array(answer.body),
    cap: 16 * 1024 * 1024,
  });
}

/** The steps measured: each takes a fresh wire exchange and does one part of the check. */
function steps(wire: () => WireExchange): Map<string, (w: WireExchange, e: Exchange) => void> {
  const checker = new TrafficChecker(dataImport);
  const op = dataImport.operation('validateAccount');
  let sink: unknown;
  return new Map<string, (w: WireExchange, e: Exchange) => void>([
    ['fresh wire form (copying the bodies; the floor of every step)', () => {}],
    [
      'wire form: structured clone of a batch of 64 (per exchange)',
      (w) => {
        if (Math.random() < 1 / 64) {
          const batch = Array.from({ length: 64 }, () => w);
          sink = deserialize(serialize(batch));
        }
      },
    ],
    [
      'wire decode (exchangeOf)',
      (w) => {
        sink = exchangeOf(w);
      },
    ],
    [
      'JSON.parse of the request',
      (_w, e) => {
        sink = jsonBody(e.request.body);
      },
    ],
    [
      'JSON.parse of the answer',
      (_w, e) => {
        sink = jsonBody(e.response.body);
      },
    ],
    [
      'request: parse + validateRequestBody (first-failure, decimals)',
      (_w, e) => {
        const body = jsonBody(e.request.body);
        if (body.ok) sink = dataImport.validateRequestBody('validateAccount', body.value);
      },
    ],
    [
      'answer: parse + checkResponse',
      (_w, e) => {
        const body = jsonBody(e.response.body);
        if (body.ok)
          sink = dataImport.checkResponse('validateAccount', 200, 'application/json', body.value);
      },
    ],
    [
      'matchOperation',
      (_w, e) => {
        sink = matchOperation(dataImport, e);
      },
    ],
    [
      'checkExchange (decoded exchange)',
      (_w, e) => {
        sink = checkExchange(dataImport, e, { kind: 'operation', operation: op, params: {} });
      },
    ],
    [
      'TrafficChecker.check (decoded exchange)',
      (_w, e) => {
        sink = checker.check(e);
      },
    ],
    [
      "TrafficChecker.check with the wire decode (the worker's work)",
      (w) => {
        sink = checker.check(exchangeOf(w));
      },
    ],
    [
      'the same, the answer a byte longer than the request (a service whose echo differs)',
      (w) => {
        const bytes = new Uint8Array(w.responseBody.byteLength + 1);
        bytes.set(w.responseBody);
        bytes[bytes.length - 1] = 0x0a;
        sink = checker.check(exchangeOf({ ...w, responseBody: bytes }));
      },
    ],
  ]).set('(keeps the sink alive)', () => {
    if (sink === wire) throw new Error('unreachable');
  });
}

async function main(): Promise<void> {
  const mock = spawn(
    process.execPath,
    ['--import', 'tsx', 'bin/data-import-mock.ts', '--port', String(PORT), '--quiet'],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  try {
    await ready();
    const wire = await realExchange();
    const only = process.env.CHECKER_COST_ONLY;
    const measured = new Map(
      [...steps(wire)].filter(([name]) => only === undefined || name.includes(only)),
    );
    // Warm: the validators compile, the JIT settles.
    for (const step of measured.values()) {
      for (let i = 0; i < 500; i++) {
        const w = wire();
        step(w, exchangeOf(wire()));
      }
    }
    const cpu = new Map<string, number>();
    for (let c = 0; c < CHUNKS; c++) {
      for (const [name, step] of measured) {
        const inputs = Array.from({ length: ROUNDS / CHUNKS }, () => {
          const w = wire();
          return [w, exchangeOf(wire())] as const;
        });
        const before = process.cpuUsage();
        for (const [w, e] of inputs) step(w, e);
        const used = process.cpuUsage(before);
        cpu.set(name, (cpu.get(name) ?? 0) + used.user + used.system);
      }
    }
    console.log(
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')}; ${ROUNDS} a step`,
    );
    for (const [name, total] of cpu) {
      if (name.startsWith('(')) continue;
      console.log(`${(total / ROUNDS).toFixed(1).padStart(7)} µs  ${name}`);
    }
  } finally {
    mock.kill('SIGTERM');
  }
}

await main();
