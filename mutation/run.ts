/**
 * `npm run contract:mutants`: runs the contract suite against every mutant of the mock and
 * prints the kill rate beside the pass rate of the last legitimate-variants run
 * (reports/suite-strength.md, see variants/strength.ts). A mutant is killed when the suite fails
 * against it; a survivor means a missing test. The suite first runs against the unmutated mock with the same selection,
 * so that a kill can only come from the mutation. Loopback only; every run is bounded by a
 * timeout.
 *
 * Usage: npm run contract:mutants [-- [--dialect platform] <mutant id> ...]
 * The dialect (`--dialect`, else CONTRACT_DIALECT; decision 026) is the one the mutants' mock
 * answers in and the suite reads; a platform run writes reports/mutants-platform.json and leaves
 * the reference's strength report as it is.
 */
import { type ChildProcess, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dialectArguments, startMockProcess } from '../variants/harness.ts';
import { strengthReport, writeStrength } from '../variants/strength.ts';
import { mutants } from './mutants.ts';

const PORT = Number(process.env.MUTANT_PORT ?? 4350);
// Only stops a hang: the control run takes the whole suite, three minutes and more on a loaded
// machine, and a run cut short reads as a failure.
const RUN_TIMEOUT_MS = 900_000;
const { dialect, ids: selected } = dialectArguments(process.argv.slice(2));
const chosen = selected.length ? mutants.filter((m) => selected.includes(m.id)) : mutants;

function serve(id: string): Promise<ChildProcess> {
  return startMockProcess(
    ['--import', 'tsx', 'mutation/serve-mutant.ts', id, String(PORT), dialect],
    PORT,
    `mutant ${id}`,
  );
}

/**
 * The suite's selection in two passes, one after the other: the shared-mock projects, then
 * `isolated` without its dependencies. Playwright runs a project's dependencies in full whatever
 * --grep selects, so one pass would run every test of `contract` and `v2` for each mutant; run in
 * turn, `isolated` (which moves the mock's clock) still never overlaps the others.
 */
const PASSES = [
  ['--project', 'contract', '--project', 'v2'],
  ['--project', 'isolated', '--no-deps'],
];

function suite(operations: string[]): { passed: boolean; summary: string } {
  const grep = operations.map((op) => `${op} \\(`).join('|');
  const summaries: string[] = [];
  for (const projects of PASSES) {
    const run = spawnSync(
      'npx',
      // One failure is enough to kill a mutant: stopping there keeps the run short.
      [
        '--no-install',
        'playwright',
        'test',
        ...projects,
        '--grep',
        grep,
        '--pass-with-no-tests',
        '--reporter=dot',
        '--retries=0',
        '--max-failures=1',
      ],
      {
        env: {
          ...process.env,
          BASE_URL: `http://127.0.0.1:${PORT}`,
          CONTRACT_MODE: 'mock',
          CONTRACT_DIALECT: dialect,
          API_KEY: 'demo-api-key',
          CONTRACT_REPORTS: 'off',
        },
        encoding: 'utf8',
        timeout: RUN_TIMEOUT_MS,
      },
    );
    summaries.push(
      `${run.stdout ?? ''}`
        .split('\n')
        .filter((l) => /passed|failed|skipped|flaky/.test(l))
        .map((l) => l.trim())
        .join(', '),
    );
    if (run.status !== 0) return { passed: false, summary: summaries.join('; ') };
  }
  return { passed: true, summary: summaries.join('; ') };
}

const rows: { id: string; rule: string; killed: boolean; summary: string }[] = [];
const allOperations = [...new Set(chosen.flatMap((m) => m.operations))];

const baseline = await serve('none');
const control = suite(allOperations);
baseline.kill();
if (!control.passed) {
  console.error(`The suite fails against the unmutated mock (${control.summary}); fix that first.`);
  process.exit(1);
}

for (const mutant of chosen) {
  const child = await serve(mutant.id);
  const result = suite(mutant.operations);
  child.kill();
  rows.push({ id: mutant.id, rule: mutant.rule, killed: !result.passed, summary: result.summary });
  console.log(
    `${result.passed ? 'SURVIVED' : 'killed  '} ${mutant.id} (${mutant.rule}): ${mutant.description}`,
  );
}

const killed = rows.filter((r) => r.killed).length;
console.log(
  `\nkill rate (${dialect} dialect): ${killed}/${rows.length} (${((killed / rows.length) * 100).toFixed(0)}%)`,
);
for (const survivor of rows.filter((r) => !r.killed)) {
  console.log(`survivor: ${survivor.id} [${survivor.rule}] ${survivor.summary}`);
}
if (dialect === 'reference') {
  const report = strengthReport({ mutants: rows, complete: !selected.length });
  writeStrength(report);
  console.log(`\n${report.lines.slice(0, 4).join('\n')}`);
} else {
  mkdirSync('reports', { recursive: true });
  const half = { finishedAt: new Date().toISOString(), complete: !selected.length, rows };
  writeFileSync(`reports/mutants-${dialect}.json`, `${JSON.stringify(half, null, 2)}\n`);
}
process.exit(killed === rows.length ? 0 : 1);
