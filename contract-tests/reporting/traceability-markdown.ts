/**
 * The writer of reports/contract-traceability.md: every rule of the reference with the checks
 * that trace it in this run (or the suite's tests this run did not include, or the reviewed
 * reason it has none), then the platform validator codes and how the target answered them
 * (decision 015).
 */
import type { RuleTrace } from '../support/traceability.ts';
import { type CodeResult, isNotRun, type RunSummary, type Summary } from './summary.ts';

/** The rule table, headed by `heading` (which run, which target). */
export function traceabilityMarkdown(
  traces: RuleTrace[],
  problems: string[],
  heading: string,
): string {
  const lines = [
    '# Contract suite traceability',
    '',
    heading,
    '',
    'Every rule of `docs/reference/rules.md` with the tests that check it. Rules that cannot be',
    'checked from outside, and open rules, carry the reviewed reason from',
    '`contract-tests/untestable-rules.ts`.',
    '',
  ];
  if (problems.length) {
    lines.push('## Problems', '', ...problems.map((p) => `- ${p}`), '');
  }
  const covered = traces.filter((t) => t.tests.length).length;
  const withReason = traces.filter((t) => t.reason).length;
  lines.push(
    `${traces.length} rules; ${covered} with tests; ${withReason} with a stated reason; ${
      traces.filter((t) => !t.tests.length && !t.reason).length
    } with neither.`,
    '',
    '| Rule | Tests | Reason |',
    '| --- | --- | --- |',
  );
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  for (const t of traces) {
    lines.push(
      `| ${t.rule.id}${t.rule.open ? ' (open)' : ''} | ${
        t.tests.length ? t.tests.map(cell).join('<br>') : '—'
      } | ${t.reason ? `${t.reason.kind}: ${cell(t.reason.reason)}` : ''} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The platform codes section: the codes the real platform's validators raise (spec/PLATFORM.md),
 * how many this run checked, and each code's result, by code. Against the kit's mock a code is a
 * hard check; against another target a difference is soft, so this shows how far a target
 * follows the real platform where the reference is silent.
 */
export function platformCodesMarkdown(results: [string, CodeResult][]): string {
  const count = (what: CodeResult) => results.filter(([, r]) => r === what).length;
  const lines = [
    '## Platform validator codes',
    '',
    `${results.length} codes the real platform's validators raise (spec/PLATFORM.md); ` +
      `${results.length - count('not in this run')} checked by an invalid twin in this run: ` +
      `${count('as the platform')} answered as the platform does, ${count('differs (soft)')} differently ` +
      `(soft findings: the reference is silent), ${count('failed')} failed.`,
    '',
    '| code | this run |',
    '| --- | --- |',
    ...[...results].sort(([a], [b]) => a.localeCompare(b)).map(([c, r]) => `| ${c} | ${r} |`),
    '',
  ];
  return lines.join('\n');
}

function runTraceability(summary: RunSummary): string {
  const { run } = summary;
  return `${traceabilityMarkdown(
    summary.traces,
    summary.rules.traceabilityProblems,
    `Run ${run.runId}: target ${run.target}, mode ${run.mode}, ${run.finishedAt}.`,
  )}\n${platformCodesMarkdown(summary.codeResults)}`;
}

/** The traceability report of a run; a run that did not start says that no rule was checked. */
export function traceabilityReport(summary: Summary): string {
  if (isNotRun(summary)) {
    return `# Traceability\n\n**${summary.title}**: no rule was checked in this run.\n`;
  }
  return runTraceability(summary);
}
