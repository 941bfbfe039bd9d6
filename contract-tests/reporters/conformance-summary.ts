/**
 * The conformance summary: a one-page Markdown and JSON report of the rules
 * passed, failed and skipped per operation, with the target, mode and time; the traceability
 * report (rule -> tests, and the reasons for rules without a test); and, last, the scan of every
 * produced report for secrets (see reporting/secret-scan.ts for why it runs here).
 *
 * Every finding is reported under the source it rests on: failed rules are the reference's (hard);
 * soft findings are the real platform's document's or the kit's own assumptions', listed apart.
 *
 * A run the preflight stopped (support/global-setup.ts) has no test results: this reporter then
 * rewrites every report (summary, traceability, JUnit, JSON) to one failure, "did not run:
 * <cause>", so that no dashboard reads an empty run as green and no earlier run's summary stays.
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
  TestError,
  TestResult,
  TestStep,
} from '@playwright/test/reporter';
import {
  readSecrets,
  type SecretHit,
  scanAndRedact,
  secretsOfRun,
} from '../reporting/secret-scan.ts';
import { platformCodeResults, platformCodesMarkdown } from '../support/platform-codes.ts';
import { redactReportedError, secretsFile } from '../support/redact.ts';
import { DID_NOT_RUN, readSettings } from '../support/settings.ts';
import { SOURCE_NAMES, type SoftSource, sourceOfAnnotation } from '../support/sources.ts';
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
  softFindings: { source: SoftSource; finding: string }[];
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

  /** Errors outside tests (a failed global setup). */
  readonly #errors: string[] = [];

  constructor(options: Options = {}) {
    const reportsDir = process.env.CONTRACT_REPORTS_DIR || 'reports';
    this.#outputDir = options.outputDir ?? reportsDir;
    this.#scanDirs = options.scanDirs ?? [reportsDir, join(reportsDir, '..', 'test-results')];
  }

  onError(error: TestError): void {
    this.#errors.push(error.message ?? String(error.value ?? 'unknown error'));
  }

  printsToStdio(): boolean {
    return false;
  }

  onBegin(config: FullConfig, _suite: Suite): void {
    this.#config = config;
    this.#started = new Date();
  }

  /**
   * Redacts a failed step's error as soon as it ends, before any reporter writes it: the HTML,
   * JUnit and JSON reporters write at the end of the run from these same objects, so a call log's
   * Authorization header never reaches a file (the scan in onEnd stays the last line of defence).
   */
  onStepEnd(_test: TestCase, _result: TestResult, step: TestStep): void {
    redactReportedError(step.error);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    for (const error of result.errors) redactReportedError(error);
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
      softFindings: result.annotations.flatMap((a) => {
        const source = sourceOfAnnotation(a.type);
        return source ? [{ source, finding: a.description ?? '' }] : [];
      }),
      skipReason: skip?.description,
    });
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    const records = [...this.#records.values()];
    if (!records.length) {
      // The preflight stopped the run (or the setup failed otherwise): say so in every report.
      const cause =
        process.env[DID_NOT_RUN] ??
        this.#errors[0]?.split('\n')[0]?.replace(/^(\w*Error|Preflight): (did not run: )?/, '');
      if (cause !== undefined) {
        this.#didNotRun(cause, result);
        this.#finishScan(process.env.CONTRACT_RUN_ID ?? '');
        return { status: 'failed' };
      }
      // No test selected (`--list`, a grep that matches nothing): keep the last run's reports.
      return this.#finishScan(process.env.CONTRACT_RUN_ID ?? '');
    }
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
      r.softFindings.map((f) => ({
        test: `${r.operation} › ${r.title}`,
        source: f.source,
        finding: f.finding,
      })),
    );
    const failedRules = perOperation.reduce((n, op) => n + op.failed, 0);
    const totals = {
      tests: records.length,
      passed: records.filter((r) => r.outcome === 'passed').length,
      failed: records.filter((r) => r.outcome === 'failed').length,
      skipped: records.filter((r) => r.outcome === 'skipped').length,
      softFindings: softFindings.length,
    };
    // Each source apart: the reference's rules decide pass or fail; the other two are soft.
    const bySource = {
      reference: {
        failedRules,
        passedRules: perOperation.reduce((n, op) => n + op.passed, 0),
      },
      platform: { softFindings: softFindings.filter((f) => f.source === 'platform').length },
      kit: { softFindings: softFindings.filter((f) => f.source === 'kit').length },
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
    const platformCodes = platformCodeResults(
      records.map((r) => ({
        title: r.title,
        outcome: r.outcome,
        softSources: r.softFindings.map((f) => f.source),
      })),
    );
    writeFileSync(
      join(this.#outputDir, 'contract-traceability.md'),
      `${traceabilityMarkdown(
        traces,
        problems,
        `Run ${meta.runId}: target ${meta.target}, mode ${meta.mode}, ${meta.finishedAt}.`,
      )}\n${platformCodesMarkdown(platformCodes)}`,
    );
    const platformCount = (what: string) =>
      [...platformCodes.values()].filter((r) => r === what).length;

    const summary = {
      ...meta,
      totals,
      sources: bySource,
      rules: {
        total: traces.length,
        withTests: traces.filter((t) => t.tests.length).length,
        withReason: traces.filter((t) => t.reason).length,
        traceabilityProblems: problems,
      },
      platformCodes: {
        total: platformCodes.size,
        asThePlatform: platformCount('as the platform'),
        differ: platformCount('differs (soft)'),
        failed: platformCount('failed'),
        notInThisRun: platformCount('not in this run'),
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

  /** The path a reporter of the config writes to (`outputFile`), or the default under reports. */
  #reportFile(name: string, fallback: string): string {
    for (const entry of this.#config?.reporter ?? []) {
      const [reporter, options] = entry as [string, { outputFile?: string } | undefined];
      if (reporter === name && options?.outputFile) return options.outputFile;
    }
    return join(this.#outputDir, fallback);
  }

  /** Where the HTML reporter writes (its `outputFolder`). */
  #htmlFolder(): string {
    for (const entry of this.#config?.reporter ?? []) {
      const [reporter, options] = entry as [string, { outputFolder?: string } | undefined];
      if (reporter === 'html' && options?.outputFolder) return options.outputFolder;
    }
    return join(this.#outputDir, 'contract-html');
  }

  /**
   * Rewrites every report for a run that did not start: one failing test, "did not run: <cause>",
   * in the summary, the traceability report, JUnit, the JSON report (which CI counts) and the
   * HTML report.
   */
  #didNotRun(cause: string, result: FullResult): void {
    mkdirSync(this.#outputDir, { recursive: true });
    const title = `did not run: ${cause}`;
    let settings: { baseURL: string; mode?: string } = { baseURL: process.env.BASE_URL ?? '' };
    try {
      settings = readSettings();
    } catch {
      // The settings themselves were the cause; the summary shows what the environment said.
    }
    const now = new Date();
    const seconds = Math.max(0, (now.getTime() - this.#started.getTime()) / 1000);
    const summary = {
      target: settings.baseURL || '(unset)',
      mode:
        process.env.CONTRACT_MODE_RESOLVED ??
        settings.mode ??
        process.env.CONTRACT_MODE ??
        '(unset)',
      runId: process.env.CONTRACT_RUN_ID ?? '',
      startedAt: this.#started.toISOString(),
      finishedAt: now.toISOString(),
      durationSeconds: Math.round(seconds * 10) / 10,
      status: 'did not run',
      didNotRun: cause,
      totals: { tests: 1, passed: 0, failed: 1, skipped: 0, softFindings: 0 },
      operations: [],
      softFindings: [],
      skipped: [],
    };
    writeFileSync(
      join(this.#outputDir, 'conformance-summary.json'),
      `${JSON.stringify(summary, null, 2)}\n`,
    );
    writeFileSync(
      join(this.#outputDir, 'conformance-summary.md'),
      [
        '# Data-Import conformance summary',
        '',
        `**${title}**`,
        '',
        `- Target: ${summary.target}`,
        `- Mode: ${summary.mode}`,
        `- Run: ${summary.runId}, started ${summary.startedAt}, ${summary.durationSeconds} s, did not run`,
        '- Tests: 1 (0 passed, 1 failed): the preflight; no rule was checked.',
        '',
      ].join('\n'),
    );
    writeFileSync(
      join(this.#outputDir, 'contract-traceability.md'),
      `# Traceability\n\n**${title}**: no rule was checked in this run.\n`,
    );
    const xml = (text: string) =>
      text
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;');
    const junit = this.#reportFile('junit', 'contract-junit.xml');
    writeFileSync(
      junit,
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        `<testsuites id="" name="Data-Import contract suite" tests="1" failures="1" skipped="0" errors="0" time="${seconds}">`,
        `<testsuite name="preflight" timestamp="${this.#started.toISOString()}" hostname="preflight" tests="1" failures="1" skipped="0" time="${seconds}" errors="0">`,
        `<testcase name="${xml(title)}" classname="preflight" time="${seconds}">`,
        `<failure message="${xml(title)}" type="Preflight">${xml(title)}</failure>`,
        '</testcase>',
        '</testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
    const jsonPath = this.#reportFile('json', 'playwright.json');
    const report = (
      existsSync(jsonPath) ? JSON.parse(readFileSync(jsonPath, 'utf8')) : {}
    ) as Record<string, unknown>;
    const error = { message: title };
    report.suites = [
      {
        title: 'preflight',
        file: 'preflight',
        line: 0,
        column: 0,
        specs: [
          {
            title,
            ok: false,
            tags: [],
            id: 'preflight',
            file: 'preflight',
            line: 0,
            column: 0,
            tests: [
              {
                timeout: 0,
                annotations: [],
                expectedStatus: 'passed',
                projectId: 'preflight',
                projectName: 'preflight',
                results: [
                  {
                    workerIndex: -1,
                    status: 'failed',
                    duration: Math.round(seconds * 1000),
                    error,
                    errors: [error],
                    stdout: [],
                    stderr: [],
                    retry: 0,
                    startTime: this.#started.toISOString(),
                    attachments: [],
                  },
                ],
                status: 'unexpected',
              },
            ],
          },
        ],
      },
    ];
    report.errors = [error];
    report.stats = {
      ...(report.stats as Record<string, unknown> | undefined),
      expected: 0,
      skipped: 0,
      unexpected: 1,
      flaky: 0,
    };
    writeFileSync(jsonPath, JSON.stringify(report, null, 2));
    // The HTML report too: a person opening it must not read an earlier run's results as this one's.
    const html = this.#htmlFolder();
    rmSync(html, { recursive: true, force: true });
    mkdirSync(html, { recursive: true });
    writeFileSync(
      join(html, 'index.html'),
      [
        '<!doctype html>',
        '<html lang="en"><head><meta charset="utf-8"><title>Data-Import contract suite: did not run</title></head>',
        '<body><main>',
        '<h1>Data-Import contract suite</h1>',
        `<p><strong>${xml(title)}</strong></p>`,
        `<p>Target: ${xml(summary.target)}. Mode: ${xml(summary.mode)}. Started ${summary.startedAt}; no rule was checked (1 test, 1 failed: the preflight).</p>`,
        '</main></body></html>',
        '',
      ].join('\n'),
    );
    console.error(
      `\n${title}\n(run status: ${result.status}; reports in ${this.#outputDir}/ say so)`,
    );
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
    const secrets = secretsOfRun(readSettings(), readSecrets(secretsFile(runId)));
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
    sources: {
      reference: { failedRules: number; passedRules: number };
      platform: { softFindings: number };
      kit: { softFindings: number };
    };
    rules: { total: number; withTests: number; withReason: number; traceabilityProblems: string[] };
    operations: {
      operation: string;
      passed: number;
      failed: number;
      skipped: number;
      rules: Record<string, Outcome>;
    }[];
    softFindings: { test: string; source: SoftSource; finding: string }[];
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
      `- Rules of ${SOURCE_NAMES.reference}: ${summary.sources.reference.passedRules} passed, ${summary.sources.reference.failedRules} failed (per operation below)`,
      `- Soft findings, never a failure against a target other than the kit’s mock: ${summary.sources.platform.softFindings} resting on ${SOURCE_NAMES.platform}, ${summary.sources.kit.softFindings} on ${SOURCE_NAMES.kit}`,
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
    const intro: Record<SoftSource, string> = {
      platform:
        'Checks resting on the real platform’s published document, where the reference is silent; the target differs from the platform here.',
      kit: 'Checks resting on the kit’s own assumptions (`x-kit-assumption`), where the reference and the platform document are both silent.',
    };
    for (const source of ['platform', 'kit'] as const) {
      const findings = summary.softFindings.filter((f) => f.source === source);
      if (!findings.length) continue;
      // The same divergence shows in many tests: list each once, with how often and one test.
      const kinds = new Map<string, { count: number; test: string }>();
      for (const f of findings) {
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
        `## Soft findings: ${SOURCE_NAMES[source]}`,
        '',
        intro[source],
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
