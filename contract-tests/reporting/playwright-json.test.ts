import { describe, expect, it } from 'vitest';
import { leakCountedPlaywrightJson, notRunPlaywrightJson } from './playwright-json.ts';
import { notRunSummary } from './test-summaries.test-helper.ts';

const previous = JSON.stringify({
  config: { workers: 2 },
  suites: [{ title: 'an earlier run' }],
  errors: [],
  stats: { startTime: 'then', expected: 270, unexpected: 2, skipped: 2, flaky: 1 },
});

describe('notRunPlaywrightJson', () => {
  it('replaces suites, errors and counts with the preflight’s one failure, keeping the rest in place', () => {
    const report = JSON.parse(notRunPlaywrightJson(previous, notRunSummary()));
    expect(Object.keys(report)).toEqual(['config', 'suites', 'errors', 'stats']);
    expect(report.config).toEqual({ workers: 2 });
    expect(report.stats).toEqual({
      startTime: 'then',
      expected: 0,
      unexpected: 1,
      skipped: 0,
      flaky: 0,
    });
    const title = 'did not run: the service said <b>"no" & left</b>';
    expect(report.errors).toEqual([{ message: title }]);
    expect(report.suites).toHaveLength(1);
    const [suite] = report.suites;
    expect(suite.title).toBe('preflight');
    expect(suite.specs[0].title).toBe(title);
    expect(suite.specs[0].ok).toBe(false);
    const [test] = suite.specs[0].tests;
    expect(test.status).toBe('unexpected');
    expect(test.results[0]).toMatchObject({
      status: 'failed',
      duration: 2345,
      error: { message: title },
      startTime: '2026-01-02T03:04:05.000Z',
    });
  });

  it('writes a report of its own when Playwright wrote none', () => {
    const report = JSON.parse(notRunPlaywrightJson(undefined, notRunSummary()));
    expect(Object.keys(report)).toEqual(['suites', 'errors', 'stats']);
    expect(report.stats).toEqual({ expected: 0, skipped: 0, unexpected: 1, flaky: 0 });
  });
});

describe('leakCountedPlaywrightJson', () => {
  it('counts a leak as one unexpected test more and names the files', () => {
    const report = JSON.parse(leakCountedPlaywrightJson(previous, ['a.xml', 'b.html']));
    expect(report.stats.unexpected).toBe(3);
    expect(report.stats.expected).toBe(270);
    expect(report.errors).toEqual([{ message: 'Secrets found in reports: a.xml, b.html' }]);
    expect(report.suites).toEqual([{ title: 'an earlier run' }]);
  });

  it('counts from zero when the report has no counts yet', () => {
    const report = JSON.parse(leakCountedPlaywrightJson('{}', ['a.xml']));
    expect(report).toEqual({
      stats: { unexpected: 1 },
      errors: [{ message: 'Secrets found in reports: a.xml' }],
    });
  });
});
