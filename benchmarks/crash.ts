/**
 * `npm run bench:crash`: kill -9 under load, 20 trials on one data directory (decision 012). Each
 * trial loads the standalone mock with stages and processes from 8 clients, kills it with SIGKILL
 * at a random moment, starts it again on the same directory and checks every acknowledged write.
 * Writes benchmarks/results/crash.md and .json.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crashTrial } from '../mocks/server/crash-trial.ts';
import { exampleAccount } from './payloads.ts';

const TRIALS = Number(process.env.CRASH_TRIALS ?? 20);
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
].join('\n');
const results = join(import.meta.dirname, 'results');
mkdirSync(results, { recursive: true });
writeFileSync(join(results, 'crash.json'), `${JSON.stringify({ trials: rows }, null, 2)}\n`);
writeFileSync(join(results, 'crash.md'), md);
console.log(`\n${md}`);
if (lost > 0 || !allReopened) process.exitCode = 1;
