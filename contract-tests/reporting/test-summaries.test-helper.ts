/**
 * Summaries for the writers' unit tests: one run with a failed, a skipped and soft-finding check,
 * and one run that did not start, built through `summarise` as the reporter builds them.
 */
import {
  type CheckRecord,
  type NotRunSummary,
  type RunSummary,
  summarise,
  summariseNotRun,
} from './summary.ts';

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);

function check(over: Partial<CheckRecord> & Pick<CheckRecord, 'title' | 'rules'>): CheckRecord {
  return {
    project: 'mock',
    operation: 'stageAccount',
    outcome: 'passed',
    softFindings: [],
    ...over,
  };
}

/** A run against a target: two operations, a failed rule, soft findings of both sources. */
export function runSummary(): RunSummary {
  return summarise({
    records: [
      check({ title: '[STG-1] stages', rules: ['STG-1'] }),
      check({ title: '[STG-2] refuses | pipes', rules: ['STG-2'], outcome: 'failed' }),
      check({
        operation: 'createNote',
        title: '[NOTE-1] notes',
        rules: ['NOTE-1'],
        softFindings: [
          {
            source: 'platform',
            finding: 'expected 400\nReceived: 200\n    at x (a.ts:1)\n  then   more',
          },
          { source: 'kit', finding: 'kit rule' },
        ],
      }),
      check({
        operation: 'createNote',
        title: '[NOTE-1] notes again',
        rules: ['NOTE-1'],
        softFindings: [{ source: 'platform', finding: 'expected 400\nReceived: 201\n  then more' }],
      }),
      check({
        operation: 'createNote',
        title: '[NOTE-2] skipped',
        rules: ['NOTE-2'],
        outcome: 'skipped',
        skipReason: 'safe mode',
      }),
      check({
        operation: 'createNote',
        title: '[NOTE-2] also',
        rules: ['NOTE-2'],
        outcome: 'skipped',
      }),
    ],
    run: {
      target: 'https://target.example',
      mode: 'safe',
      runId: 'run-1',
      projects: ['mock'],
      started: T0,
      finished: T0 + 12_345,
      status: 'failed',
    },
    rules: [
      { id: 'STG-1', group: 'STG', text: 'stage', open: false },
      { id: 'STG-2', group: 'STG', text: 'refuse', open: false },
      { id: 'NOTE-1', group: 'NOTE', text: 'note', open: false },
      { id: 'NOTE-2', group: 'NOTE', text: 'skip', open: false },
      { id: 'GEN-10', group: 'GEN', text: 'open one', open: true },
    ],
    reasons: { 'GEN-10': { kind: 'open', reason: 'left | open' } },
    staticTests: [],
    codeChecks: new Map([
      ['z_code', ['notes']],
      ['a_code', ['refuses | pipes']],
      ['m_code', ['not run']],
    ]),
  });
}

/** A run the preflight stopped, its cause quoting markup. */
export function notRunSummary(): NotRunSummary {
  return summariseNotRun('the service said <b>"no" & left</b>', {
    target: 'https://target.example',
    mode: '(unset)',
    runId: 'run-2',
    started: T0,
    finished: T0 + 2_345,
  });
}
