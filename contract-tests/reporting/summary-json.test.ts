import { describe, expect, it } from 'vitest';
import { summaryJson } from './summary-json.ts';
import { notRunSummary, runSummary } from './test-summaries.test-helper.ts';

describe('summaryJson', () => {
  it('writes the run, then totals, sources, rules, codes, operations, findings and skips', () => {
    const text = summaryJson(runSummary());
    expect(text.endsWith('}\n')).toBe(true);
    const document = JSON.parse(text);
    expect(Object.keys(document)).toEqual([
      'target',
      'mode',
      'runId',
      'projects',
      'startedAt',
      'finishedAt',
      'durationSeconds',
      'status',
      'totals',
      'sources',
      'rules',
      'platformCodes',
      'operations',
      'softFindings',
      'skipped',
    ]);
    expect(document.durationSeconds).toBe(12.3);
    expect(document.totals).toEqual({
      tests: 6,
      passed: 3,
      failed: 1,
      skipped: 2,
      softFindings: 3,
    });
    expect(document.platformCodes).toEqual({
      total: 3,
      asThePlatform: 0,
      differ: 1,
      failed: 1,
      notInThisRun: 1,
    });
    expect(document.operations[0]).toEqual({
      operation: 'createNote',
      rules: { 'NOTE-1': 'passed', 'NOTE-2': 'skipped' },
      passed: 1,
      failed: 0,
      skipped: 1,
      tests: { passed: 2, failed: 0, skipped: 2 },
    });
  });

  it('leaves out what only the Markdown writers need (traces, code results)', () => {
    const document = JSON.parse(summaryJson(runSummary()));
    expect(document.traces).toBeUndefined();
    expect(document.codeResults).toBeUndefined();
  });

  it('writes a run that did not start as one failed test with its cause', () => {
    expect(JSON.parse(summaryJson(notRunSummary()))).toEqual({
      target: 'https://target.example',
      mode: '(unset)',
      runId: 'run-2',
      startedAt: '2026-01-02T03:04:05.000Z',
      finishedAt: '2026-01-02T03:04:07.345Z',
      durationSeconds: 2.3,
      status: 'did not run',
      didNotRun: 'the service said <b>"no" & left</b>',
      totals: { tests: 1, passed: 0, failed: 1, skipped: 0, softFindings: 0 },
      operations: [],
      softFindings: [],
      skipped: [],
    });
  });
});
