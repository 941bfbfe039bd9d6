/**
 * The replay's fidelity report as pure functions of one value (decision 029, Replay; decision 023
 * for pure report writers): JSON, Markdown, HTML and JUnit through the suite's own JUnit writer
 * and escaping, as `check` writes its reports. Per operation: exchanges answered the same and
 * differently; each differing exchange with its differences (JSON pointer, both values masked
 * when they were taken, and why no noise rule applied); the noise rules and why each is noise.
 */
import { type JUnitCase, junitXml } from '../contract-tests/reporting/junit-xml.ts';
import { escapeMarkup } from '../contract-tests/reporting/markup.ts';
import type { DifferingExchange, FidelityResult } from './fidelity-result.ts';

/** What a fidelity report shows: the recordings, the target, when, and what the replay found. */
export interface FidelityReport {
  inputs: string[];
  /** The target's origin (never a credential). */
  target: string;
  /** Epoch milliseconds. */
  started: number;
  finished: number;
  result: FidelityResult;
}

/** The headline a CI log, a person and every format start with. */
export function fidelityHeadline(report: FidelityReport): string {
  const r = report.result;
  const share = r.exchanges === 0 ? 100 : Math.floor((r.same / r.exchanges) * 1000) / 10;
  return `${r.exchanges} exchanges replayed against ${report.target}: ${r.same} answered the same (${share}%), ${r.different} differently${r.setup ? `; ${r.setup} requests added to obtain a token` : ''}${r.controlExchanges ? `; ${r.controlExchanges} control API calls replayed, not judged` : ''}${r.control ? '' : '; the target has no control API: not reset, clock not set'}`;
}

/** The whole report as JSON. */
export function fidelityJson(report: FidelityReport): string {
  return `${JSON.stringify(
    {
      inputs: report.inputs,
      target: report.target,
      started: new Date(report.started).toISOString(),
      finished: new Date(report.finished).toISOString(),
      ...report.result,
    },
    null,
    2,
  )}\n`;
}

/** Table cells keep pipes and newlines out of the table's structure. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

const noiseText = (noise: Record<string, number>) =>
  Object.entries(noise)
    .map(([rule, n]) => `${rule} ${n}x`)
    .join(', ') || '-';

const title = (d: DifferingExchange) =>
  `#${d.index} ${d.operation}: ${d.request} (recorded ${d.recordedStatus}, replayed ${d.replayedStatus})${d.note ? `; ${d.note}` : ''}`;

/** The report as Markdown: the headline, a row per operation, each differing exchange, the rules. */
export function fidelityMarkdown(report: FidelityReport): string {
  const r = report.result;
  const lines = [
    '# Data-Import replay fidelity',
    '',
    `${fidelityHeadline(report)}. Recordings: ${report.inputs.map((i) => `\`${i}\``).join(', ')}.`,
    '',
    '| Operation | Exchanges | Same | Different | Noise rules applied |',
    '|---|---|---|---|---|',
    ...r.operations.map(
      (o) =>
        `| ${cell(o.operation)} | ${o.exchanges} | ${o.same} | ${o.different} | ${noiseText(o.noise)} |`,
    ),
    '',
  ];
  if (r.differing.length > 0) lines.push('## Answered differently', '');
  for (const d of r.differing) {
    lines.push(
      `### ${cell(title(d))}`,
      '',
      '| Pointer | Recorded | Replayed | Why |',
      '|---|---|---|---|',
    );
    for (const x of d.differences) {
      lines.push(
        `| \`${cell(x.pointer)}\` | \`${cell(x.recorded)}\` | \`${cell(x.replayed)}\` | ${cell(x.why)} |`,
      );
    }
    if (d.more) lines.push(`| ... | | | ${d.more} more differences not kept |`);
    lines.push('');
  }
  if (r.omitted) lines.push(`${r.omitted} further differing exchanges were counted, not kept.`, '');
  lines.push('## Noise rules', '', ...r.rules.map((n) => `- \`${n.rule}\`: ${n.why}`), '');
  return lines.join('\n');
}

/** The report as one HTML page: the headline, the table of operations, differences folded. */
export function fidelityHtml(report: FidelityReport): string {
  const r = report.result;
  const rows = r.operations.map(
    (o) =>
      `<tr><td>${escapeMarkup(o.operation)}</td><td>${o.exchanges}</td><td>${o.same}</td><td>${o.different}</td><td>${escapeMarkup(noiseText(o.noise))}</td></tr>`,
  );
  const differing = r.differing.map(
    (d) =>
      `<details open><summary>${escapeMarkup(title(d))}</summary><table><thead><tr><th>Pointer</th><th>Recorded</th><th>Replayed</th><th>Why</th></tr></thead><tbody>${d.differences
        .map(
          (x) =>
            `<tr><td><code>${escapeMarkup(x.pointer)}</code></td><td><code>${escapeMarkup(x.recorded)}</code></td><td><code>${escapeMarkup(x.replayed)}</code></td><td>${escapeMarkup(x.why)}</td></tr>`,
        )
        .join('')}</tbody></table></details>`,
  );
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Data-Import replay fidelity</title></head>',
    '<body><main>',
    '<h1>Data-Import replay fidelity</h1>',
    `<p>${escapeMarkup(fidelityHeadline(report))}. Recordings: ${escapeMarkup(report.inputs.join(', '))}.</p>`,
    `<table><thead><tr><th>Operation</th><th>Exchanges</th><th>Same</th><th>Different</th><th>Noise rules applied</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    differing.length ? `<h2>Answered differently</h2>${differing.join('')}` : '',
    `<h2>Noise rules</h2><ul>${r.rules.map((n) => `<li><code>${escapeMarkup(n.rule)}</code>: ${escapeMarkup(n.why)}</li>`).join('')}</ul>`,
    '</main></body></html>',
    '',
  ].join('\n');
}

/**
 * The report as JUnit: one suite per operation, one failing case per differing exchange kept,
 * and one passing case for the exchanges answered the same.
 */
export function fidelityJUnit(report: FidelityReport): string {
  const r = report.result;
  const suites = r.operations.map((o) => {
    const cases: JUnitCase[] = r.differing
      .filter((d) => d.operation === o.operation)
      .map((d) => ({
        name: title(d),
        classname: o.operation,
        time: 0,
        failure: {
          message: `${d.differences.length + d.more} differences, first at ${d.differences[0]?.pointer ?? '/'}`,
          type: 'replay:different',
          text: d.differences
            .map((x) => `${x.pointer}: recorded ${x.recorded}, replayed ${x.replayed} (${x.why})`)
            .join('\n'),
        },
      }));
    if (o.same > 0) {
      cases.push({
        name: `${o.same} exchanges answered the same`,
        classname: o.operation,
        time: 0,
      });
    }
    return {
      name: o.operation,
      timestamp: new Date(report.started).toISOString(),
      hostname: 'data-import-traffic',
      time: 0,
      cases,
    };
  });
  return junitXml({
    name: 'data-import-traffic replay',
    time: (report.finished - report.started) / 1000,
    suites,
  });
}
