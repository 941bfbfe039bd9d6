/**
 * `npm run traffic:mutants`: the proof that the checking proxy (decision 029, "The proxy") finds
 * each mutant's deviation from traffic alone. For each mutant: the mutant served as
 * mutation/run.ts serves it, the proxy in front of it, the describes of the operations it touches
 * run through the proxy in mock mode to their end (no stop at the first failure: the proxy must
 * see the whole traffic). The mutant is found when the proxy reports an error finding (a
 * reference rule broken) that the same selection through the proxy in front of the unmutated
 * mock does not show, compared by (rule, operation, pointer), or, for a mutant of the
 * platform-only operations (V2, whose findings are all warnings), a warning group on a
 * platform-only operation the baseline does not show; the baseline runs once per
 * selection, or once for the whole suite with TRAFFIC_BASELINE=whole (one run instead of one per
 * selection, for a loaded machine: the whole suite's findings include every selection's). Writes reports/traffic-mutants.json and .md. Loopback only; runs are bounded.
 *
 * Usage: npm run traffic:mutants [-- <mutant id> ...]
 * Ports: MUTANT_PORT (the mutant, default 4591), TRAFFIC_PROXY_PORT (the proxy, default 4592).
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { openapiDocument } from '../spec/index.ts';
import type { FindingGroup } from '../traffic/findings.ts';
import { isPlatformOnlyOperation } from '../traffic/platform-only.ts';
import { startMockProcess } from '../variants/harness.ts';
import {
  describeGroup,
  grepFor,
  groupKey,
  newErrors,
  type ProxiedRun,
  runThroughProxy,
  writeResults,
} from '../variants/through-traffic-proxy.ts';
import { mutants } from './mutants.ts';

/**
 * Describes a mutant's selection runs beside its operations' own: the traffic that shows its
 * deviation is another describe's. VAL-7 needs a 404, a validation, then a staging answered
 * as if the account were known, which the lifecycle describe sends (decision 029, "Update: the
 * rules a stream shows through history").
 */
const EXTRA_DESCRIBES = new Map<string, string[]>([
  ['validate-stores', ['account import lifecycle']],
]);

/**
 * The operations whose only source is the platform (`x-source: platform` on the operation, the
 * V2 account import of decision 028). The reference is silent on them, so every finding on them
 * is a warning (decision 029): a mutant of those operations alone is found by a finding of its
 * own source, a warning group on a platform-only operation that the baseline does not show.
 */
function platformOnlyOperations(): Set<string> {
  const out = new Set<string>();
  const paths = (openapiDocument.paths ?? {}) as Record<string, Record<string, unknown>>;
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      const id = (op as { operationId?: unknown } | null)?.operationId;
      if (typeof id === 'string' && isPlatformOnlyOperation(op)) out.add(id);
    }
  }
  return out;
}
const PLATFORM_ONLY = platformOnlyOperations();

/**
 * New warning groups on any platform-only operation, for a platform-only mutant (none for any
 * other mutant). Any, not only the mutant's own: a deviation of one V2 operation often shows on
 * another (a validate that schedules shows as a task its status read answers).
 */
function newPlatformFindings(
  operations: string[],
  run: ProxiedRun,
  baseline: ProxiedRun,
): FindingGroup[] {
  if (operations.length === 0 || !operations.every((op) => PLATFORM_ONLY.has(op))) return [];
  const known = new Set(baseline.warningGroups.map(groupKey));
  return run.warningGroups.filter((g) => PLATFORM_ONLY.has(g.operation) && !known.has(groupKey(g)));
}

const PORT = Number(process.env.MUTANT_PORT ?? 4591);
const PROXY_PORT = Number(process.env.TRAFFIC_PROXY_PORT ?? 4592);
const selected = process.argv.slice(2);
const unknown = selected.filter((id) => !mutants.some((m) => m.id === id));
if (unknown.length) {
  console.error(`unknown mutant(s): ${unknown.join(', ')}`);
  process.exit(2);
}
// In the order given, so that a long run can take first the mutants a record is waiting on.
const chosen = selected.length
  ? selected.flatMap((id) => mutants.filter((m) => m.id === id))
  : mutants;

/** Serves mutant `id` (or the unmutated mock, `none`) and stops it once `work` is done. */
async function withServed<T>(id: string, work: () => Promise<T>): Promise<T> {
  const child: ChildProcess = await startMockProcess(
    ['--import', 'tsx', 'mutation/serve-mutant.ts', id, String(PORT)],
    PORT,
    `mutant ${id}`,
  );
  try {
    return await work();
  } finally {
    child.kill();
    await new Promise((r) => child.once('exit', r));
  }
}

const WHOLE_BASELINE = process.env.TRAFFIC_BASELINE === 'whole';

/** The suite's selection of `operations` (all of it for `[]`) through the proxy in front of `id`. */
function throughProxy(id: string, operations: string[], extra: string[] = []): Promise<ProxiedRun> {
  return withServed(id, () =>
    runThroughProxy({
      target: `http://127.0.0.1:${PORT}`,
      proxyPort: PROXY_PORT,
      // In mock mode the `isolated` project depends on the whole `contract` and `v2` projects,
      // which Playwright runs whole whatever the --grep: a selection runs in `contract` and `v2`
      // (the V2 mutants' describes are in `v2` alone), as mutation/run.ts's first pass does.
      args: operations.length
        ? [
            '--project=contract',
            '--project=v2',
            '--grep',
            [grepFor(operations), ...extra].join('|'),
          ]
        : [],
      // The mutants are the kit's mock, so the suite runs in mock mode as mutation/run.ts runs it:
      // its operator calls (/__mock/...) go through the proxy like every other request, and the
      // checker reads them as the operator's statements (decision 029, "Update").
      env: { CONTRACT_MODE: 'mock' },
      reportsDir: join('reports', 'traffic-mutants', id),
    }),
  );
}

/** Writes the results so far (after each mutant, so that a stopped run leaves its record). */
function report(final: boolean): number {
  const found = rows.filter((r) => r.found).length;
  const percent = rows.length ? ((found / rows.length) * 100).toFixed(1) : '0';
  // Every mutant named in another order is the whole set, not a selection.
  const scope =
    new Set(chosen.map((m) => m.id)).size < mutants.length
      ? ' (a selection, not the whole set)'
      : final
        ? ''
        : ` (partial: ${rows.length} of ${chosen.length} run so far)`;
  const headline = `found from traffic alone: ${found}/${rows.length} mutants (${percent}%)${scope}`;
  if (final) console.log(`\n${headline}`);
  writeResults('traffic-mutants', { found, total: rows.length, percent: Number(percent), rows }, [
    '# The checking proxy in front of each mutant',
    '',
    headline,
    '',
    '| mutant | rule | found | suite through the proxy | new findings (errors; warnings of platform-only operations) |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.id} | ${r.rule} | ${r.found ? 'yes' : 'NO'} | ${r.suite} | ${r.findings.map((f) => f.replaceAll('|', '\\|').slice(0, 200)).join('<br>') || '-'} |`,
    ),
  ]);
  return found;
}

const baselines = new Map<string, ProxiedRun>();
const rows: {
  id: string;
  rule: string;
  description: string;
  operations: string[];
  found: boolean;
  suite: string;
  exchanges: number;
  findings: string[];
  baselineErrors: number;
}[] = [];

for (const mutant of chosen) {
  const extra = EXTRA_DESCRIBES.get(mutant.id) ?? [];
  const key = WHOLE_BASELINE
    ? 'the whole suite'
    : [...[...mutant.operations].sort(), ...extra].join(',');
  let baseline = baselines.get(key);
  if (!baseline) {
    baseline = WHOLE_BASELINE
      ? await throughProxy('none', [])
      : await throughProxy('none', mutant.operations, extra);
    baselines.set(key, baseline);
    console.log(
      `baseline ${key}: ${baseline.exchanges} exchanges, ${baseline.errors.length} error groups, ${baseline.warnings} warning groups (${baseline.summary})`,
    );
    for (const g of baseline.warningGroups.filter((w) => PLATFORM_ONLY.has(w.operation))) {
      console.log(`    baseline platform-only warning ${describeGroup(g)}`);
    }
    for (const g of baseline.errors) console.log(`    baseline error ${describeGroup(g)}`);
  }
  const run = await throughProxy(mutant.id, mutant.operations, extra);
  const fresh = [
    ...newErrors(run, baseline),
    ...newPlatformFindings(mutant.operations, run, baseline),
  ];
  rows.push({
    id: mutant.id,
    rule: mutant.rule,
    description: mutant.description,
    operations: mutant.operations,
    found: fresh.length > 0,
    suite: `${run.summary}${run.finished ? '' : ' (stopped by the timeout)'}`,
    exchanges: run.exchanges,
    findings: fresh.map(describeGroup),
    baselineErrors: baseline.errors.length,
  });
  console.log(
    `${fresh.length ? 'found    ' : 'NOT FOUND'} ${mutant.id} (${mutant.rule}): ${mutant.description}`,
  );
  report(false);
  for (const f of fresh.slice(0, 5)) console.log(`    ${describeGroup(f).slice(0, 300)}`);
}

const found = report(true);
// The whole set holds the proof's goal (decision 029): at least 90% found from traffic alone. A
// selection is a maintainer asking after those mutants: every one must be found.
const whole = new Set(chosen.map((m) => m.id)).size === mutants.length;
process.exit((whole ? found >= Math.ceil(mutants.length * 0.9) : found === rows.length) ? 0 : 1);
