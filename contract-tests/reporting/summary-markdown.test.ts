import { describe, expect, it } from 'vitest';
import { findingKinds, summaryMarkdown } from './summary-markdown.ts';
import { notRunSummary, runSummary } from './test-summaries.test-helper.ts';

describe('summaryMarkdown', () => {
  it('heads the page with the run, the counts and the rules by source', () => {
    const lines = summaryMarkdown(runSummary()).split('\n');
    expect(lines.slice(0, 9)).toEqual([
      '# Data-Import conformance summary',
      '',
      '- Target: https://target.example',
      '- Mode: safe',
      '- Run: run-1, started 2026-01-02T03:04:05.000Z, 12.3 s, failed',
      '- Tests: 6 (3 passed, 1 failed, 2 skipped)',
      '- Rules of the interface reference (hard): 2 passed, 1 failed (per operation below)',
      '- Soft findings, never a failure against a target other than the kit’s mock: 2 resting on the real platform’s published document, 1 on the kit’s own assumptions',
      '- Rules: 5 in the reference, 4 with tests, 1 with a stated reason (reports/contract-traceability.md)',
    ]);
  });

  it('lists per operation the rules that did not pass, and a dash when all passed', () => {
    const text = summaryMarkdown(runSummary());
    expect(text).toContain('| createNote | 1 | 0 | 1 | NOTE-2 (skipped) |\n');
    expect(text).toContain('| stageAccount | 1 | 1 | 0 | STG-2 (failed) |\n');
    expect(text).not.toContain('## Traceability problems');
  });

  it('lists each kind of soft finding once under its source, and the skip reasons with counts', () => {
    const text = summaryMarkdown(runSummary());
    expect(text).toContain(
      '## Soft findings: the real platform’s published document\n\nChecks resting on the real platform’s published document',
    );
    expect(text).toContain(
      '- 2 x expected 400 then more (for example: createNote › [NOTE-1] notes)\n',
    );
    expect(text).toContain('## Soft findings: the kit’s own assumptions');
    expect(text).toContain('- 1 x kit rule (for example: createNote › [NOTE-1] notes)\n');
    expect(text.endsWith('## Skipped\n\n- 1 x safe mode\n- 1 x (no reason)\n')).toBe(true);
  });

  it('leaves out the sections that have nothing to show', () => {
    const summary = runSummary();
    const text = summaryMarkdown({ ...summary, softFindings: [], skipped: [] });
    expect(text).not.toContain('## Soft findings');
    expect(text).not.toContain('## Skipped');
    expect(text.endsWith('| stageAccount | 1 | 1 | 0 | STG-2 (failed) |\n')).toBe(true);
  });

  it('lists the traceability problems when there are some', () => {
    const summary = runSummary();
    const text = summaryMarkdown({
      ...summary,
      rules: { ...summary.rules, traceabilityProblems: ['A test cites ZZZ-1.'] },
    });
    expect(text).toContain('\n\n## Traceability problems\n\n- A test cites ZZZ-1.\n');
  });

  it('says of a run that did not start that no rule was checked, with its cause', () => {
    expect(summaryMarkdown(notRunSummary())).toBe(
      [
        '# Data-Import conformance summary',
        '',
        '**did not run: the service said <b>"no" & left</b>**',
        '',
        '- Target: https://target.example',
        '- Mode: (unset)',
        '- Run: run-2, started 2026-01-02T03:04:05.000Z, 2.3 s, did not run',
        '- Tests: 1 (0 passed, 1 failed): the preflight; no rule was checked.',
        '',
      ].join('\n'),
    );
  });
});

describe('findingKinds', () => {
  it('keys a finding by its text without received values and stack lines, cut at 300 characters', () => {
    const kinds = findingKinds([
      { test: 'a', source: 'kit', finding: 'same\n  Received: 1' },
      { test: 'b', source: 'kit', finding: 'same\n    at f (x.ts:2)' },
      { test: 'c', source: 'kit', finding: 'x'.repeat(400) },
    ]);
    expect([...kinds]).toEqual([
      ['same', { count: 2, test: 'a' }],
      ['x'.repeat(300), { count: 1, test: 'c' }],
    ]);
  });
});
