/**
 * The conformance summary: a one-page Markdown and JSON report of the rules
 * passed, failed and skipped per operation, with the target, mode and time; the traceability
 * report (rule -> tests, and the reasons for rules without a test); and, last, the scan of every
 * produced report for secrets (see reporting/secret-scan.ts for why it runs here).
 *
 * This class only gathers: it turns each test's result into a plain record, and at the end hands
 * the records to `summarise` (reporting/summary.ts) and the summary to one writer per format
 * (reporting/), so that the reports' logic is unit-tested without Playwright and a tool other than
 * the suite can write the same reports. Reading the settings, the clock and the files stays here.
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
import { loadRules } from '../../spec/rules.ts';
import { notRunHtml } from '../reporting/html-report.ts';
import { notRunJUnit } from '../reporting/junit-xml.ts';
import { leakCountedPlaywrightJson, notRunPlaywrightJson } from '../reporting/playwright-json.ts';
import {
  readSecrets,
  type SecretHit,
  scanAndRedact,
  secretsOfRun,
} from '../reporting/secret-scan.ts';
import {
  type CheckRecord,
  didNotRunCause,
  type Outcome,
  summarise,
  summariseNotRun,
  type V2Context,
} from '../reporting/summary.ts';
import { summaryJson } from '../reporting/summary-json.ts';
import { summaryMarkdown } from '../reporting/summary-markdown.ts';
import { traceabilityReport } from '../reporting/traceability-markdown.ts';
import { platformCodeTests } from '../support/platform-codes.ts';
import { redactReportedError, secretsFile } from '../support/redact.ts';
import { DID_NOT_RUN, readSettings } from '../support/settings.ts';
import { sourceOfAnnotation } from '../support/sources.ts';
import { ruleIds, scanTests } from '../support/traceability.ts';
import { resolvedV2 } from '../support/v2-detect.ts';
import { V2_OPERATIONS } from '../support/v2-titles.ts';
import { RULE_REASONS } from '../untestable-rules.ts';

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

/** The V2 section's input, when the global setup decided about V2 in this process. */
function v2Context(): { v2?: V2Context } {
  const decision = resolvedV2();
  return decision ? { v2: { ...decision, operations: Object.values(V2_OPERATIONS) } } : {};
}

export default class ConformanceSummaryReporter implements Reporter {
  readonly #outputDir: string;
  readonly #scanDirs: string[];
  readonly #suiteDir = fileURLToPath(new URL('..', import.meta.url));
  #config: FullConfig | undefined;
  #started = new Date();
  /** First start and last end of a test result (a merge of shards has no run of its own). */
  #span = { start: Number.POSITIVE_INFINITY, end: 0 };
  readonly #records = new Map<string, CheckRecord>();

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
      const cause = didNotRunCause(process.env[DID_NOT_RUN], this.#errors);
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
    const summary = summarise({
      records,
      run: {
        target: settings.baseURL,
        mode: process.env.CONTRACT_MODE_RESOLVED ?? settings.mode ?? 'unknown',
        runId: process.env.CONTRACT_RUN_ID ?? '(merged shards)',
        projects: this.#config?.projects.map((p) => p.name) ?? [],
        ...this.#times(),
        status: result.status,
      },
      rules: loadRules(),
      reasons: RULE_REASONS,
      // Tests this run did not include (another mode's project, another shard) still trace their
      // rules: the static scan of the suite names them.
      staticTests: scanTests(this.#suiteDir),
      codeChecks: platformCodeTests(),
      // V2 apart (decision 028): the preflight's decision, left in the environment by the setup.
      ...v2Context(),
    });
    this.#write('contract-traceability.md', traceabilityReport(summary));
    this.#write('conformance-summary.json', summaryJson(summary));
    this.#write('conformance-summary.md', summaryMarkdown(summary));
    return this.#finishScan(summary.run.runId);
  }

  /** The run's start and end: a merge of shards has no run of its own, so its tests' span. */
  #times(): { started: number; finished: number } {
    return {
      started: Math.min(this.#started.getTime(), this.#span.start),
      finished: Math.max(Date.now(), this.#span.end),
    };
  }

  #write(name: string, text: string): void {
    writeFileSync(join(this.#outputDir, name), text);
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
    let settings: { baseURL: string; mode?: string | undefined } = {
      baseURL: process.env.BASE_URL ?? '',
    };
    try {
      settings = readSettings();
    } catch {
      // The settings themselves were the cause; the summary shows what the environment said.
    }
    const summary = summariseNotRun(cause, {
      target: settings.baseURL || '(unset)',
      mode:
        process.env.CONTRACT_MODE_RESOLVED ??
        settings.mode ??
        process.env.CONTRACT_MODE ??
        '(unset)',
      runId: process.env.CONTRACT_RUN_ID ?? '',
      ...this.#times(),
    });
    this.#write('conformance-summary.json', summaryJson(summary));
    this.#write('conformance-summary.md', summaryMarkdown(summary));
    this.#write('contract-traceability.md', traceabilityReport(summary));
    writeFileSync(this.#reportFile('junit', 'contract-junit.xml'), notRunJUnit(summary));
    const jsonPath = this.#reportFile('json', 'playwright.json');
    const previous = existsSync(jsonPath) ? readFileSync(jsonPath, 'utf8') : undefined;
    writeFileSync(jsonPath, notRunPlaywrightJson(previous, summary));
    // The HTML report too: a person opening it must not read an earlier run's results as this one's.
    const html = this.#htmlFolder();
    rmSync(html, { recursive: true, force: true });
    mkdirSync(html, { recursive: true });
    writeFileSync(join(html, 'index.html'), notRunHtml(summary));
    console.error(
      `\n${summary.title}\n(run status: ${result.status}; reports in ${this.#outputDir}/ say so)`,
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
    writeFileSync(
      path,
      leakCountedPlaywrightJson(
        readFileSync(path, 'utf8'),
        hits.map((h) => h.file),
      ),
    );
  }
}
