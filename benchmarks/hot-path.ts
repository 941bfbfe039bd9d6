/**
 * `npm run bench:hot-path`: what one request costs in process, through the same `service.handle()`
 * both adapters call, beside one `JSON.parse` of its body (no HTTP, so no socket noise). The
 * service is the compiled one (`dist/`, built first; HOT_PATH_NO_BUILD=1 skips the build). Run it
 * under `node --cpu-prof` (`npm run bench:profile`) to see where the time goes; the summary of a
 * profile is printed by `benchmarks/profile-summary.ts`. Writes benchmarks/results/hot-path.json
 * (hot-path-LABEL.json with HOT_PATH_LABEL, e.g. to keep a run of an earlier commit beside it).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PlainRequest } from '../mocks/service.ts';
import {
  exampleAccount,
  fiftyTransactions,
  largeAccount,
  obtainToken,
  processRequest,
} from './payloads.ts';

const ROUNDS = Number(process.env.HOT_PATH_ROUNDS ?? 2000);

// The service as the package runs it: compiled (dist/, built first), as the servers benchmark
// runs it, so that no TypeScript loader is in the profile.
if (process.env.HOT_PATH_NO_BUILD !== '1') {
  const built = spawnSync('npm', ['run', '--silent', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('npm run build failed');
}
const dist = (module: string) => pathToFileURL(join(import.meta.dirname, '../dist', module)).href;
const { createDataImportMock } = (await import(
  dist('mocks/create-mock.js')
)) as typeof import('../mocks/create-mock.ts');
const { nodeEnv } = (await import(
  dist('mocks/node-env.js')
)) as typeof import('../mocks/node-env.ts');
const mock = createDataImportMock({ env: nodeEnv() });

function request(path: string, body: unknown, token?: string): PlainRequest {
  return {
    method: 'POST',
    path,
    query: {},
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    bodyText: JSON.stringify(body),
  };
}

const token = (
  (await mock.service.handle(request('/v1/graphql/', obtainToken))).body as {
    data: { obtainKrakenToken: { token: string } };
  }
).data.obtainKrakenToken.token;
await mock.service.handle(
  request('/v1/data-import/account-import-process/create-or-update/', largeAccount, token),
);
await mock.service.handle(
  request(
    '/v1/data-import/account-import-process/process/',
    processRequest(String(largeAccount.external_account_number)),
    token,
  ),
);

const cases: [string, PlainRequest][] = [
  ['validate-example', request('/v1/data-import/validate-account/', exampleAccount, token)],
  ['validate-large', request('/v1/data-import/validate-account/', largeAccount, token)],
  [
    'stage-example',
    request(
      '/v1/data-import/account-import-process/create-or-update/',
      { ...exampleAccount, external_account_number: 'HOT-1' },
      token,
    ),
  ],
  ['obtain-token', request('/v1/graphql/', obtainToken)],
  ['transactions-50', request('/v1/data-import/transactions/create/', fiftyTransactions, token)],
];

const only = process.env.HOT_PATH_CASE;
const rows: {
  case: string;
  microsPerRequest: number;
  cpuMicrosPerRequest: number;
  microsPerParse: number;
  toParse: number;
}[] = [];
const measured = cases.filter(([name]) => !only || name === only);
// Every case is warmed up before any is measured: code shared by the cases would otherwise be
// compiled by the optimiser during the first case's measurement and count against it alone.
for (const [name, plain] of measured) {
  const status = (await mock.service.handle(plain)).status;
  if (status >= 300) throw new Error(`${name} answered ${status}`);
  for (let i = 0; i < ROUNDS / 2; i++) await mock.service.handle(plain);
}
for (const [name, plain] of measured) {
  let start = process.hrtime.bigint();
  // CPU time beside wall time: on a machine shared with other work, the process's own CPU time
  // moves much less than the clock on the wall.
  const cpu = process.cpuUsage();
  for (let i = 0; i < ROUNDS; i++) await mock.service.handle(plain);
  const perRequest = Number(process.hrtime.bigint() - start) / 1000 / ROUNDS;
  const used = process.cpuUsage(cpu);
  const cpuPerRequest = (used.user + used.system) / ROUNDS;
  start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) JSON.parse(plain.bodyText);
  const perParse = Number(process.hrtime.bigint() - start) / 1000 / ROUNDS;
  const row = {
    case: name,
    microsPerRequest: Math.round(perRequest),
    cpuMicrosPerRequest: Math.round(cpuPerRequest),
    microsPerParse: Math.round(perParse),
    toParse: Math.round((perRequest / perParse) * 10) / 10,
  };
  rows.push(row);
  console.log(
    `${name}: ${row.microsPerRequest} µs per request (CPU ${row.cpuMicrosPerRequest} µs), ${row.microsPerParse} µs per JSON.parse of its body (${row.toParse}x)`,
  );
}
if (!only) {
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `hot-path${process.env.HOT_PATH_LABEL ? `-${process.env.HOT_PATH_LABEL}` : ''}.json`),
    `${JSON.stringify({ rounds: ROUNDS, rows }, null, 2)}\n`,
  );
}
