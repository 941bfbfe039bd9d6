/**
 * The writer of the HTML report's page for a run that did not start: a person opening
 * reports/contract-html must not read an earlier run's results as this one's. (Playwright's HTML
 * reporter writes the page of a run that ran.)
 */
import { escapeMarkup } from './markup.ts';
import type { NotRunSummary } from './summary.ts';

/** The index.html of a run that did not start: the cause, the target, the mode and the time. */
export function notRunHtml(summary: NotRunSummary): string {
  const { run, title } = summary;
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><title>Data-Import contract suite: did not run</title></head>',
    '<body><main>',
    '<h1>Data-Import contract suite</h1>',
    `<p><strong>${escapeMarkup(title)}</strong></p>`,
    `<p>Target: ${escapeMarkup(run.target)}. Mode: ${escapeMarkup(run.mode)}. Started ${run.startedAt}; no rule was checked (1 test, 1 failed: the preflight).</p>`,
    '</main></body></html>',
    '',
  ].join('\n');
}
