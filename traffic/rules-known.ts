/**
 * Every rule the traffic checker and its proxy can name in a finding (decision 029), with its
 * source (so its severity), where it is judged and what breaks it: the docs page's table and a
 * reader's index to the reports. `rules-known.test.ts` reads the checker's sources and fails when
 * a rule is named there and not here, or listed here and named nowhere, so the list cannot drift.
 */
import type { FindingSource } from './findings.ts';

/** Where a rule is judged: one exchange alone, the history of an account, or the proxy itself. */
export type RuleScope = 'exchange' | 'history' | 'proxy';

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

/** The rules, reference first, in the order of the reference's rules within each scope. */
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
    shows:
      'a request body that is not JSON answered with success, or a success body that is not JSON',
  },
  {
    rule: 'ERR-1',
    source: 'reference',
    scope: 'exchange',
    shows: 'a request the operation refuses answered with success, or a 400 without the error body',
  },
  {
    rule: 'ERR-5',
    source: 'reference',
    scope: 'exchange',
    shows: 'a field error whose attr is not a dot-delimited path (customers[0].landline)',
  },
  {
    rule: 'REG-8',
    source: 'reference',
    scope: 'exchange',
    shows: 'a 404 of sendRegistrationFlows without the body the rule describes',
  },
  {
    rule: 'STS-15',
    source: 'reference',
    scope: 'exchange',
    shows: 'a 404 of getMeterpointStatusesForAccount without the body the rule describes',
  },
  {
    rule: 'STS-3',
    source: 'reference',
    scope: 'exchange',
    shows: 'a 404 judged by the status rule alone, where no other rule gives its body',
  },
  {
    rule: 'PRC-2',
    source: 'reference',
    scope: 'history',
    shows:
      'process answered 201 for an account the service had said had no import process, with no staging since',
  },
  {
    rule: 'STS-4',
    source: 'reference',
    scope: 'history',
    shows: 'a transfer status going back to UNKNOWN',
  },
  {
    rule: 'STS-5',
    source: 'reference',
    scope: 'history',
    shows: 'a transfer status going back, other than to UNKNOWN',
  },
  {
    rule: 'GEN-9',
    source: 'reference',
    scope: 'history',
    shows: 'the service account number of an account changing',
  },
  {
    rule: 'NOTE-3',
    source: 'reference',
    scope: 'history',
    shows: 'a note whose body was already created on the account answered as created',
  },
  {
    rule: 'STS-10',
    source: 'reference',
    scope: 'history',
    shows: 'an account the service had imported listed as pending',
  },
  {
    rule: 'AUTH-4',
    source: 'platform',
    scope: 'exchange',
    shows: 'a token accepted after its expiry (the reference leaves the lifetime open)',
  },
  {
    rule: 'kit:response-<status>',
    source: 'platform',
    scope: 'exchange',
    shows:
      'a 401, 413, 415, 429 or 5xx body other than the platform documents (the reference leaves it open)',
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
    shows: 'a method and path no operation of the interface answers',
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
