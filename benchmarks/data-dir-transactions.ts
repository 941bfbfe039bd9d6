/**
 * What a batch of transactions costs the `--data-dir` store in process (decision 027): 20
 * imported copies of the large account, 1,000 distinct transactions/create requests sent 20 at a
 * time round-robin over them (50 batches each, as the servers benchmark's transactions-distinct
 * does over 200), through `service.handle()` with every change committed to a fresh store before
 * its answer. Prints wall and process CPU time (the store's commit thread included) per request
 * for each fifth of the batches: a batch that cost in proportion to the account's history would
 * grow from one fifth to the next. Usage: `npx tsx benchmarks/data-dir-transactions.ts`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataImportMock } from '../mocks/create-mock.ts';
import { nodeEnv } from '../mocks/node-env.ts';
import { openDataDir } from '../mocks/server/data-dir.ts';
import {
  distinctTransactions,
  obtainToken,
  processRequest,
  jsonPost as request,
  transactionAccounts,
} from './payloads.ts';

const ACCOUNTS = 20;
const BATCHES = 1000;
const AT_ONCE = 20;
const path = mkdtempSync(join(tmpdir(), 'kit-bench-txn-'));
const dir = openDataDir(path);
const mock = createDataImportMock({ env: nodeEnv(), state: dir.state, onChange: dir.write });
if (!dir.state) await dir.write(mock.state);
const token = (
  (await mock.service.handle(request('/v1/graphql/', obtainToken))).body as {
    data: { obtainKrakenToken: { token: string } };
  }
).data.obtainKrakenToken.token;
const accounts = transactionAccounts(ACCOUNTS);
for (const account of accounts) {
  const number = String(account.external_account_number);
  const path = '/v1/data-import/account-import-process';
  await mock.service.handle(request(`${path}/create-or-update/`, account, token));
  await mock.service.handle(request(`${path}/process/`, processRequest(number), token));
}
const bodies = distinctTransactions(BATCHES, accounts).map((text) =>
  request('/v1/data-import/transactions/create/', JSON.parse(text), token),
);
const fifth = BATCHES / 5;
const loadBefore = loadavg();
for (let part = 0; part < 5; part++) {
  const used = process.cpuUsage();
  const start = performance.now();
  for (let i = part * fifth; i < (part + 1) * fifth; i += AT_ONCE) {
    const answers = await Promise.all(
      bodies.slice(i, i + AT_ONCE).map((body) => mock.service.handle(body)),
    );
    if (answers.some((a) => a.status !== 201)) throw new Error('a batch was not added');
  }
  const spent = process.cpuUsage(used);
  console.log(
    `batches ${part * fifth + 1}-${(part + 1) * fifth}: ${((performance.now() - start) / fifth).toFixed(2)} ms per request, CPU ${((spent.user + spent.system) / fifth / 1000).toFixed(2)} ms`,
  );
}
const load = (values: number[]) => values.map((n) => n.toFixed(2)).join(' / ');
console.log(`load average ${load(loadBefore)} before, ${load(loadavg())} after`);
await dir.close();
rmSync(path, { recursive: true, force: true });
