/**
 * The conformance summary (issue 6, "Output"): a one-page Markdown and JSON report of the rules
 * passed, failed and skipped per operation, with the target, mode and time; the traceability
 * report (rule -> tests, and the reasons for rules without a test); and, last, the scan of every
 * produced report for secrets (see support/secret-scan.ts for why it runs here).
 *
 * Listed last among the reporters in playwright.config.ts, so that its `onEnd` runs after the
 * HTML, JUnit and JSON reporters have written their files.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  FullConfig,
  FullResult,
  Reporter,
  Suite,
  TestCase,
  TestResult,
} from '@playwright/test/reporter';
import { secretsFile } from '../support/redact.ts';
import { readSecrets, type SecretHit, scanAndRedact } from '../support/secret-scan.ts';
import { readSettings } from '../support/settings.ts';
import { ruleIds, scanTests, trace, traceabilityMarkdown } from '../support/traceability.ts';

type Outcome = 'passed' | 'failed' | 'skipped';

interface TestRecord {
  project: string;
  operation: string;
  title: string;
  file: string;
  line: number;
  rules: string[];
  outcome: Outcome;
  softFindings: string[];
  skipReason?: string;
}

interface Options {
  /** Where the reports go (default `reports`). */
  outputDir?: string;
  /** Directories scanned for secrets after the run (default reports/ and test-results/). */
  scanDirs?: string[];
}

/** `<operationId> (<METHOD> <path>)` -> operationId; other describes keep their title. */
function operationOf(test: TestCase): string {
  const describes = test.titlePath().slice(3, -1);
  const first = describes[0] ?? '(no describe)';
  return /^(\w+) \(/.exec(first)?.[1] ?? first;
}

function outcomeOf(test: TestCase, result: TestResult): Outcome {
  if (result.status === 'skipped') return 'skipped';
  return result.status === test.expectedStatus ? 'passed' : 'failed';
}

export default class ConformanceSummaryReporter implements Reporter {
  readonly #outputDir: string;
  readonly #scanDirs: string[];
  readonly #suiteDir = fileURLToPath(new URL('..', import.meta.url));
  #config: FullConfig | undefined;
  #started = new Date();
  /** First start and last end of a test result (a merge of shards has no run of its own). */
  #span = { start: Number.POSITIVE_INFINITY, end: 0 };
  readonly #records = new Map<string, TestRecord>();

  constructor(options: Options = {}) {
    this.#outputDir = options.outputDir ?? 'reports';
    this.#scanDirs = options.scanDirs ?? ['reports', 'test-results'];
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, _suite: Suite): void {
    this.#config = config;
    this.#started = new Date();
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const start = result.startTime.getTime();
    this.#span = {
      start: Math.min(this.#span.start, start),
      end: Math.max(this.#span.end, start + result.duration),
    };
    const project = test.parent.project()?.name ?? '';
    const skip = [...test.annotations, ...result.annotations].find((a) => a.type === 'skip');
    this.#records.set(`${project}:${test.id}`, {
      project,
      operation: operationOf(test),
      title: test.title,
      file: test.location.file,
      line: test.location.line,
      rules: ruleIds(test.title),
      outcome: outcomeOf(test, result),
      softFindings: result.annotations
        .filter((a) => a.type === 'kit-assumption')
        .map((a) => a.description ?? ''),
      skipReason: skip?.description,
    });
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    const records = [...this.#records.values()];
    // No test ran (`--list`, or a run stopped by a setting): keep the last run's reports.
    if (!records.length) return this.#finishScan(process.env.CONTRACT_RUN_ID ?? '');
    mkdirSync(this.#outputDir, { recursive: true });
    const settings = readSettings();
    const started = Math.min(this.#started.getTime(), this.#span.start);
    const finished = Math.max(Date.now(), this.#span.end);
    const meta = {
      target: settings.baseURL,
      mode: process.env.CONTRACT_MODE_RESOLVED ?? settings.mode ?? 'unknown',
      runId: process.env.CONTRACT_RUN_ID ?? '(merged shards)',
      projects: this.#config?.projects.map((p) => p.name) ?? [],
      startedAt: new Date(started).toISOString(),
      finishedAt: new Date(finished).toISOString(),
      durationSeconds: Math.round((finished - started) / 100) / 10,
      status: result.status,
    };

    // Rules per operation: a rule fails when any of its tests failed, passes when at least one
    // ran and none failed, and is skipped when every test of it was skipped.
    const operations = new Map<string, Map<string, Outcome[]>>();
    for (const r of records) {
      const rules = operations.get(r.operation) ?? new Map<string, Outcome[]>();
      for (const id of r.rules) rules.set(id, [...(rules.get(id) ?? []), r.outcome]);
      operations.set(r.operation, rules);
    }
    const verdict = (outcomes: Outcome[]): Outcome =>
      outcomes.includes('failed') ? 'failed' : outcomes.includes('passed') ? 'passed' : 'skipped';
    const perOperation = [...operations.entries()]
      .filter(([, rules]) => rules.size > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([operation, rules]) => {
        const byRule = Object.fromEntries(
          [...rules.entries()].map(([id, outcomes]) => [id, verdict(outcomes)]),
        );
        const count = (o: Outcome) => Object.values(byRule).filter((v) => v === o).length;
        const tests = records.filter((r) => r.operation === operation);
        return {
          operation,
          rules: byRule,
          passed: count('passed'),
          failed: count('failed'),
          skipped: count('skipped'),
          tests: {
            passed: tests.filter((t) => t.outcome === 'passed').length,
            failed: tests.filter((t) => t.outcome === 'failed').length,
            skipped: tests.filter((t) => t.outcome === 'skipped').length,
          },
        };
      });
    const softFindings = records.flatMap((r) =>
      r.softFindings.map((f) => ({ test: `${r.operation} › ${r.title}`, finding: f })),
    );
    const totals = {
      tests: records.length,
      passed: records.filter((r) => r.outcome === 'passed').length,
      failed: records.filter((r) => r.outcome === 'failed').length,
      skipped: records.filter((r) => r.outcome === 'skipped').length,
      softFindings: softFindings.length,
    };

    // Traceability from the run's real titles: one line per test, with its outcome per project.
    const outcomesByTest = new Map<string, { rules: string[]; outcomes: string[] }>();
    for (const r of records) {
      const name = `${r.operation} › ${r.title}`;
      const entry = outcomesByTest.get(name) ?? { rules: r.rules, outcomes: [] };
      entry.outcomes.push(`${r.project}: ${r.outcome}`);
      outcomesByTest.set(name, entry);
    }
    const testsByRule = new Map<string, string[]>();
    for (const [name, { rules, outcomes }] of outcomesByTest) {
      for (const id of rules) {
        testsByRule.set(id, [...(testsByRule.get(id) ?? []), `${name} (${outcomes.join(', ')})`]);
      }
    }
    // Tests this run did not include (another mode's project, another shard) still trace their
    // rules: the static scan of the suite names them.
    for (const t of scanTests(this.#suiteDir)) {
      for (const id of t.rules) {
        if (!testsByRule.has(id)) {
          testsByRule.set(id, [`${t.file}:${t.line} ${t.title} (not in this run)`]);
        }
      }
    }
    const { traces, problems } = trace(testsByRule);
    writeFileSync(
      join(this.#outputDir, 'contract-traceability.md'),
      traceabilityMarkdown(
        traces,
        problems,
        `Run ${meta.runId}: target ${meta.target}, mode ${meta.mode}, ${meta.finishedAt}.`,
      ),
    );

    const summary = {
      ...meta,
      totals,
      rules: {
        total: traces.length,
        withTests: traces.filter((t) => t.tests.length).length,
        withReason: traces.filter((t) => t.reason).length,
        traceabilityProblems: problems,
      },
      operations: perOperation,
      softFindings,
      skipped: records
        .filter((r) => r.outcome === 'skipped')
        .map((r) => ({ test: `${r.operation} › ${r.title}`, reason: r.skipReason ?? '' })),
    };
    writeFileSync(
      join(this.#outputDir, 'conformance-summary.json'),
      `${JSON.stringify(summary, null, 2)}\n`,
    );
    writeFileSync(join(this.#outputDir, 'conformance-summary.md'), this.#markdown(summary));

    return this.#finishScan(meta.runId);
  }

  /** The secret scan; a hit fails the run. */
  #finishScan(runId: string): { status?: FullResult['status'] } | undefined {
    const hits = this.#scanForSecrets(runId);
    if (hits.length) {
      console.error(
        `\nSecrets found in the produced reports (redacted in place; the run fails):\n${hits
          .map((h) => `  ${h.file}: ${h.what} x${h.count}`)
          .join('\n')}`,
      );
      this.#countLeakAsFailure(hits);
      return { status: 'failed' };
    }
    return undefined;
  }

  #scanForSecrets(runId: string): SecretHit[] {
    const settings = readSettings();
    const secrets = [
      { label: 'API_KEY', value: settings.apiKey ?? '' },
      { label: 'ACCESS_TOKEN', value: settings.accessToken ?? '' },
      { label: 'EXPIRED_TOKEN', value: settings.expiredToken ?? '' },
      ...readSecrets(secretsFile(runId)).map((value) => ({ label: 'a token of the run', value })),
    ];
    rmSync(secretsFile(runId), { force: true });
    return scanAndRedact(this.#scanDirs, secrets);
  }

  /** Makes the leak visible to CI, which counts failures from reports/playwright.json. */
  #countLeakAsFailure(hits: SecretHit[]): void {
    const path = join(this.#outputDir, 'playwright.json');
    if (!existsSync(path)) return;
    const report = JSON.parse(readFileSync(path, 'utf8')) as {
      stats?: { unexpected?: number };
      errors?: { message: string }[];
    };
    report.stats = { ...report.stats, unexpected: (report.stats?.unexpected ?? 0) + 1 };
    report.errors = [
      ...(report.errors ?? []),
      { message: `Secrets found in reports: ${hits.map((h) => h.file).join(', ')}` },
    ];
    writeFileSync(path, JSON.stringify(report, null, 2));
  }

  #markdown(summary: {
    target: string;
    mode: string;
    runId: string;
    startedAt: string;
    durationSeconds: number;
    status: string;
    totals: Record<string, number>;
    rules: { total: number; withTests: number; withReason: number; traceabilityProblems: string[] };
    operations: {
      operation: string;
      passed: number;
      failed: number;
      skipped: number;
      rules: Record<string, Outcome>;
    }[];
    softFindings: { test: string; finding: string }[];
    skipped: { test: string; reason: string }[];
  }): string {
    const t = summary.totals;
    const lines = [
      '# Data-Import conformance summary',
      '',
      `- Target: ${summary.target}`,
      `- Mode: ${summary.mode}`,
      `- Run: ${summary.runId}, started ${summary.startedAt}, ${summary.durationSeconds} s, ${summary.status}`,
      `- Tests: ${t.tests} (${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped)`,
      `- Soft findings (kit assumptions the target does not share): ${t.softFindings}`,
      `- Rules: ${summary.rules.total} in the reference, ${summary.rules.withTests} with tests, ${summary.rules.withReason} with a stated reason (reports/contract-traceability.md)`,
      '',
      '## Rules per operation',
      '',
      '| Operation | Passed | Failed | Skipped | Failed or skipped rules |',
      '| --- | --- | --- | --- | --- |',
    ];
    for (const op of summary.operations) {
      const notPassed = Object.entries(op.rules)
        .filter(([, v]) => v !== 'passed')
        .map(([id, v]) => `${id} (${v})`)
        .join(', ');
      lines.push(
        `| ${op.operation} | ${op.passed} | ${op.failed} | ${op.skipped} | ${notPassed || '—'} |`,
      );
    }
    if (summary.rules.traceabilityProblems.length) {
      lines.push(
        '',
        '## Traceability problems',
        '',
        ...summary.rules.traceabilityProblems.map((p) => `- ${p}`),
      );
    }
    if (summary.softFindings.length) {
      // The same divergence shows in many tests: list each once, with how often and one test.
      const kinds = new Map<string, { count: number; test: string }>();
      for (const f of summary.softFindings) {
        const key = f.finding
          .split('\n')
          .filter((line) => !/^\s*(Received:|at )/.test(line))
          .join(' ')
          .replace(/\s+/g, ' ')
          .slice(0, 300);
        const kind = kinds.get(key) ?? { count: 0, test: f.test };
        kind.count += 1;
        kinds.set(key, kind);
      }
      lines.push(
        '',
        '## Soft findings',
        '',
        'Checks that rest on a kit assumption (`x-kit-assumption`); they never fail a target other than the kit’s mock.',
        '',
        ...[...kinds.entries()].map(
          ([finding, { count, test }]) => `- ${count} x ${finding} (for example: ${test})`,
        ),
      );
    }
    const reasons = new Map<string, number>();
    for (const s of summary.skipped) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
    if (reasons.size) {
      lines.push(
        '',
        '## Skipped',
        '',
        ...[...reasons.entries()].map(([reason, n]) => `- ${n} x ${reason || '(no reason)'}`),
      );
    }
    return `${lines.join('\n')}\n`;
  }
}
