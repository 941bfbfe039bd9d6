import { describe, expect, it } from 'vitest';
import type { Rule } from '../../spec/rules.ts';
import {
  type CheckRecord,
  checksByRule,
  codeResultsOf,
  didNotRunCause,
  isNotRun,
  operationsOf,
  type SummaryInput,
  summarise,
  summariseNotRun,
  verdict,
} from './summary.ts';

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);

const rule = (id: string, open = false): Rule => ({ id, group: id.split('-')[0]!, text: id, open });

function check(over: Partial<CheckRecord> & Pick<CheckRecord, 'title'>): CheckRecord {
  return {
    project: 'mock',
    operation: 'stageAccount',
    rules: [...over.title.matchAll(/\[([A-Z]+-\d+)\]/g)].map((m) => m[1]!),
    outcome: 'passed',
    softFindings: [],
    ...over,
  };
}

function input(records: CheckRecord[], over: Partial<SummaryInput> = {}): SummaryInput {
  return {
    records,
    run: {
      target: 'https://target.example',
      mode: 'safe',
      runId: 'run-1',
      projects: ['mock', 'prism'],
      started: T0,
      finished: T0 + 12_345,
      status: 'failed',
    },
    rules: [rule('STG-1'), rule('STG-2'), rule('NOTE-1'), rule('NOTE-2')],
    reasons: {},
    staticTests: [],
    codeChecks: new Map(),
    ...over,
  };
}

describe('verdict', () => {
  it('fails a rule when any check failed, passes it when one passed, else skips it', () => {
    expect(verdict(['passed', 'failed', 'skipped'])).toBe('failed');
    expect(verdict(['skipped', 'passed'])).toBe('passed');
    expect(verdict(['skipped', 'skipped'])).toBe('skipped');
  });
});

describe('operationsOf', () => {
  it('groups rules by operation, sorted by name, with counts of rules and of checks', () => {
    const ops = operationsOf([
      check({ title: '[STG-1] [STG-2] stages', outcome: 'passed' }),
      check({ title: '[STG-2] refuses', outcome: 'failed' }),
      check({ title: '[STG-2] refuses', outcome: 'passed', project: 'prism' }),
      check({ operation: 'createNote', title: '[NOTE-1] skips', outcome: 'skipped' }),
      check({ operation: 'createNote', title: 'cites nothing', outcome: 'failed' }),
      check({ operation: 'plain', title: 'cites nothing either' }),
    ]);
    expect(ops).toEqual([
      {
        operation: 'createNote',
        rules: { 'NOTE-1': 'skipped' },
        passed: 0,
        failed: 0,
        skipped: 1,
        tests: { passed: 0, failed: 1, skipped: 1 },
      },
      {
        operation: 'stageAccount',
        rules: { 'STG-1': 'passed', 'STG-2': 'failed' },
        passed: 1,
        failed: 1,
        skipped: 0,
        tests: { passed: 2, failed: 1, skipped: 0 },
      },
    ]);
  });
});

describe('checksByRule', () => {
  it('lists each check once with its outcome per project, and fills in rules from the static scan', () => {
    const byRule = checksByRule(
      [
        check({ title: '[STG-1] stages', outcome: 'passed' }),
        check({ title: '[STG-1] stages', outcome: 'failed', project: 'prism' }),
      ],
      [
        { file: 'a.spec.ts', line: 3, title: '[STG-1] stages', rules: ['STG-1'] },
        { file: 'b.spec.ts', line: 9, title: '[NOTE-1] notes', rules: ['NOTE-1'] },
      ],
    );
    expect([...byRule]).toEqual([
      ['STG-1', ['stageAccount › [STG-1] stages (mock: passed, prism: failed)']],
      ['NOTE-1', ['b.spec.ts:9 [NOTE-1] notes (not in this run)']],
    ]);
  });
});

describe('codeResultsOf', () => {
  it('answers each code from the checks that prove it, in the order of the codes', () => {
    const results = codeResultsOf(
      [
        check({ title: '[STG-1] twin a', outcome: 'passed' }),
        check({ title: '[STG-1] twin b', outcome: 'passed', project: 'prism' }),
        check({
          title: '[STG-1] twin b',
          outcome: 'passed',
          softFindings: [{ source: 'platform', finding: 'differs' }],
        }),
        check({ title: '[STG-1] twin c', outcome: 'failed' }),
        check({ title: '[STG-1] twin d', outcome: 'skipped' }),
      ],
      new Map([
        ['code_same', ['twin a']],
        ['code_differs', ['twin b']],
        ['code_failed', ['twin a', 'twin c']],
        ['code_skipped', ['twin d']],
        ['code_unknown', ['twin e']],
      ]),
    );
    expect(results).toEqual([
      ['code_same', 'as the platform'],
      ['code_differs', 'differs (soft)'],
      ['code_failed', 'failed'],
      ['code_skipped', 'not in this run'],
      ['code_unknown', 'not in this run'],
    ]);
  });
});

describe('summarise', () => {
  const records = [
    check({ title: '[STG-1] stages', outcome: 'passed' }),
    check({ title: '[STG-2] refuses', outcome: 'failed' }),
    check({
      operation: 'createNote',
      title: '[NOTE-1] notes',
      softFindings: [
        { source: 'platform', finding: 'platform differs' },
        { source: 'kit', finding: 'kit differs' },
      ],
    }),
    check({
      operation: 'createNote',
      title: '[NOTE-1] notes again',
      softFindings: [{ source: 'platform', finding: 'platform differs' }],
    }),
    check({
      operation: 'createNote',
      title: '[NOTE-2] skipped',
      outcome: 'skipped',
      skipReason: 'safe mode',
    }),
    check({ operation: 'createNote', title: '[NOTE-2] skipped too', outcome: 'skipped' }),
  ];

  it('states the run with its times and duration in tenths of a second', () => {
    expect(summarise(input(records)).run).toEqual({
      target: 'https://target.example',
      mode: 'safe',
      runId: 'run-1',
      projects: ['mock', 'prism'],
      startedAt: '2026-01-02T03:04:05.000Z',
      finishedAt: '2026-01-02T03:04:17.345Z',
      durationSeconds: 12.3,
      status: 'failed',
    });
  });

  it('counts checks by outcome and rules by source: the reference hard, the others soft', () => {
    const summary = summarise(input(records));
    expect(summary.totals).toEqual({ tests: 6, passed: 3, failed: 1, skipped: 2, softFindings: 3 });
    expect(summary.sources).toEqual({
      reference: { failedRules: 1, passedRules: 2 },
      platform: { softFindings: 2 },
      kit: { softFindings: 1 },
    });
  });

  it('names each soft finding and each skipped check by operation and title', () => {
    const summary = summarise(input(records));
    expect(summary.softFindings).toEqual([
      { test: 'createNote › [NOTE-1] notes', source: 'platform', finding: 'platform differs' },
      { test: 'createNote › [NOTE-1] notes', source: 'kit', finding: 'kit differs' },
      {
        test: 'createNote › [NOTE-1] notes again',
        source: 'platform',
        finding: 'platform differs',
      },
    ]);
    expect(summary.skipped).toEqual([
      { test: 'createNote › [NOTE-2] skipped', reason: 'safe mode' },
      { test: 'createNote › [NOTE-2] skipped too', reason: '' },
    ]);
  });

  it('traces every rule and reports unknown rules and rules with neither test nor reason', () => {
    const summary = summarise(
      input([check({ title: '[STG-1] [ZZZ-9] stages' })], {
        rules: [rule('STG-1'), rule('STG-2'), rule('GEN-10', true)],
        reasons: { 'GEN-10': { kind: 'open', reason: 'left open' } },
      }),
    );
    expect(summary.rules).toEqual({
      total: 3,
      withTests: 1,
      withReason: 1,
      traceabilityProblems: [
        'A test cites ZZZ-9, which is not a rule of rules.md.',
        'STG-2 has no test and no stated reason (STG-2)',
      ],
    });
    expect(summary.traces.map((t) => [t.rule.id, t.tests])).toEqual([
      ['STG-1', ['stageAccount › [STG-1] [ZZZ-9] stages (mock: passed)']],
      ['STG-2', []],
      ['GEN-10', []],
    ]);
  });

  it('counts the platform codes by result', () => {
    const summary = summarise(
      input(
        [check({ title: '[STG-1] twin a' }), check({ title: '[STG-2] twin b', outcome: 'failed' })],
        {
          codeChecks: new Map([
            ['a', ['twin a']],
            ['b', ['twin b']],
            ['c', ['twin c']],
          ]),
        },
      ),
    );
    expect(summary.platformCodes).toEqual({
      total: 3,
      asThePlatform: 1,
      differ: 0,
      failed: 1,
      notInThisRun: 1,
    });
    expect(summary.codeResults).toEqual([
      ['a', 'as the platform'],
      ['b', 'failed'],
      ['c', 'not in this run'],
    ]);
  });

  it('summarises a traffic checker’s findings like tests: a hard finding fails its rule', () => {
    // One exchange of a proxy, checked for two rules: the reference's rule failed (hard), and
    // the platform's document disagreed at a JSON pointer (soft).
    const exchange = (rules: string[], outcome: CheckRecord['outcome']) =>
      check({
        project: 'traffic https://target.example',
        operation: 'createNote',
        title: `POST /v1/notes/ #/notes/0/body ${rules.map((r) => `[${r}]`).join(' ')}`,
        rules,
        outcome,
      });
    const summary = summarise(
      input([
        exchange(['NOTE-1'], 'failed'),
        {
          ...exchange(['NOTE-2'], 'passed'),
          softFindings: [{ source: 'platform', finding: 'invalid_note_body at #/notes/0/body' }],
        },
      ]),
    );
    expect(summary.operations.map((o) => [o.operation, o.rules])).toEqual([
      ['createNote', { 'NOTE-1': 'failed', 'NOTE-2': 'passed' }],
    ]);
    expect(summary.sources.reference.failedRules).toBe(1);
    expect(summary.sources.platform.softFindings).toBe(1);
  });
});

describe('a run that did not start', () => {
  it('takes the cause the preflight declared before any error', () => {
    expect(didNotRunCause('the target is down', ['Error: other'])).toBe('the target is down');
  });

  it('takes the first line of the first error, without its error name', () => {
    expect(didNotRunCause(undefined, ['Preflight: did not run: no token\nstack', 'x'])).toBe(
      'no token',
    );
    expect(didNotRunCause(undefined, ['SettingsError: BASE_URL is wrong'])).toBe(
      'BASE_URL is wrong',
    );
    expect(didNotRunCause(undefined, ['something broke'])).toBe('something broke');
  });

  it('has no cause when nothing stopped it (no test selected)', () => {
    expect(didNotRunCause(undefined, [])).toBeUndefined();
  });

  it('is summarised as one failure naming the cause, with its unrounded duration', () => {
    const summary = summariseNotRun('no token', {
      target: '(unset)',
      mode: 'safe',
      runId: '',
      started: T0,
      finished: T0 + 2_345,
    });
    expect(isNotRun(summary)).toBe(true);
    expect(summary).toEqual({
      run: {
        target: '(unset)',
        mode: 'safe',
        runId: '',
        startedAt: '2026-01-02T03:04:05.000Z',
        finishedAt: '2026-01-02T03:04:07.345Z',
        durationSeconds: 2.3,
        seconds: 2.345,
      },
      didNotRun: 'no token',
      title: 'did not run: no token',
    });
    expect(isNotRun(summarise(input([])))).toBe(false);
  });

  it('never has a negative duration (a clock set back)', () => {
    const summary = summariseNotRun('x', {
      target: 't',
      mode: 'm',
      runId: 'r',
      started: T0,
      finished: T0 - 5_000,
    });
    expect(summary.run.seconds).toBe(0);
    expect(summary.run.durationSeconds).toBe(0);
  });
});
