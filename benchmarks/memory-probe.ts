/**
 * `npm run bench:memory -- N` (node --expose-gc): where the memory of a data directory's server
 * goes, in process and without HTTP. Stages and processes N accounts through `service.handle()`
 * on a fresh `--data-dir` store and prints, after a full GC, the V8 heap in use and the process's
 * own resident memory (RssAnon): the first shows what JavaScript keeps, the second what native
 * code (lmdb, msgpackr, buffers) adds on top.
 */
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDataImportMock } from '../mocks/create-mock.ts';
import { nodeEnv } from '../mocks/node-env.ts';
import { openDataDir } from '../mocks/server/data-dir.ts';
import {
  accountAs,
  exampleAccount,
  obtainToken,
  processRequest,
  jsonPost as request,
} from './payloads.ts';

const N = Number(process.argv[2] ?? 4000);
const dir = join(tmpdir(), `kit-memory-probe-${process.pid}`);
const store = openDataDir(dir);
const mock = createDataImportMock({ env: nodeEnv(), onChange: store.write });
await store.write(mock.state);

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const heapMiB = () => {
  gc();
  return Math.round(process.memoryUsage().heapUsed / 2 ** 20);
};
const statusMiB = (field: string) =>
  Math.round(
    Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) /
      1024,
  );
const show = (step: string) => {
  const heap = heapMiB();
  const { heapTotal, external, arrayBuffers } = process.memoryUsage();
  const mib = (n: number) => Math.round(n / 2 ** 20);
  console.log(
    `${step}: heap ${heap} of ${mib(heapTotal)} MiB, external ${mib(external)} (array buffers ${mib(arrayBuffers)}), own RSS (RssAnon) ${statusMiB('RssAnon')} MiB, store pages (RssFile) ${statusMiB('RssFile')} MiB`,
  );
};

const answer = await mock.service.handle(request('/v1/graphql/', obtainToken));
const token = (answer.body as { data: { obtainKrakenToken: { token: string } } }).data
  .obtainKrakenToken.token;
show('start');
for (let i = 0; i < N; i++) {
  const path = '/v1/data-import/account-import-process/create-or-update/';
  await mock.service.handle(request(path, accountAs(exampleAccount, `M-${i}`, i), token));
}
show(`${N} staged`);
for (let i = 0; i < N; i++) {
  const path = '/v1/data-import/account-import-process/process/';
  const processed = await mock.service.handle(request(path, processRequest(`M-${i}`), token));
  if (processed.status !== 201) throw new Error(`process answered ${processed.status}`);
}
show(`${N} processed (outbox ${mock.state.outbox.length})`);
await store.close();
rmSync(dir, { recursive: true, force: true });
