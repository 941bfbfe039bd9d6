/**
 * Every rule the traffic checker and its proxy can name in a finding (decision 029), with its
 * source (so its severity), where it is judged and what breaks it: the docs page's table and a
 * reader's index to the reports. `rules-known.test.ts` reads the checker's sources and fails when
 * a rule is named there and not here, or listed here and named nowhere, so the list cannot drift.
 */
import type { FindingSource } from './findings.ts';

/**
 * Where a rule is judged: one exchange alone, the history of an account, the kit mock's operator
 * statements (its control API in the same stream; never present before a deployed service), or
 * the proxy itself.
 */
export type RuleScope = 'exchange' | 'history' | 'operator' | 'proxy';

/** One rule a finding can name. */
export interface KnownRule {
  /** A rule ID of the reference, or a `kit:` rule (`<status>` stands for an answer's status). */
  rule: string;
  source: FindingSource;
  scope: RuleScope;
  /** What an exchange shows when the rule is broken. */
  shows: string;
}

const success = (rule: string, operation: string): KnownRule => ({
  rule,
  source: 'reference',
  scope: 'exchange',
  shows: `a success answer of ${operation} with another status or body than the rule promises`,
});

/** The rules: per exchange, from history, from the operator's statements, the proxy's own. */
export const KNOWN_RULES: readonly KnownRule[] = [
  success('AUTH-1', 'obtainToken'),
  success('VAL-2', 'validateAccount'),
  success('STG-4', 'createOrUpdateAccountImportProcess'),
  success('PRC-4', 'processAccountImportProcess'),
  success('NOTE-5', 'createNotes'),
  success('TXN-3', 'createTransactions'),
  success('HST-2', 'createHistoricalStatements'),
  success('PAY-3', 'createPaymentInstruction'),
  success('REG-4', 'sendRegistrationFlows'),
  success('STS-1', 'getAccountTransferStatus'),
  success('STS-9', 'listAllAccountImportProcesses'),
  success('STS-10', 'listPendingAccountImportProcesses'),
  success('STS-11', 'listImportedAccountImportProcesses'),
  success('STS-13', 'getMeterpointStatusesForAccount'),
  {
    rule: 'GEN-2',
    source: 'reference',
    scope: 'exchange',
    shows: 'a body that is not JSON answered 2xx',
  },
  {
    rule: 'ERR-1',
    source: 'reference',
    scope: 'exchange',
    shows: 'a request failing validation answered 2xx, or a 400 without the error body',
  },
  {
    rule: 'ERR-5',
    source: 'reference',
    scope: 'exchange',
    shows: 'a field error whose attr is not a dot-delimited path',
  },
  {
    rule: 'REG-8',
    source: 'reference',
    scope: 'exchange',
    shows:
      'a registration 404 without the array of {error_detail, import_supplier_code, external_account_number}',
  },
  {
    rule: 'STS-15',
    source: 'reference',
    scope: 'exchange',
    shows: 'a meter point status 404 without the array of errors',
  },
  {
    rule: 'PRC-2',
    source: 'reference',
    scope: 'exchange',
    shows: 'process: import_process_does_not_exist answered with another status than 400',
  },
  {
    rule: 'PRC-5',
    source: 'reference',
    scope: 'exchange',
    shows: 'process: dry_run_succeeded without the exact message, or not 400',
  },
  {
    rule: 'PRC-8',
    source: 'reference',
    scope: 'exchange',
    shows:
      'process: account_already_imported without external_account_number and service_account_number',
  },
  {
    rule: 'AUTH-4',
    source: 'platform',
    scope: 'exchange',
    shows: 'a token accepted after its exp',
  },
  {
    rule: 'kit:response-<status>',
    source: 'platform',
    scope: 'exchange',
    shows:
      'a body the reference leaves open (401, 404 of STS-3 and NOTE-8, 5xx ...) other than the platform\u2019s',
  },
  {
    rule: 'kit:undocumented-status',
    source: 'kit',
    scope: 'exchange',
    shows: 'a status the spec does not document for the operation',
  },
  {
    rule: 'kit:unknown-operation',
    source: 'kit',
    scope: 'exchange',
    shows: 'a path and method the spec does not have',
  },
  {
    rule: 'kit:every-failure-listed',
    source: 'kit',
    scope: 'exchange',
    shows: 'a refused validation leaving out a failure the kit\u2019s validators find',
  },
  {
    rule: 'PRC-2',
    source: 'reference',
    scope: 'history',
    shows: 'process 201 after a 404 with no staging since',
  },
  {
    rule: 'STG-2',
    source: 'reference',
    scope: 'history',
    shows: 'the first staging after a 404 answered 200',
  },
  {
    rule: 'VAL-7',
    source: 'reference',
    scope: 'history',
    shows: 'a 404, a validation, then a staging answered 200 or a status answered 200',
  },
  {
    rule: 'STG-3',
    source: 'reference',
    scope: 'history',
    shows: 'a staging of an account seen staged answered 201',
  },
  {
    rule: 'STG-5',
    source: 'reference',
    scope: 'history',
    shows: 'a staging of an account seen imported answered 200 or 201',
  },
  {
    rule: 'STS-3',
    source: 'reference',
    scope: 'history',
    shows: 'a status answered 200 after a 404 with no staging since',
  },
  {
    rule: 'STS-4',
    source: 'reference',
    scope: 'history',
    shows:
      'a transfer status back to UNKNOWN, or past UNKNOWN for an account seen staged with no process answered 201 since',
  },
  {
    rule: 'STS-5',
    source: 'reference',
    scope: 'history',
    shows: 'a transfer status going back in rank',
  },
  {
    rule: 'GEN-9',
    source: 'reference',
    scope: 'history',
    shows: 'an account\u2019s service account number changing',
  },
  {
    rule: 'PRC-6',
    source: 'reference',
    scope: 'history',
    shows: 'an account seen not imported, then only dry-run, showing imported',
  },
  {
    rule: 'NOTE-8',
    source: 'reference',
    scope: 'history',
    shows: 'notes 201 for an account seen staged or absent and not imported since',
  },
  {
    rule: 'NOTE-3',
    source: 'reference',
    scope: 'history',
    shows: 'a note created again with the same body and created_at',
  },
  {
    rule: 'TXN-5',
    source: 'reference',
    scope: 'history',
    shows: 'a transaction sent again unchanged added again (check_previously_added)',
  },
  {
    rule: 'STS-10',
    source: 'reference',
    scope: 'history',
    shows: 'an account seen imported listed as pending',
  },
  {
    rule: 'STS-11',
    source: 'reference',
    scope: 'history',
    shows: 'a whole imported list leaving out an account seen imported before it was asked for',
  },
  {
    rule: 'STS-14',
    source: 'reference',
    scope: 'exchange',
    shows: 'a meter point status the reference names (PRE_REGISTRATION) spelt in another case',
  },
  {
    rule: 'STS-6',
    source: 'reference',
    scope: 'exchange',
    shows: 'IN_PROGRESS spelt in another case (each named transfer status likewise: STS-4..STS-8)',
  },
  {
    rule: 'PAY-5',
    source: 'reference',
    scope: 'history',
    shows: 'a payment instruction refused with 400, then answered 201 when sent again unchanged',
  },
  {
    rule: 'STG-6',
    source: 'reference',
    scope: 'operator',
    shows: 'a staging accepted for an account the operator marked to be skipped',
  },
  {
    rule: 'STG-7',
    source: 'reference',
    scope: 'operator',
    shows: 'a staging accepted under a supplier the operator set Paused',
  },
  {
    rule: 'STG-8',
    source: 'reference',
    scope: 'operator',
    shows: 'a staging accepted under a supplier the operator set Complete',
  },
  {
    rule: 'PRC-10',
    source: 'reference',
    scope: 'operator',
    shows: 'a process accepted under a supplier the operator set Paused or Complete',
  },
  {
    rule: 'PRC-3',
    source: 'reference',
    scope: 'operator',
    shows: 'a process accepted for an operations team the operator\u2019s listed teams do not hold',
  },
  {
    rule: 'STS-3',
    source: 'reference',
    scope: 'operator',
    shows:
      'a status answered 200 for a pair the operator was told the mock does not hold, with no staging since',
  },
  {
    rule: 'STS-7',
    source: 'reference',
    scope: 'operator',
    shows:
      'a transfer status other than REJECTED after the operator rejected a meter point whose flow was sent',
  },
  {
    rule: 'STS-8',
    source: 'reference',
    scope: 'exchange',
    shows: 'COMPLETED spelt in another case',
  },
  // The platform's V2 account import (decision 028): the reference is silent on V2, so the
  // platform is the only source and a broken V2 statement is a warning (v2-tasks.ts).
  {
    rule: 'kit:v2-schedule-window',
    source: 'platform',
    scope: 'exchange',
    shows:
      'a V2 schedule accepted with a window the platform\u2019s validators refuse (an end past the limit, a start not before its end)',
  },
  {
    rule: 'kit:v2-processed-identifier',
    source: 'platform',
    scope: 'exchange',
    shows: 'a PROCESSED V2 task without a kraken_identifier',
  },
  {
    rule: 'kit:v2-already-imported',
    source: 'platform',
    scope: 'history',
    shows:
      'a V2 schedule accepted for an account the stream saw imported (v1 or V2), not 400 account_import_process_already_imported',
  },
  {
    rule: 'kit:v2-dry-run-created',
    source: 'platform',
    scope: 'history',
    shows: 'a task scheduled with is_dry_run answered PROCESSED',
  },
  {
    rule: 'kit:v2-task-lifecycle',
    source: 'platform',
    scope: 'history',
    shows:
      'a V2 task\u2019s status going back (ended to running or PENDING, running to PENDING) with no schedule since',
  },
  {
    rule: 'kit:v2-task-unscheduled',
    source: 'platform',
    scope: 'history',
    shows:
      'a V2 task created while the stream ran, for a pair no schedule of the stream was accepted for',
  },
  {
    rule: 'kit:v2-task-past-window',
    source: 'platform',
    scope: 'history',
    shows:
      'a V2 task still PENDING after the latest time its window could end (the platform\u2019s limit after created_at)',
  },
  {
    rule: 'kit:v2-task-not-run',
    source: 'kit',
    scope: 'operator',
    shows:
      'a V2 task whose window had opened still PENDING after the operator ran the due tasks or moved the clock, not held (platform when the start was sent)',
  },
  {
    rule: 'kit:body-over-capture-cap',
    source: 'kit',
    scope: 'proxy',
    shows: 'a body longer than the capture cap, forwarded whole but not checked',
  },
  {
    rule: 'kit:target-unreachable',
    source: 'kit',
    scope: 'proxy',
    shows: 'a target that did not answer; the client got 502 bad_gateway',
  },
  {
    rule: 'kit:target-aborted',
    source: 'kit',
    scope: 'proxy',
    shows: 'a target that broke off its answer; the client sees it broken off too',
  },
];
