/**
 * The summary of a run as plain data: `summarise(input) -> Summary`, with no clock, environment,
 * file or Playwright type in it, so that every report format is a pure writer of the same value
 * (see the writers beside this module) and any tool that checks the contract can report through
 * them.
 *
 * The unit is one check (`CheckRecord`): a test of the suite, or, for a traffic checker, one rule
 * checked on one real exchange. Such a tool maps its findings onto records: the rule ID into
 * `rules` (a platform code goes into `codeChecks`, code -> the titles of the checks that prove it);
 * a finding of the reference (hard) makes the outcome `failed`; a finding of the platform's
 * document or of the kit's assumptions (soft) goes into `softFindings` under its source; the
 * operation into `operation`; what was checked (method, path, JSON pointer) into `title`.
 *
 * How a verdict is reached is the reporter's rule since its first version: a rule fails when any
 * of its checks failed, passes when at least one ran and none failed, and is skipped when every
 * check of it was skipped; failed rules are the reference's (hard), soft findings are listed
 * apart by source.
 */
import type { Rule } from '../../spec/rules.ts';
import type { SoftSource } from '../support/sources.ts';
import { type RuleTrace, type StaticTest, trace } from '../support/traceability.ts';
import { platformNamesCited } from '../support/v2-titles.ts';
import type { RuleReason } from '../untestable-rules.ts';

/** How one check ended: a test whose status was the expected one passed. */
export type Outcome = 'passed' | 'failed' | 'skipped';

/** A finding resting on the platform's document or on the kit's assumptions: never a failure. */
export interface SoftFinding {
  source: SoftSource;
  finding: string;
}

/** One check of a run, as plain data (a test of the suite, a checked exchange). */
export interface CheckRecord {
  /** Where it ran: the Playwright project, or the target a traffic checker watched. */
  project: string;
  /** The operationId the check belongs to (or the describe's title when it names none). */
  operation: string;
  /** What was checked: the test's title, which cites its rule IDs. */
  title: string;
  /** The rule IDs of the reference the check proves. */
  rules: string[];
  outcome: Outcome;
  softFindings: SoftFinding[];
  /** Why the check was skipped, when it was. */
  skipReason?: string | undefined;
}

/** The run as the caller knows it; the times are epoch milliseconds. */
export interface RunContext {
  target: string;
  mode: string;
  runId: string;
  /** The projects (or targets) the run had. */
  projects: string[];
  started: number;
  finished: number;
  /** The run's own status (Playwright's: passed, failed, timedout, interrupted). */
  status: string;
}

/** What `summarise` needs besides the records: the rules and what does not depend on the run. */
export interface SummaryInput {
  records: CheckRecord[];
  run: RunContext;
  /** The rule catalogue of the reference (spec/rules.ts). */
  rules: Rule[];
  /** The reviewed reasons of rules without a hard test (untestable-rules.ts). */
  reasons: Record<string, RuleReason>;
  /** The suite's tests found statically, which trace rules this run did not include. */
  staticTests: StaticTest[];
  /** Platform code -> the titles (without rule prefix) of the checks that prove it. */
  codeChecks: Map<string, string[]>;
  /** The platform's V2 account import, reported apart when the run had it (decision 028). */
  v2?: V2Context;
}

/** What the run decided about V2, and which operations are V2's. */
export interface V2Context {
  served: boolean;
  why: string;
  /** The V2 operationIds: their checks form the V2 section. */
  operations: string[];
}

/** The V2 section of a summary: V2 has no reference rules, so it counts checks and platform names. */
export interface V2Summary {
  served: boolean;
  why: string;
  tests: OutcomeCounts & { total: number; softFindings: number };
  /** Each V2 operation's checks by outcome. */
  operations: ({ operation: string } & OutcomeCounts)[];
  /** Each platform name (code, status, event) V2 titles cite, with the verdict of its checks. */
  names: [string, Outcome][];
}

/** How the run's target answered one platform code (decision 015). */
export type CodeResult = 'as the platform' | 'differs (soft)' | 'failed' | 'not in this run';

/** Counts of checks by outcome. */
export interface OutcomeCounts {
  passed: number;
  failed: number;
  skipped: number;
}

/** One operation's rules with their verdicts, and its counts of rules and of checks. */
export interface OperationSummary extends OutcomeCounts {
  operation: string;
  /** Rule ID -> verdict, in the order the rules were first met. */
  rules: Record<string, Outcome>;
  tests: OutcomeCounts;
}

/** A soft finding with the check it was found in (`<operation> › <title>`). */
export interface LabelledFinding extends SoftFinding {
  test: string;
}

/** The summary of a run that ran. */
export interface RunSummary {
  run: {
    target: string;
    mode: string;
    runId: string;
    projects: string[];
    startedAt: string;
    finishedAt: string;
    durationSeconds: number;
    status: string;
  };
  totals: OutcomeCounts & { tests: number; softFindings: number };
  /** Each source apart: the reference's rules decide pass or fail; the other two are soft. */
  sources: {
    reference: { failedRules: number; passedRules: number };
    platform: { softFindings: number };
    kit: { softFindings: number };
  };
  rules: { total: number; withTests: number; withReason: number; traceabilityProblems: string[] };
  platformCodes: {
    total: number;
    asThePlatform: number;
    differ: number;
    failed: number;
    notInThisRun: number;
  };
  /** Operations with at least one rule, by name. */
  operations: OperationSummary[];
  softFindings: LabelledFinding[];
  skipped: { test: string; reason: string }[];
  /** Every rule of the reference with the checks that trace it. */
  traces: RuleTrace[];
  /** Every platform code with its result, in the order of `codeChecks`. */
  codeResults: [string, CodeResult][];
  /** The platform's V2 account import apart, when the run had it (decision 028). */
  v2?: V2Summary;
}

/** The summary of a run that stopped before any check (the preflight, the settings). */
export interface NotRunSummary {
  run: {
    target: string;
    mode: string;
    runId: string;
    startedAt: string;
    finishedAt: string;
    durationSeconds: number;
    /** The unrounded duration, which the JUnit and JSON reports carry. */
    seconds: number;
  };
  /** The cause, as the preflight stated it. */
  didNotRun: string;
  /** The one failure every report shows: `did not run: <cause>`. */
  title: string;
}

/** What every writer takes. */
export type Summary = RunSummary | NotRunSummary;

/** Whether a summary is of a run that stopped before any check. */
export function isNotRun(summary: Summary): summary is NotRunSummary {
  return 'didNotRun' in summary;
}

/** `<operation> › <title>`: how the reports name a check. */
export function checkLabel(record: Pick<CheckRecord, 'operation' | 'title'>): string {
  return `${record.operation} › ${record.title}`;
}

function countOutcomes(outcomes: Outcome[]): OutcomeCounts {
  const count = (o: Outcome) => outcomes.filter((v) => v === o).length;
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
}

/** A rule's verdict from its checks' outcomes: any failure fails it, any pass passes it. */
export function verdict(outcomes: Outcome[]): Outcome {
  return outcomes.includes('failed')
    ? 'failed'
    : outcomes.includes('passed')
      ? 'passed'
      : 'skipped';
}

/** Rules per operation, by operation name; operations whose checks cite no rule are left out. */
export function operationsOf(records: CheckRecord[]): OperationSummary[] {
  const operations = new Map<string, Map<string, Outcome[]>>();
  for (const r of records) {
    const rules = operations.get(r.operation) ?? new Map<string, Outcome[]>();
    for (const id of r.rules) rules.set(id, [...(rules.get(id) ?? []), r.outcome]);
    operations.set(r.operation, rules);
  }
  return [...operations.entries()]
    .filter(([, rules]) => rules.size > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([operation, rules]) => {
      const byRule = Object.fromEntries(
        [...rules.entries()].map(([id, outcomes]) => [id, verdict(outcomes)]),
      );
      const tests = records.filter((r) => r.operation === operation).map((r) => r.outcome);
      return {
        operation,
        rules: byRule,
        ...countOutcomes(Object.values(byRule)),
        tests: countOutcomes(tests),
      };
    });
}

/**
 * Rule -> the checks that trace it: the run's checks, one line per title with its outcome per
 * project; a rule this run did not reach (another mode's project, another shard) is traced by
 * the static scan of the suite, marked "not in this run".
 */
export function checksByRule(
  records: CheckRecord[],
  staticTests: StaticTest[],
): Map<string, string[]> {
  const outcomesByCheck = new Map<string, { rules: string[]; outcomes: string[] }>();
  for (const r of records) {
    const name = checkLabel(r);
    const entry = outcomesByCheck.get(name) ?? { rules: r.rules, outcomes: [] };
    entry.outcomes.push(`${r.project}: ${r.outcome}`);
    outcomesByCheck.set(name, entry);
  }
  const byRule = new Map<string, string[]>();
  for (const [name, { rules, outcomes }] of outcomesByCheck) {
    for (const id of rules) {
      byRule.set(id, [...(byRule.get(id) ?? []), `${name} (${outcomes.join(', ')})`]);
    }
  }
  for (const t of staticTests) {
    for (const id of t.rules) {
      if (!byRule.has(id)) byRule.set(id, [`${t.file}:${t.line} ${t.title} (not in this run)`]);
    }
  }
  return byRule;
}

/**
 * Each platform code's result from the checks that prove it (decision 015): failed when one of
 * them failed, differs when one recorded a soft finding, not in this run when none ran.
 */
export function codeResultsOf(
  records: CheckRecord[],
  codeChecks: Map<string, string[]>,
): [string, CodeResult][] {
  const byTitle = new Map<string, CheckRecord[]>();
  for (const r of records) {
    const title = r.title.replace(/^(\[[A-Z]+-\d+\]\s*)+/, '');
    byTitle.set(title, [...(byTitle.get(title) ?? []), r]);
  }
  return [...codeChecks].map(([code, titles]): [string, CodeResult] => {
    const ran = titles.flatMap((t) => byTitle.get(t) ?? []).filter((r) => r.outcome !== 'skipped');
    if (!ran.length) return [code, 'not in this run'];
    if (ran.some((r) => r.outcome === 'failed')) return [code, 'failed'];
    if (ran.some((r) => r.softFindings.length)) return [code, 'differs (soft)'];
    return [code, 'as the platform'];
  });
}

/**
 * The V2 section (decision 028): the checks of the V2 operations, counted per operation, and the
 * platform names their titles cite, each failed when one of its checks failed, passed when one
 * ran and none failed, skipped otherwise (the V2 project skipped when the target does not serve it).
 */
export function v2SummaryOf(records: CheckRecord[], v2: V2Context): V2Summary {
  const mine = records.filter((r) => v2.operations.includes(r.operation));
  const operations = v2.operations.map((operation) => ({
    operation,
    ...countOutcomes(mine.filter((r) => r.operation === operation).map((r) => r.outcome)),
  }));
  const byName = new Map<string, Outcome[]>();
  for (const r of mine) {
    for (const name of platformNamesCited(r.title)) {
      byName.set(name, [...(byName.get(name) ?? []), r.outcome]);
    }
  }
  return {
    served: v2.served,
    why: v2.why,
    tests: {
      total: mine.length,
      ...countOutcomes(mine.map((r) => r.outcome)),
      softFindings: mine.reduce((n, r) => n + r.softFindings.length, 0),
    },
    operations,
    names: [...byName].map(([name, outcomes]): [string, Outcome] => [name, verdict(outcomes)]),
  };
}

function runOf(run: RunContext): RunSummary['run'] {
  return {
    target: run.target,
    mode: run.mode,
    runId: run.runId,
    projects: run.projects,
    startedAt: new Date(run.started).toISOString(),
    finishedAt: new Date(run.finished).toISOString(),
    durationSeconds: Math.round((run.finished - run.started) / 100) / 10,
    status: run.status,
  };
}

/** The summary of a run from its checks: what every report of a run that ran is written from. */
export function summarise(input: SummaryInput): RunSummary {
  const { records } = input;
  const operations = operationsOf(records);
  const softFindings = records.flatMap((r) =>
    r.softFindings.map((f) => ({ test: checkLabel(r), source: f.source, finding: f.finding })),
  );
  const bySource = (source: SoftSource) => softFindings.filter((f) => f.source === source).length;
  const { traces, problems } = trace(
    checksByRule(records, input.staticTests),
    input.rules,
    input.reasons,
  );
  const codeResults = codeResultsOf(records, input.codeChecks);
  const codes = (what: CodeResult) => codeResults.filter(([, r]) => r === what).length;
  return {
    run: runOf(input.run),
    totals: {
      tests: records.length,
      ...countOutcomes(records.map((r) => r.outcome)),
      softFindings: softFindings.length,
    },
    sources: {
      reference: {
        failedRules: operations.reduce((n, op) => n + op.failed, 0),
        passedRules: operations.reduce((n, op) => n + op.passed, 0),
      },
      platform: { softFindings: bySource('platform') },
      kit: { softFindings: bySource('kit') },
    },
    rules: {
      total: traces.length,
      withTests: traces.filter((t) => t.tests.length).length,
      withReason: traces.filter((t) => t.reason).length,
      traceabilityProblems: problems,
    },
    platformCodes: {
      total: codeResults.length,
      asThePlatform: codes('as the platform'),
      differ: codes('differs (soft)'),
      failed: codes('failed'),
      notInThisRun: codes('not in this run'),
    },
    operations,
    softFindings,
    skipped: records
      .filter((r) => r.outcome === 'skipped')
      .map((r) => ({ test: checkLabel(r), reason: r.skipReason ?? '' })),
    traces,
    codeResults,
    ...(input.v2 ? { v2: v2SummaryOf(records, input.v2) } : {}),
  };
}

/**
 * The cause of a run that stopped before any check, or undefined when nothing stopped it (no
 * test selected: `--list`, a grep that matches nothing). The preflight declares its cause
 * (CONTRACT_DID_NOT_RUN); otherwise the first line of the first error outside tests (a failed
 * global setup) is the cause, without its error name.
 */
export function didNotRunCause(declared: string | undefined, errors: string[]): string | undefined {
  return (
    declared ?? errors[0]?.split('\n')[0]?.replace(/^(\w*Error|Preflight): (did not run: )?/, '')
  );
}

/** The run of a stopped run as the caller knows it; the times are epoch milliseconds. */
export interface NotRunContext {
  target: string;
  mode: string;
  runId: string;
  started: number;
  finished: number;
}

/** The summary of a run that stopped before any check: one failure, `did not run: <cause>`. */
export function summariseNotRun(cause: string, run: NotRunContext): NotRunSummary {
  const seconds = Math.max(0, (run.finished - run.started) / 1000);
  return {
    run: {
      target: run.target,
      mode: run.mode,
      runId: run.runId,
      startedAt: new Date(run.started).toISOString(),
      finishedAt: new Date(run.finished).toISOString(),
      durationSeconds: Math.round(seconds * 10) / 10,
      seconds,
    },
    didNotRun: cause,
    title: `did not run: ${cause}`,
  };
}
