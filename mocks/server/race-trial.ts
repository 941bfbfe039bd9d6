/**
 * The race and full-disk trials of `npm run bench:crash` (decision 021), on the standalone server
 * started as `data-import-mock` with each way of keeping the state: 500 concurrent stage and
 * process requests on ten accounts (each imported once, one service account number, one listing
 * row, after a restart too), and a filesystem filled while the server runs (every refused write
 * 503, nothing acknowledged lost, nothing refused kept, writes again once there is room).
 * Loopback only, bounded loops.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type StartedServer, startMock, token } from './crash-trial.ts';

const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const PROCESS = '/v1/data-import/account-import-process/process/';
const NOTES = '/v1/data-import/notes/create/';
const PAYMENT = '/v1/data-import/payment-instruction/create/';

/** What a race trial found. */
export interface RaceTrialResult {
  requests: number;
  /** Accounts answered 201 "created" more than once on staging. */
  createdTwice: number;
  /** Accounts answered 201 by process more than once, or given more than one number. */
  importedTwice: number;
  /** Rows of the supplier's list, and those of the trial's accounts after a restart. */
  rows: number;
  rowsAfterRestart: number;
  /** Of 20 identical notes sent at once to one imported account, how many were created. */
  identicalNotesCreated: number;
  /** Of 20 distinct notes sent at once (all answered 201), how many the account lacks. */
  distinctNotesLost: number;
  /** Of 20 payment instructions with different references sent at once, how many were accepted. */
  instructionsAccepted: number;
  /** Answers of 500 or more. */
  serverErrors: number;
}

async function stop(server: StartedServer): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await once(server.child, 'exit');
}

function client(base: string, auth: string) {
  const headers = { 'content-type': 'application/json', authorization: `Token ${auth}` };
  return async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    return { status: answer.status, text: await answer.text() };
  };
}

/**
 * 500 concurrent same-account requests on a server keeping its state as `storage` says (`[]`
 * in memory), then the list, a restart and the list again.
 */
export async function raceTrial(options: {
  storage: string[];
  account: Record<string, unknown>;
  trial: number;
}): Promise<RaceTrialResult> {
  const { storage, account, trial } = options;
  const accounts = Array.from({ length: 10 }, (_, i) => `RACE-${trial}-${i}`);
  let server = await startMock(storage);
  try {
    let call = client(server.base, await token(server.base));
    const sent = accounts.flatMap((external) =>
      Array.from({ length: 50 }, (_, i) =>
        (i % 2 === 0
          ? // Without the example's references: each of ten copies is imported (GEN-6).
            call('POST', STAGE, {
              ...account,
              external_account_number: external,
              references: undefined,
            })
          : call('POST', PROCESS, {
              import_supplier_code: account.import_supplier,
              external_account_number: external,
              operations_team_name: 'MIGRATIONS',
            })
        ).then((answer) => ({ external, kind: i % 2 === 0 ? 'stage' : 'process', ...answer })),
      ),
    );
    const answers = await Promise.all(sent);
    let createdTwice = 0;
    let importedTwice = 0;
    for (const external of accounts) {
      const mine = answers.filter((a) => a.external === external);
      if (mine.filter((a) => a.kind === 'stage' && a.status === 201).length > 1) createdTwice += 1;
      const processed = mine.filter((a) => a.kind === 'process');
      const numbers = new Set(processed.flatMap((a) => a.text.match(/A-[0-9A-F]{8}/g) ?? []));
      if (processed.filter((a) => a.status === 201).length > 1 || numbers.size > 1) {
        importedTwice += 1;
      }
    }
    // On one imported account: identical and distinct notes, competing payment instructions.
    const target = accounts[0]!;
    await call('POST', PROCESS, {
      import_supplier_code: account.import_supplier,
      external_account_number: target,
      operations_team_name: 'MIGRATIONS',
    });
    const on = { import_supplier: account.import_supplier, external_account_number: target };
    const twenty = <T>(make: (i: number) => Promise<T>) =>
      Promise.all(Array.from({ length: 20 }, (_, i) => make(i)));
    const [identical, distinct, instructions] = await Promise.all([
      twenty(() => call('POST', NOTES, { ...on, notes: [{ body: 'Race note.' }] })),
      twenty((i) => call('POST', NOTES, { ...on, notes: [{ body: `Race note ${i}.` }] })),
      twenty((i) =>
        call('POST', PAYMENT, { ...on, vendor: 'STRIPE', type: 'CARD', reference: `pm_race_${i}` }),
      ),
    ]);
    const record = JSON.parse(
      (await call('GET', `/__mock/accounts/${account.import_supplier}/${target}`)).text,
    ) as { notes?: { body: string }[] };
    const bodies = new Set((record.notes ?? []).map((n) => n.body));
    const list = `/v1/data-import/all-account-import-processes/${account.import_supplier}/`;
    const rowsOf = (text: string) =>
      (JSON.parse(text) as { external_account_number: string }[]).filter((r) =>
        accounts.includes(r.external_account_number),
      ).length;
    const rows = rowsOf((await call('GET', list)).text);
    let rowsAfterRestart = rows;
    if (storage.length > 0) {
      await stop(server);
      server = await startMock(storage);
      call = client(server.base, await token(server.base));
      rowsAfterRestart = rowsOf((await call('GET', list)).text);
    }
    return {
      requests: answers.length,
      createdTwice,
      importedTwice,
      rows,
      rowsAfterRestart,
      identicalNotesCreated: identical.filter((a) => a.text.includes('NOTE_CREATION_SUCCESS'))
        .length,
      distinctNotesLost: distinct.filter((_, i) => !bodies.has(`Race note ${i}.`)).length,
      instructionsAccepted: instructions.filter((a) => a.status === 201).length,
      serverErrors: [...answers, ...identical, ...distinct, ...instructions].filter(
        (a) => a.status >= 500,
      ).length,
    };
  } finally {
    await stop(server);
  }
}

/** What a full-disk trial found, or why it could not run. */
export type FullDiskTrialResult =
  | {
      acknowledged: number;
      refused: number;
      /** Answers to writes on the full disk other than 503. */
      otherAnswers: number[];
      alive: boolean;
      /** Acknowledged accounts missing after the restart, refused ones present. */
      lost: number;
      kept: number;
      writesAgain: boolean;
    }
  | { skipped: string };

/** Fills the filesystem of `dir` with a file, at most 100,000 chunks of 16 KiB. */
function fill(dir: string): string {
  const filler = join(dir, 'filler');
  const fd = openSync(filler, 'w');
  const chunk = Buffer.alloc(16 * 1024, 1);
  try {
    for (let i = 0; i < 100_000; i++) {
      if (statfsSync(dir).bavail === 0) break;
      writeSync(fd, chunk);
    }
  } catch {
    // ENOSPC: full.
  } finally {
    closeSync(fd);
  }
  return filler;
}

/**
 * Stages 20 accounts on a server on a 4 MiB tmpfs, fills the filesystem, stages 30 more (each
 * should be refused with 503), frees it, stages one more, restarts and checks every account.
 * Needs the right to mount (root); skipped otherwise.
 */
export async function fullDiskTrial(options: {
  storage: (dir: string) => string[];
  account: Record<string, unknown>;
}): Promise<FullDiskTrialResult> {
  const dir = mkdtempSync(join(tmpdir(), 'kit-bench-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { skipped: `cannot mount a tmpfs (${(error as Error).message.split('\n')[0]})` };
  }
  // The store keeps 1 MiB free of this 4 MiB filesystem (decision 021); these settings are
  // refused without --data-dir (decision 020).
  const env: Record<string, string> =
    options.storage(dir)[0] === '--data-dir'
      ? { STORE_MEMORY_MIB: '0', STORE_RESERVE_MIB: '1' }
      : {};
  let server: StartedServer | undefined;
  try {
    server = await startMock(options.storage(dir), env);
    let call = client(server.base, await token(server.base));
    const stage = (external: string) =>
      call('POST', STAGE, { ...options.account, external_account_number: external });
    const acknowledged: string[] = [];
    for (let i = 0; i < 20; i++) {
      if ((await stage(`FULL-${i}`)).status === 201) acknowledged.push(`FULL-${i}`);
    }
    const filler = fill(dir);
    const refusedNames = Array.from({ length: 30 }, (_, i) => `REFUSED-${i}`);
    const answers = await Promise.all(refusedNames.map(stage));
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    rmSync(filler);
    const again = await stage('AFTER');
    if (again.status === 201) acknowledged.push('AFTER');
    await stop(server);
    server = await startMock(options.storage(dir), env);
    call = client(server.base, await token(server.base));
    const status = async (external: string) =>
      (
        await call(
          'GET',
          `/v1/data-import/account-transfer-status/${options.account.import_supplier}/${external}/`,
        )
      ).status;
    let lost = 0;
    for (const external of acknowledged) if ((await status(external)) !== 200) lost += 1;
    let kept = 0;
    for (const [i, external] of refusedNames.entries()) {
      if (answers[i]!.status === 503 && (await status(external)) === 200) kept += 1;
    }
    return {
      acknowledged: acknowledged.length,
      refused: answers.filter((a) => a.status === 503).length,
      otherAnswers: answers.filter((a) => a.status !== 503).map((a) => a.status),
      alive,
      lost,
      kept,
      writesAgain: again.status === 201,
    };
  } finally {
    if (server) await stop(server);
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}
