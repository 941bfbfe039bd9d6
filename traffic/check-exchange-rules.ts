/**
 * The rules the traffic checker knows (decision 029): each rule ID (or `kit:` rule) a finding of
 * the per-exchange checks (check-exchange*.ts) or of the history (history*.ts) can name, with its
 * source (a reference rule broken is an error, a platform fact or kit assumption a warning) and
 * what is judged. A rule the reference states that is missing here is one the checker does not
 * judge from traffic (mutation results name why). The unit test holds this list to the code.
 */
import type { FindingSource } from './findings.ts';

/** One rule the checker judges, and from what. */
export interface CheckedRule {
  rule: string;
  source: FindingSource;
  /** One exchange on its own, or the history of the stream's accounts. */
  by: 'exchange' | 'history';
  what: string;
}

const success = (rule: string, operation: string): CheckedRule => ({
  rule,
  source: 'reference',
  by: 'exchange',
  what: `${operation}: a success answered with the status and body the reference gives`,
});

/** Every rule the checker can name, per exchange first, then from history. */
export const CHECKED_RULES: readonly CheckedRule[] = [
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
    by: 'exchange',
    what: 'a body that is not JSON answered 2xx',
  },
  {
    rule: 'ERR-1',
    source: 'reference',
    by: 'exchange',
    what: 'a request failing validation answered 2xx, or a 400 without the error body',
  },
  {
    rule: 'ERR-5',
    source: 'reference',
    by: 'exchange',
    what: 'a field error whose attr is not a dot-delimited path',
  },
  {
    rule: 'REG-8',
    source: 'reference',
    by: 'exchange',
    what: 'a registration 404 without the array of {error_detail, import_supplier_code, external_account_number}',
  },
  {
    rule: 'STS-15',
    source: 'reference',
    by: 'exchange',
    what: 'a meter point status 404 without the array of errors',
  },
  {
    rule: 'PRC-2',
    source: 'reference',
    by: 'exchange',
    what: 'process: import_process_does_not_exist answered with another status than 400',
  },
  {
    rule: 'PRC-5',
    source: 'reference',
    by: 'exchange',
    what: 'process: dry_run_succeeded without the exact message, or not 400',
  },
  {
    rule: 'PRC-8',
    source: 'reference',
    by: 'exchange',
    what: 'process: account_already_imported without external_account_number and service_account_number',
  },
  { rule: 'AUTH-4', source: 'platform', by: 'exchange', what: 'a token accepted after its exp' },
  {
    rule: 'kit:response-<status>',
    source: 'platform',
    by: 'exchange',
    what: 'a body the reference leaves open (401, 404 of STS-3 and NOTE-8, 5xx ...) other than the platform\u2019s',
  },
  {
    rule: 'kit:undocumented-status',
    source: 'kit',
    by: 'exchange',
    what: 'a status the spec does not document for the operation',
  },
  {
    rule: 'kit:unknown-operation',
    source: 'kit',
    by: 'exchange',
    what: 'a path and method the spec does not have',
  },
  {
    rule: 'kit:every-failure-listed',
    source: 'kit',
    by: 'exchange',
    what: 'a refused validation leaving out a failure the kit\u2019s validators find',
  },
  {
    rule: 'PRC-2',
    source: 'reference',
    by: 'history',
    what: 'process 201 after a 404 with no staging since',
  },
  {
    rule: 'STG-2',
    source: 'reference',
    by: 'history',
    what: 'the first staging after a 404 answered 200',
  },
  {
    rule: 'VAL-7',
    source: 'reference',
    by: 'history',
    what: 'a 404, a validation, then a staging answered 200 or a status answered 200',
  },
  {
    rule: 'STG-3',
    source: 'reference',
    by: 'history',
    what: 'a staging of an account seen staged answered 201',
  },
  {
    rule: 'STG-5',
    source: 'reference',
    by: 'history',
    what: 'a staging of an account seen imported answered 200 or 201',
  },
  {
    rule: 'STS-3',
    source: 'reference',
    by: 'history',
    what: 'a status answered 200 after a 404 with no staging since',
  },
  { rule: 'STS-4', source: 'reference', by: 'history', what: 'a transfer status back to UNKNOWN' },
  {
    rule: 'STS-5',
    source: 'reference',
    by: 'history',
    what: 'a transfer status going back in rank',
  },
  {
    rule: 'GEN-9',
    source: 'reference',
    by: 'history',
    what: 'an account\u2019s service account number changing',
  },
  {
    rule: 'PRC-6',
    source: 'reference',
    by: 'history',
    what: 'an account seen not imported, then only dry-run, showing imported',
  },
  {
    rule: 'NOTE-8',
    source: 'reference',
    by: 'history',
    what: 'notes 201 for an account seen staged or absent and not imported since',
  },
  {
    rule: 'NOTE-3',
    source: 'reference',
    by: 'history',
    what: 'a note created again with the same body and created_at',
  },
  {
    rule: 'TXN-5',
    source: 'reference',
    by: 'history',
    what: 'a transaction sent again unchanged added again (check_previously_added)',
  },
  {
    rule: 'STS-10',
    source: 'reference',
    by: 'history',
    what: 'an account seen imported listed as pending',
  },
  {
    rule: 'STS-11',
    source: 'reference',
    by: 'history',
    what: 'a whole imported list leaving out an account seen imported before it was asked for',
  },
];
