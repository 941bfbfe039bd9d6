/**
 * The writer of reports/conformance-summary.md, the one page a person reads after a run: the
 * target, mode and time, the reference's rules per operation (hard), and the soft findings apart
 * by source, each kind of divergence once with how often it was met.
 */
import { SOURCE_NAMES, type SoftSource } from '../support/sources.ts';
import {
  isNotRun,
  type LabelledFinding,
  type NotRunSummary,
  type RunSummary,
  type Summary,
  type V2Summary,
} from './summary.ts';

/** What each source's section says its findings rest on. */
const INTRO: Record<SoftSource, string> = {
  platform:
    'Checks resting on the real platform’s published document, where the reference is silent; the target differs from the platform here.',
  kit: 'Checks resting on the kit’s own assumptions (`x-kit-assumption`), where the reference and the platform document are both silent.',
};

/** The V2 line of the head: whether it ran and how its checks ended (decision 028). */
function v2Line(v2: V2Summary): string {
  const t = v2.tests;
  return v2.served
    ? `- V2 (the platform’s account import, hard on the platform’s document): ${t.total} tests (${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped; ${t.softFindings} soft findings of the kit), served: ${v2.why}`
    : `- V2 (the platform’s account import): not run, the target does not serve it (${v2.why})`;
}

/** The V2 section: per operation, and each platform name its titles cite with its verdict. */
function v2Section(v2: V2Summary | undefined): string[] {
  if (!v2?.served) return [];
  const names = v2.names.filter(([, o]) => o !== 'passed');
  return [
    '',
    '## V2 account import (x-source: platform)',
    '',
    'The interface reference is silent on V2: the platform’s published document is its only source, so its statements are hard; the kit’s readings are soft outside mock mode.',
    '',
    '| Operation | Passed | Failed | Skipped |',
    '| --- | --- | --- | --- |',
    ...v2.operations.map((o) => `| ${o.operation} | ${o.passed} | ${o.failed} | ${o.skipped} |`),
    '',
    `Platform codes, statuses and events checked: ${v2.names.length}, ${v2.names.length - names.length} passed${names.length ? `; not passed: ${names.map(([n, o]) => `${n} (${o})`).join(', ')}` : ''}.`,
  ];
}

function head(summary: RunSummary): string[] {
  const { run, totals: t, sources } = summary;
  return [
    '# Data-Import conformance summary',
    '',
    `- Target: ${run.target}`,
    `- Mode: ${run.mode}`,
    `- Run: ${run.runId}, started ${run.startedAt}, ${run.durationSeconds} s, ${run.status}`,
    `- Tests: ${t.tests} (${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped)`,
    `- Rules of ${SOURCE_NAMES.reference}: ${sources.reference.passedRules} passed, ${sources.reference.failedRules} failed (per operation below)`,
    `- Soft findings, never a failure against a target other than the kit’s mock: ${sources.platform.softFindings} resting on ${SOURCE_NAMES.platform}, ${sources.kit.softFindings} on ${SOURCE_NAMES.kit}`,
    `- Rules: ${summary.rules.total} in the reference, ${summary.rules.withTests} with tests, ${summary.rules.withReason} with a stated reason (reports/contract-traceability.md)`,
    ...(summary.v2 ? [v2Line(summary.v2)] : []),
  ];
}

function operationsTable(summary: RunSummary): string[] {
  const lines = [
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
  return lines;
}

/**
 * The same divergence shows in many checks: each kind once, keyed by its text without the
 * received value and stack lines, with how often and the first check it was met in.
 */
export function findingKinds(
  findings: LabelledFinding[],
): Map<string, { count: number; test: string }> {
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
  return kinds;
}

function softSections(summary: RunSummary): string[] {
  const lines: string[] = [];
  for (const source of ['platform', 'kit'] as const) {
    const findings = summary.softFindings.filter((f) => f.source === source);
    if (!findings.length) continue;
    lines.push(
      '',
      `## Soft findings: ${SOURCE_NAMES[source]}`,
      '',
      INTRO[source],
      '',
      ...[...findingKinds(findings)].map(
        ([finding, { count, test }]) => `- ${count} x ${finding} (for example: ${test})`,
      ),
    );
  }
  return lines;
}

function skippedSection(summary: RunSummary): string[] {
  const reasons = new Map<string, number>();
  for (const s of summary.skipped) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + 1);
  if (!reasons.size) return [];
  return [
    '',
    '## Skipped',
    '',
    ...[...reasons.entries()].map(([reason, n]) => `- ${n} x ${reason || '(no reason)'}`),
  ];
}

function runMarkdown(summary: RunSummary): string {
  const problems = summary.rules.traceabilityProblems;
  return `${[
    ...head(summary),
    '',
    ...operationsTable(summary),
    ...v2Section(summary.v2),
    ...(problems.length
      ? ['', '## Traceability problems', '', ...problems.map((p) => `- ${p}`)]
      : []),
    ...softSections(summary),
    ...skippedSection(summary),
  ].join('\n')}\n`;
}

function notRunMarkdown(summary: NotRunSummary): string {
  const { run } = summary;
  return [
    '# Data-Import conformance summary',
    '',
    `**${summary.title}**`,
    '',
    `- Target: ${run.target}`,
    `- Mode: ${run.mode}`,
    `- Run: ${run.runId}, started ${run.startedAt}, ${run.durationSeconds} s, did not run`,
    '- Tests: 1 (0 passed, 1 failed): the preflight; no rule was checked.',
    '',
  ].join('\n');
}

/** The Markdown summary of a run. */
export function summaryMarkdown(summary: Summary): string {
  return isNotRun(summary) ? notRunMarkdown(summary) : runMarkdown(summary);
}
