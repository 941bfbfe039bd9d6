/**
 * The traffic checker's reports as pure functions of one value (decision 029, as decision 023
 * made the suite's): JSON, Markdown, JUnit (through the suite's own JUnit writer), SARIF 2.1.0 and
 * HTML. Every sample in them was masked when it was taken (mask.ts), and all text from the
 * traffic is escaped for the format it goes into.
 */
import { type JUnitCase, junitXml } from '../contract-tests/reporting/junit-xml.ts';
import { escapeMarkup } from '../contract-tests/reporting/markup.ts';
import type { CheckerResult } from './checker.ts';
import type { FindingGroup } from './findings.ts';

/** What a report shows: the inputs read, when, and what the checker found. */
export interface TrafficReport {
  inputs: string[];
  /** Epoch milliseconds. */
  started: number;
  finished: number;
  result: CheckerResult;
}

const countOf = (groups: FindingGroup[], severity: FindingGroup['severity']) =>
  groups.filter((g) => g.severity === severity).reduce((n, g) => n + g.count, 0);

/** The counts a CI job or a person reads first. */
export function totals(report: TrafficReport) {
  const { groups, exchanges, dropped } = report.result;
  return {
    exchanges,
    errors: countOf(groups, 'error'),
    warnings: countOf(groups, 'warning'),
    groups: groups.length,
    dropped,
  };
}

/** The whole report as JSON (operations as an object of counts, in order of first sight). */
export function trafficJson(report: TrafficReport): string {
  return `${JSON.stringify(
    {
      inputs: report.inputs,
      started: new Date(report.started).toISOString(),
      finished: new Date(report.finished).toISOString(),
      totals: totals(report),
      operations: [...report.result.operations].map(([operation, exchanges]) => ({
        operation,
        exchanges,
      })),
      findings: report.result.groups,
    },
    null,
    2,
  )}\n`;
}

/** Table cells keep pipes and newlines out of the table's structure. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

/** The report as Markdown: totals, then one row per group, then the first samples. */
export function trafficMarkdown(report: TrafficReport): string {
  const t = totals(report);
  const lines = [
    '# Data-Import traffic conformance',
    '',
    `${t.exchanges} exchanges from ${report.inputs.map((i) => `\`${i}\``).join(', ')}: ${t.errors} error findings, ${t.warnings} warnings in ${t.groups} groups${t.dropped ? ` (${t.dropped} findings beyond the group cap not kept)` : ''}.`,
    '',
  ];
  if (report.result.groups.length === 0) return `${lines.join('\n')}No finding.\n`;
  lines.push(
    '| Severity | Rule | Source | Operation | Pointer | Count | First finding |',
    '|---|---|---|---|---|---|---|',
  );
  for (const g of report.result.groups) {
    lines.push(
      `| ${g.severity} | ${cell(g.rule)} | ${g.source} | ${cell(g.operation)} | \`${cell(g.pointer)}\` | ${g.count} | ${cell(g.first.message)} |`,
    );
  }
  lines.push('', '## Samples (masked)', '');
  for (const g of report.result.groups) {
    lines.push(
      `### ${cell(g.rule)} ${cell(g.operation)} \`${cell(g.pointer)}\``,
      '',
      '```',
      g.first.excerpt.replace(/```/g, "'''"),
      '```',
      '',
    );
  }
  return lines.join('\n');
}

/** The report as JUnit: one suite per operation, one case per group; errors are failures. */
export function trafficJUnit(report: TrafficReport): string {
  const byOperation = new Map<string, JUnitCase[]>();
  for (const g of report.result.groups) {
    const cases = byOperation.get(g.operation) ?? [];
    cases.push({
      name: `[${g.rule}] ${g.severity}: ${g.first.message} at ${g.pointer || '/'} (${g.count}x)`,
      classname: g.operation,
      time: 0,
      ...(g.severity === 'error'
        ? { failure: { message: g.first.message, type: g.rule, text: g.first.excerpt } }
        : {}),
    });
    byOperation.set(g.operation, cases);
  }
  const seconds = (report.finished - report.started) / 1000;
  return junitXml({
    name: 'data-import-traffic',
    time: seconds,
    suites: [...byOperation].map(([name, cases]) => ({
      name,
      timestamp: new Date(report.started).toISOString(),
      hostname: 'data-import-traffic',
      time: 0,
      cases,
    })),
  });
}

/** The report as SARIF 2.1.0: one rule per rule ID, one result per group. */
export function trafficSarif(report: TrafficReport): string {
  const ruleIds = [...new Set(report.result.groups.map((g) => g.rule))];
  return `${JSON.stringify(
    {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [
        {
          tool: { driver: { name: 'data-import-traffic', rules: ruleIds.map((id) => ({ id })) } },
          artifacts: report.inputs.map((uri) => ({ location: { uri } })),
          results: report.result.groups.map((g) => ({
            ruleId: g.rule,
            ruleIndex: ruleIds.indexOf(g.rule),
            level: g.severity,
            message: { text: `${g.first.message} (${g.count} exchanges, source: ${g.source})` },
            locations: [
              {
                logicalLocations: [
                  { name: g.pointer || '/', fullyQualifiedName: `${g.operation}${g.pointer}` },
                ],
              },
            ],
            partialFingerprints: { group: `${g.rule}/${g.operation}/${g.pointer}` },
            properties: {
              source: g.source,
              count: g.count,
              firstSample: g.first.excerpt,
              lastSample: g.last.excerpt,
            },
          })),
        },
      ],
    },
    null,
    2,
  )}\n`;
}

/** The report as one HTML page: totals, a table of groups, each group's samples folded. */
export function trafficHtml(report: TrafficReport): string {
  const t = totals(report);
  const rows = report.result.groups.map(
    (g) =>
      `<tr><td>${g.severity}</td><td>${escapeMarkup(g.rule)}</td><td>${g.source}</td><td>${escapeMarkup(g.operation)}</td><td><code>${escapeMarkup(g.pointer)}</code></td><td>${g.count}</td><td>${escapeMarkup(g.first.message)}<details><summary>samples (masked)</summary><pre>${escapeMarkup(g.first.excerpt)}</pre><pre>${escapeMarkup(g.last.excerpt)}</pre></details></td></tr>`,
  );
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Data-Import traffic conformance</title></head>',
    '<body><main>',
    '<h1>Data-Import traffic conformance</h1>',
    `<p>${t.exchanges} exchanges from ${escapeMarkup(report.inputs.join(', '))}: ${t.errors} error findings, ${t.warnings} warnings in ${t.groups} groups.</p>`,
    rows.length === 0
      ? '<p>No finding.</p>'
      : `<table><thead><tr><th>Severity</th><th>Rule</th><th>Source</th><th>Operation</th><th>Pointer</th><th>Count</th><th>First finding</th></tr></thead><tbody>${rows.join('')}</tbody></table>`,
    '</main></body></html>',
    '',
  ].join('\n');
}
