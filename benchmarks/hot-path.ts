/**
 * `npm run bench:hot-path`: what one request costs in process, through the same `service.handle()`
 * both adapters call, beside one `JSON.parse` of its body (no HTTP, so no socket noise). Run it
 * under `node --cpu-prof` (`npm run bench:profile`) to see where the time goes; the summary of a
 * profile is printed by `benchmarks/profile-summary.ts`. Writes benchmarks/results/hot-path.json
 * (hot-path-LABEL.json with HOT_PATH_LABEL, e.g. to keep a run of an earlier commit beside it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDataImportMock } from '../mocks/create-mock.ts';
import { nodeEnv } from '../mocks/node-env.ts';
import type { PlainRequest } from '../mocks/service.ts';
import {
  exampleAccount,
  fiftyTransactions,
  largeAccount,
  obtainToken,
  processRequest,
} from './payloads.ts';

const ROUNDS = Number(process.env.HOT_PATH_ROUNDS ?? 2000);
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
for (const [name, plain] of cases) {
  if (only && name !== only) continue;
  const status = (await mock.service.handle(plain)).status;
  if (status >= 300) throw new Error(`${name} answered ${status}`);
  for (let i = 0; i < ROUNDS / 10; i++) await mock.service.handle(plain); // warm-up
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
