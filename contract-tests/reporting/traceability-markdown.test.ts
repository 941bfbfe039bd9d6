import { describe, expect, it } from 'vitest';
import { notRunSummary, runSummary } from './test-summaries.test-helper.ts';
import { platformCodesMarkdown, traceabilityReport } from './traceability-markdown.ts';

describe('traceabilityReport', () => {
  it('heads the table with the run and counts rules with tests, reasons and neither', () => {
    const text = traceabilityReport(runSummary());
    expect(
      text.startsWith(
        '# Contract suite traceability\n\nRun run-1: target https://target.example, mode safe, 2026-01-02T03:04:17.345Z.\n',
      ),
    ).toBe(true);
    expect(text).toContain('5 rules; 4 with tests; 1 with a stated reason; 0 with neither.');
    expect(text).not.toContain('## Problems');
  });

  it('writes one row per rule, escaping pipes, with a dash for a rule without tests', () => {
    const text = traceabilityReport(runSummary());
    expect(text).toContain('| STG-1 | stageAccount › [STG-1] stages (mock: passed) |  |\n');
    expect(text).toContain(
      '| STG-2 | stageAccount › [STG-2] refuses \\| pipes (mock: failed) |  |\n',
    );
    expect(text).toContain(
      '| NOTE-1 | createNote › [NOTE-1] notes (mock: passed)<br>createNote › [NOTE-1] notes again (mock: passed) |  |\n',
    );
    expect(text).toContain('| GEN-10 (open) | — | open: left \\| open |\n');
  });

  it('lists the problems first when there are some', () => {
    const summary = runSummary();
    const text = traceabilityReport({
      ...summary,
      rules: { ...summary.rules, traceabilityProblems: ['STG-9 has no test.'] },
    });
    expect(text).toContain('## Problems\n\n- STG-9 has no test.\n\n5 rules;');
  });

  it('ends with the platform codes section', () => {
    const text = traceabilityReport(runSummary());
    expect(text.endsWith(`\n${platformCodesMarkdown(runSummary().codeResults)}`)).toBe(true);
  });

  it('says of a run that did not start that no rule was checked', () => {
    expect(traceabilityReport(notRunSummary())).toBe(
      '# Traceability\n\n**did not run: the service said <b>"no" & left</b>**: no rule was checked in this run.\n',
    );
  });
});

describe('platformCodesMarkdown', () => {
  it('counts the codes by result and lists them by code', () => {
    expect(platformCodesMarkdown(runSummary().codeResults)).toBe(
      [
        '## Platform validator codes',
        '',
        "3 codes the real platform's validators raise (spec/PLATFORM.md); 2 checked by an invalid twin in this run: 0 answered as the platform does, 1 differently (soft findings: the reference is silent), 1 failed.",
        '',
        '| code | this run |',
        '| --- | --- |',
        '| a_code | failed |',
        '| m_code | not in this run |',
        '| z_code | differs (soft) |',
        '',
      ].join('\n'),
    );
  });
});
