/**
 * `npm run bench:hot-path`: what one request costs in process, through the same `service.handle()`
 * both adapters call, beside one `JSON.parse` of its body (no HTTP, so no socket noise). The
 * service is the compiled one (`dist/`, built first; HOT_PATH_NO_BUILD=1 skips the build). Run it
 * under `node --cpu-prof` (`npm run bench:profile`) to see where the time goes; the summary of a
 * profile is printed by `benchmarks/profile-summary.ts`. Writes benchmarks/results/hot-path.json
 * (hot-path-LABEL.json with HOT_PATH_LABEL, e.g. to keep a run of an earlier commit beside it).
 * Each case is measured twice in the same run, its chunks taking turns: with the request bodies'
 * first-failure checks (the default, decision 027) and without them (`dataImport.firstChecks`
 * off), so that the two are compared under the same load.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PlainRequest } from '../mocks/service.ts';
import { buildPackage, compiledMock } from './compiled.ts';
import {
  distinctAccounts,
  distinctTransactions,
  exampleAccount,
  fiftyTransactions,
  largeAccount,
  obtainToken,
  processRequest,
  jsonPost as request,
  transactionAccounts,
} from './payloads.ts';

const ROUNDS = Number(process.env.HOT_PATH_ROUNDS ?? 2000);

// The service as the package runs it: compiled (dist/, built first), as the servers benchmark
// runs it, so that no TypeScript loader is in the profile.
if (process.env.HOT_PATH_NO_BUILD !== '1') buildPackage();
const { createDataImportMock, nodeEnv } = await compiledMock();
const mock = createDataImportMock({ env: nodeEnv() });
// The compiled spec module the compiled mock uses: its contract's first checks are switched here.
const { dataImport } = (await import(
  pathToFileURL(join(import.meta.dirname, '../dist/spec/index.js')).href
)) as typeof import('../spec/index.ts');

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

// The accounts the distinct transactions go to, round-robin, imported first (TXN-10).
const importedForTransactions = transactionAccounts();
for (const account of importedForTransactions) {
  const number = String(account.external_account_number);
  const staged = await mock.service.handle(
    request('/v1/data-import/account-import-process/create-or-update/', account, token),
  );
  const processed = await mock.service.handle(
    request('/v1/data-import/account-import-process/process/', processRequest(number), token),
  );
  if (staged.status !== 201 || processed.status !== 201) {
    throw new Error(`importing ${number} answered ${staged.status} and ${processed.status}`);
  }
}

// Distinct bodies, as a migration sends them (decision 027): no format memo has seen them.
const DISTINCT = Number(process.env.HOT_PATH_DISTINCT ?? 2000);
const accounts = distinctAccounts(DISTINCT).map((text) => JSON.parse(text) as unknown);
const paths = {
  validate: '/v1/data-import/validate-account/',
  stage: '/v1/data-import/account-import-process/create-or-update/',
  transactions: '/v1/data-import/transactions/create/',
};
const distinct: [string, PlainRequest[]][] = [
  ['validate-distinct', accounts.map((a) => request(paths.validate, a, token))],
  ['stage-distinct', accounts.map((a) => request(paths.stage, a, token))],
  [
    'transactions-distinct',
    distinctTransactions(DISTINCT, importedForTransactions).map((t) =>
      request(paths.transactions, JSON.parse(t), token),
    ),
  ],
];

const single: [string, PlainRequest][] = [
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
const cases: [string, PlainRequest[]][] = [
  ...single.map(([name, plain]): [string, PlainRequest[]] => [name, [plain]]),
  ...distinct,
];
/** The requests of a case in turn, one per call. */
function rotation(list: PlainRequest[]): () => PlainRequest {
  let next = 0;
  return () => list[next++ % list.length]!;
}

const only = process.env.HOT_PATH_CASE;
const rows: {
  case: string;
  microsPerRequest: number;
  cpuMicrosPerRequest: number;
  /** The same requests without the first-failure checks (decision 027), in the same chunks' turns. */
  withoutFirstChecks: { microsPerRequest: number; cpuMicrosPerRequest: number };
  microsPerParse: number;
  toParse: number;
}[] = [];
const measured = cases.filter(([name]) => !only || name === only);
// Every case is warmed up before any is measured, and for long: the optimiser compiles the
// validators after thousands of requests, and code shared by the cases would otherwise be
// compiled during the first case's measurement and count against it alone.
for (const [name, list] of measured) {
  const status = (await mock.service.handle(list[0]!)).status;
  if (status >= 300) throw new Error(`${name} answered ${status}`);
  const nextOf = rotation(list);
  for (let i = 0; i < ROUNDS * 2; i++) await mock.service.handle(nextOf());
}
const CHUNKS = 5;
/**
 * The best of five chunks of `rounds / 5` calls: wall and CPU µs per call, for each of the
 * settings given, their chunks taking turns (so that drifting load falls on all of them alike).
 */
async function best(
  call: () => unknown,
  settings: readonly (() => void)[] = [() => undefined],
): Promise<{ wall: number; cpu: number }[]> {
  const found = settings.map(() => ({
    wall: Number.POSITIVE_INFINITY,
    cpu: Number.POSITIVE_INFINITY,
  }));
  const size = Math.max(1, Math.round(ROUNDS / CHUNKS));
  for (let chunk = 0; chunk < CHUNKS; chunk++) {
    // Each chunk turns the other way round, so that neither setting always goes first.
    const order = [...settings.keys()];
    if (chunk % 2 === 1) order.reverse();
    for (const s of order) {
      settings[s]!();
      const start = process.hrtime.bigint();
      // CPU time beside wall time: on a machine shared with other work, the process's own CPU
      // time moves much less than the clock on the wall.
      const used = process.cpuUsage();
      for (let i = 0; i < size; i++) await call();
      const spent = process.cpuUsage(used);
      const row = found[s]!;
      row.wall = Math.min(row.wall, Number(process.hrtime.bigint() - start) / 1000 / size);
      row.cpu = Math.min(row.cpu, (spent.user + spent.system) / size);
    }
  }
  return found;
}
const firstChecksOn = () => {
  dataImport.firstChecks = true;
};
const firstChecksOff = () => {
  dataImport.firstChecks = false;
};
const loadBefore = loadavg();
for (const [name, list] of measured) {
  const nextOf = rotation(list);
  const [request, without] = await best(
    () => mock.service.handle(nextOf()),
    [firstChecksOn, firstChecksOff],
  );
  firstChecksOn();
  const nextText = rotation(list);
  const [parse] = await best(() => JSON.parse(nextText().bodyText));
  const row = {
    case: name,
    microsPerRequest: Math.round(request!.wall),
    cpuMicrosPerRequest: Math.round(request!.cpu),
    withoutFirstChecks: {
      microsPerRequest: Math.round(without!.wall),
      cpuMicrosPerRequest: Math.round(without!.cpu),
    },
    microsPerParse: Math.round(parse!.wall),
    toParse: Math.round((request!.wall / parse!.wall) * 10) / 10,
  };
  rows.push(row);
  console.log(
    `${name}: ${row.microsPerRequest} µs per request (CPU ${row.cpuMicrosPerRequest} µs; without first checks ${row.withoutFirstChecks.microsPerRequest} µs, CPU ${row.withoutFirstChecks.cpuMicrosPerRequest} µs), ${row.microsPerParse} µs per JSON.parse of its body (${row.toParse}x)`,
  );
}
const loadAfter = loadavg().map((n) => Math.round(n * 100) / 100);
console.log(
  `load average ${loadBefore.map((n) => Math.round(n * 100) / 100).join(' / ')} before, ${loadAfter.join(' / ')} after`,
);
if (!only) {
  const dir = join(import.meta.dirname, 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `hot-path${process.env.HOT_PATH_LABEL ? `-${process.env.HOT_PATH_LABEL}` : ''}.json`),
    `${JSON.stringify(
      {
        rounds: ROUNDS,
        measure: `best of ${CHUNKS} chunks, with and without the first checks in turn`,
        loadAverageBefore: loadBefore.map((n) => Math.round(n * 100) / 100),
        loadAverageAfter: loadAfter,
        rows,
      },
      null,
      2,
    )}\n`,
  );
}
