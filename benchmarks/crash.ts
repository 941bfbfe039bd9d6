/**
 * `npm run bench:crash`: kill -9 under load, 20 trials on one data directory (decision 012). Each
 * trial loads the standalone mock with stages and processes from 8 clients, kills it with SIGKILL
 * at a random moment, starts it again on the same directory and checks every acknowledged write.
 * Then the race check on each way of keeping the state (500 concurrent same-account requests,
 * RACE_TRIALS each) and, where this process may mount a tmpfs, the full-disk check on the state
 * file and the store (decision 021). Writes benchmarks/results/crash.md and .json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashTrial } from '../mocks/server/crash-trial.ts';
import { fullDiskTrial, raceTrial } from '../mocks/server/race-trial.ts';
import { exampleAccount } from './payloads.ts';

const TRIALS = Number(process.env.CRASH_TRIALS ?? 20);
const RACE_TRIALS = Number(process.env.RACE_TRIALS ?? 3);
const dataDir = mkdtempSync(join(tmpdir(), 'kit-crash-'));
const rows = [];
for (let trial = 1; trial <= TRIALS; trial++) {
  const killAfterMs = 500 + Math.floor(Math.random() * 2500);
  const result = await crashTrial({ dataDir, account: exampleAccount, trial, killAfterMs });
  rows.push({ trial, killAfterMs, ...result });
  console.log(
    `trial ${trial}: killed after ${killAfterMs} ms, ${result.acknowledged} acknowledged writes, ${result.lost.length} lost, reopened ${result.reopened}, ${result.accountsAfter} accounts after`,
  );
}
rmSync(dataDir, { recursive: true, force: true });

const raceDir = mkdtempSync(join(tmpdir(), 'kit-race-'));
const stores: [string, (n: number) => string[]][] = [
  ['in memory', () => []],
  ['--state-file', (n) => ['--state-file', join(raceDir, `state-${n}.json`)]],
  ['--data-dir', (n) => ['--data-dir', join(raceDir, `store-${n}`)]],
];
const races = [];
for (const [store, storage] of stores) {
  for (let trial = 1; trial <= RACE_TRIALS; trial++) {
    const result = await raceTrial({ storage: storage(trial), account: exampleAccount, trial });
    races.push({ store, trial, ...result });
    console.log(`race ${store} ${trial}: ${JSON.stringify(result)}`);
  }
}
rmSync(raceDir, { recursive: true, force: true });
const racesClean = races.every(
  (r) =>
    r.createdTwice === 0 &&
    r.importedTwice === 0 &&
    r.rows === 10 &&
    r.rowsAfterRestart === 10 &&
    r.identicalNotesCreated === 1 &&
    r.distinctNotesLost === 0 &&
    r.instructionsAccepted === 1 &&
    r.serverErrors === 0,
);

const fullDisks = [];
for (const [store, flag, name] of [
  ['--state-file', '--state-file', 'state.json'],
  ['--data-dir', '--data-dir', 'store'],
] as const) {
  const result = await fullDiskTrial({
    storage: (dir) => [flag, join(dir, name)],
    account: exampleAccount,
  });
  fullDisks.push({ store, ...result });
  console.log(`full disk ${store}: ${JSON.stringify(result)}`);
}
const fullDisksClean = fullDisks.every(
  (r) =>
    'skipped' in r ||
    (r.otherAnswers.length === 0 && r.alive && r.lost === 0 && r.kept === 0 && r.writesAgain),
);

const acknowledged = rows.reduce((n, r) => n + r.acknowledged, 0);
const lost = rows.reduce((n, r) => n + r.lost.length, 0);
const allReopened = rows.every((r) => r.reopened);
const md = [
  `# kill -9 under load: ${TRIALS} trials on one --data-dir`,
  '',
  `Run ${new Date().toISOString()}. Each trial: 8 clients stage and process accounts, SIGKILL at a random moment, restart on the same directory, every acknowledged write checked through the interface.`,
  '',
  `**${acknowledged} acknowledged writes, ${lost} lost; the store opened cleanly ${rows.filter((r) => r.reopened).length} of ${TRIALS} times.** ${lost === 0 && allReopened ? 'Target met.' : 'Target NOT met.'}`,
  '',
  '| trial | killed after ms | acknowledged | lost | reopened | accounts after |',
  '|---|---|---|---|---|---|',
  ...rows.map(
    (r) =>
      `| ${r.trial} | ${r.killAfterMs} | ${r.acknowledged} | ${r.lost.length} | ${r.reopened ? 'yes' : '**no**'} | ${r.accountsAfter} |`,
  ),
  '',
  `## Race: 500 concurrent same-account requests, ${RACE_TRIALS} trials per store`,
  '',
  'Ten accounts, each sent 25 stagings and 25 processes at once through HTTP; then, on one imported account, 20 identical notes, 20 distinct notes and 20 payment instructions with different references at once; the supplier list, a restart and the list again.',
  '',
  `**${racesClean ? 'Each account created once, imported once with one number, listed once, after a restart too; one identical note created, no distinct note lost, one payment instruction accepted: target met.' : 'Target NOT met.'}**`,
  '',
  '| store | trial | requests | created twice | imported twice | rows | rows after restart | identical notes created | distinct notes lost | instructions accepted | 5xx |',
  '|---|---|---|---|---|---|---|---|---|---|---|',
  ...races.map(
    (r) =>
      `| ${r.store} | ${r.trial} | ${r.requests} | ${r.createdTwice} | ${r.importedTwice} | ${r.rows} | ${r.rowsAfterRestart} | ${r.identicalNotesCreated} | ${r.distinctNotesLost} | ${r.instructionsAccepted} | ${r.serverErrors} |`,
  ),
  '',
  '## Full filesystem (a 4 MiB tmpfs filled while the server runs)',
  '',
  `**${fullDisksClean ? 'Every write on the full disk refused with 503, the server alive, nothing acknowledged lost, nothing refused kept, writes again once there is room: target met.' : 'Target NOT met.'}**`,
  '',
  '| store | acknowledged | refused (503) | other answers | alive | lost | refused but kept | writes again |',
  '|---|---|---|---|---|---|---|---|',
  ...fullDisks.map((r) =>
    'skipped' in r
      ? `| ${r.store} | skipped: ${r.skipped} | | | | | | |`
      : `| ${r.store} | ${r.acknowledged} | ${r.refused} | ${r.otherAnswers.join(', ') || 'none'} | ${r.alive ? 'yes' : '**no**'} | ${r.lost} | ${r.kept} | ${r.writesAgain ? 'yes' : '**no**'} |`,
  ),
  '',
].join('\n');
const results = join(import.meta.dirname, 'results');
mkdirSync(results, { recursive: true });
writeFileSync(
  join(results, 'crash.json'),
  `${JSON.stringify({ trials: rows, races, fullDisks }, null, 2)}\n`,
);
writeFileSync(join(results, 'crash.md'), md);
console.log(`\n${md}`);
if (lost > 0 || !allReopened || !racesClean || !fullDisksClean) process.exitCode = 1;
