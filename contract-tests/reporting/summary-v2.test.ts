import { describe, expect, it } from 'vitest';
import { type CheckRecord, v2SummaryOf } from './summary.ts';
import { summaryJson } from './summary-json.ts';
import { summaryMarkdown } from './summary-markdown.ts';
import { runSummary } from './test-summaries.test-helper.ts';

const OPS = ['scheduleV2AccountCreation', 'getV2AccountImportStatus', 'validateV2Account'];

function check(over: Partial<CheckRecord> & Pick<CheckRecord, 'operation' | 'title'>): CheckRecord {
  return { project: 'v2', rules: [], outcome: 'passed', softFindings: [], ...over };
}

const records = [
  check({ operation: 'createNote', title: '[NOTE-1] notes', rules: ['NOTE-1'], project: 'mock' }),
  check({
    operation: 'scheduleV2AccountCreation',
    title: '[x-source: platform] [schedule_window_start_in_past] refused',
  }),
  check({
    operation: 'getV2AccountImportStatus',
    title: '[x-source: platform] [PENDING] [PROCESSED] life',
    outcome: 'failed',
  }),
  check({
    operation: 'getV2AccountImportStatus',
    title: '[x-source: platform] [PROCESSED] listed by v1',
    softFindings: [{ source: 'kit', finding: 'k' }],
  }),
];

describe('the summary’s V2 section (decision 028)', () => {
  it('counts the V2 operations’ checks apart, and judges each platform name its titles cite', () => {
    const v2 = v2SummaryOf(records, { served: true, why: 'probed', operations: OPS });
    expect(v2.tests).toEqual({ total: 3, passed: 2, failed: 1, skipped: 0, softFindings: 1 });
    expect(v2.operations).toEqual([
      { operation: 'scheduleV2AccountCreation', passed: 1, failed: 0, skipped: 0 },
      { operation: 'getV2AccountImportStatus', passed: 1, failed: 1, skipped: 0 },
      { operation: 'validateV2Account', passed: 0, failed: 0, skipped: 0 },
    ]);
    expect(v2.names).toEqual([
      ['schedule_window_start_in_past', 'passed'],
      ['PENDING', 'failed'],
      ['PROCESSED', 'failed'],
    ]);
  });

  it('writes a V2 line and section in the Markdown and a v2 key in the JSON', () => {
    const v2 = v2SummaryOf(records, { served: true, why: 'probed', operations: OPS });
    const summary = { ...runSummary(), v2 };
    const text = summaryMarkdown(summary);
    expect(text).toContain(
      '- V2 (the platform’s account import, hard on the platform’s document): 3 tests (2 passed, 1 failed, 0 skipped; 1 soft findings of the kit), served: probed\n',
    );
    expect(text).toContain('## V2 account import (x-source: platform)');
    expect(text).toContain('| getV2AccountImportStatus | 1 | 1 | 0 |\n');
    expect(text).toContain('not passed: PENDING (failed), PROCESSED (failed).');
    expect(JSON.parse(summaryJson(summary)).v2.tests.failed).toBe(1);
  });

  it('says V2 did not run when the target does not serve it, without a section', () => {
    const v2 = v2SummaryOf([], { served: false, why: 'CONTRACT_V2=off', operations: OPS });
    const text = summaryMarkdown({ ...runSummary(), v2 });
    expect(text).toContain(
      '- V2 (the platform’s account import): not run, the target does not serve it (CONTRACT_V2=off)\n',
    );
    expect(text).not.toContain('## V2 account import');
  });

  it('leaves V2 out of a summary whose run did not decide about it', () => {
    expect(summaryMarkdown(runSummary())).not.toContain('V2');
    expect(JSON.parse(summaryJson(runSummary())).v2).toBeUndefined();
  });
});
