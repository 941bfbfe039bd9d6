/**
 * One kill -9 trial of the standalone server on a data directory (decision 012): start it, load it
 * with stages and processes from several clients, kill it with SIGKILL mid-load, start it again on
 * the same directory and check that every acknowledged write is there. Used by the test beside
 * this file (few trials) and by `npm run bench:crash` (20 trials). Loopback only, bounded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

/** What a trial found. */
export interface CrashTrialResult {
  /** Writes the server acknowledged (201) before it was killed. */
  acknowledged: number;
  /** Acknowledged writes missing or different after the restart. */
  lost: string[];
  /** Whether the server started again on the directory and answered. */
  reopened: boolean;
  /** Accounts in the store after the restart (acknowledged ones and maybe some in flight). */
  accountsAfter: number;
}

const ACCOUNT_PATH = '/v1/data-import/account-import-process/create-or-update/';
const PROCESS_PATH = '/v1/data-import/account-import-process/process/';

/** A standalone server started as `data-import-mock` on a free loopback port. */
export interface StartedServer {
  child: ChildProcess;
  base: string;
  /** Everything it printed so far. */
  output(): string;
}

/**
 * Starts the standalone mock with its state kept as `storage` says (`['--data-dir', DIR]` or
 * `['--state-file', FILE]`) on a free port of 127.0.0.1.
 */
export async function startMock(
  storage: string[],
  env: Record<string, string> = {},
): Promise<StartedServer> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bin/data-import-mock.ts', '--port', '0', ...storage],
    { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } },
  );
  // Both streams stay read to the end: a closed pipe would kill the server on its next line.
  let output = '';
  const base = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Data-Import mock on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (found) resolve(found);
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', () =>
      reject(new Error(`the mock did not start on ${storage.join(' ')}: ${output}`)),
    );
  });
  return { child, base: await base, output: () => output };
}

function startServer(dataDir: string, env: Record<string, string> = {}) {
  return startMock(['--data-dir', dataDir], env);
}

/** A token of the demo API key. */
export async function token(base: string): Promise<string> {
  const answer = await fetch(`${base}/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation { obtainKrakenToken(input: {APIKey: "demo-api-key"}) { token } }',
    }),
  });
  return (await answer.json()).data.obtainKrakenToken.token;
}

/**
 * Runs one trial on `dataDir` (fresh or left by an earlier trial): `clients` loops stage an
 * account, then process it, until the kill `killAfterMs` after the first acknowledged write.
 */
export async function crashTrial(options: {
  dataDir: string;
  account: Record<string, unknown>;
  trial: number;
  clients?: number;
  killAfterMs: number;
  /** Environment of the killed server (the store's memory budget, decision 017). */
  env?: Record<string, string>;
}): Promise<CrashTrialResult> {
  const { dataDir, account, trial, clients = 8, killAfterMs } = options;
  const first = await startServer(dataDir, options.env);
  const auth = { authorization: `Token ${await token(first.base)}` };
  const staged = new Set<string>();
  const processed = new Map<string, string>();
  let killed = false;
  let firstAcknowledged: () => void = () => {};
  const acknowledging = new Promise<void>((resolve) => {
    firstAcknowledged = resolve;
  });
  const post = (path: string, body: unknown) =>
    fetch(`${first.base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...auth },
      body: JSON.stringify(body),
    });
  const client = async (c: number) => {
    for (let i = 0; !killed && i < 100_000; i++) {
      const external = `CRASH-${trial}-${c}-${i}`;
      try {
        // One example for every account, so without its references: the platform refuses a
        // reference another account holds (reference_already_exists).
        const stage = await post(ACCOUNT_PATH, {
          ...account,
          external_account_number: external,
          references: undefined,
        });
        if (stage.status !== 201) throw new Error(`stage answered ${stage.status}`);
        staged.add(external);
        firstAcknowledged();
        const done = await post(PROCESS_PATH, {
          import_supplier_code: account.import_supplier,
          external_account_number: external,
          operations_team_name: 'MIGRATIONS',
        });
        if (done.status !== 201) throw new Error(`process answered ${done.status}`);
        processed.set(external, (await done.json()).service_account_number);
      } catch (error) {
        if (!killed) throw error;
      }
    }
  };
  const load = Promise.all(Array.from({ length: clients }, (_, c) => client(c)));
  // The kill comes `killAfterMs` after the first acknowledged write, so that every trial kills
  // a server under load however slowly the machine warms it up.
  await Promise.race([acknowledging, load]);
  await new Promise((resolve) => setTimeout(resolve, killAfterMs));
  killed = true;
  first.child.kill('SIGKILL');
  await Promise.all([load, once(first.child, 'exit')]);

  let second: Awaited<ReturnType<typeof startServer>>;
  try {
    second = await startServer(dataDir);
  } catch {
    return {
      acknowledged: staged.size + processed.size,
      lost: [],
      reopened: false,
      accountsAfter: 0,
    };
  }
  try {
    const headers = { authorization: `Token ${await token(second.base)}` };
    const lost: string[] = [];
    for (const external of staged) {
      const answer = await fetch(
        `${second.base}/v1/data-import/account-transfer-status/${account.import_supplier}/${external}/`,
        { headers },
      );
      const body = (await answer.json()) as { service_account_number?: string };
      const number = processed.get(external);
      if (answer.status !== 200) lost.push(`${external}: staged, now ${answer.status}`);
      else if (number !== undefined && body.service_account_number !== number) {
        lost.push(`${external}: processed as ${number}, now ${body.service_account_number}`);
      }
    }
    const list = await fetch(
      `${second.base}/v1/data-import/all-account-import-processes/${account.import_supplier}/`,
      { headers },
    );
    const accountsAfter = ((await list.json()) as unknown[]).length;
    return { acknowledged: staged.size + processed.size, lost, reopened: true, accountsAfter };
  } finally {
    second.child.kill('SIGKILL');
    await once(second.child, 'exit');
  }
}
