/**
 * Rules of the reference (docs/reference/rules.md) that the suite cannot check from outside, and
 * open rules, each with the reason and what the suite does instead. Reviewed like code: the
 * traceability check (meta/traceability.spec.ts) fails when a rule has neither a test nor an
 * entry here, when an open rule has no entry, or when an entry names a rule that does not exist.
 *
 * `kind`:
 * - `untestable`: no request to the service can show whether the rule holds;
 * - `open`: the reference leaves part of the behaviour unsaid; tests of the kit's decision run
 *   hard against the mock and as soft `kit-assumption` checks against other targets;
 * - `client`: a rule for clients, which the suite itself follows.
 */

/** Why a rule has no hard test, or how the suite treats an open rule. */
export interface RuleReason {
  kind: 'untestable' | 'open' | 'client';
  reason: string;
}

export const RULE_REASONS: Record<string, RuleReason> = {
  'GEN-10': {
    kind: 'open',
    reason:
      'Enumerations are open sets. The suite never fails a target for a value the reference does not list: the transfer status and meter point status checks accept any string outside mock mode (spec/response-assumptions.ts).',
  },
  'GEN-11': {
    kind: 'client',
    reason:
      'A client rule. The suite’s client validates every request it sends against the spec and refuses to send undocumented fields (deliberate negative cases are marked); what the service does with other fields is open.',
  },
  'AUTH-3': {
    kind: 'open',
    reason:
      'The status and body of a refused request are open: the tests require a 4xx hard and the kit’s 401 with not_authenticated / authentication_failed as a soft check outside mock mode.',
  },
  'AUTH-4': {
    kind: 'open',
    reason:
      'Token lifetime and per-operation permissions are open. The kit’s 60-minute lifetime and expiry are tested against the mock (isolated project, which moves the mock clock); outside mock mode an expired token is checked only when EXPIRED_TOKEN is given.',
  },
  'ERR-6': {
    kind: 'untestable',
    reason:
      'An unexpected error cannot be provoked from outside on a correct service. Every 500 the suite meets is checked against the documented 500 response (body open); payment vendor trouble (PAY-5) is the one 500 the mock can be told to give.',
  },
  'PRC-9': {
    kind: 'open',
    reason:
      'The limit is an operator setting: the 429 is tested against the mock (isolated project, which enables the limit); against other targets only “disabled by default” is checked, softly, as a deployment may enable it.',
  },
  'SUP-1': {
    kind: 'untestable',
    reason:
      'The operator sets the supplier status and there is no endpoint for it; the statuses’ effects are tested through the mock’s control API (STG-7, STG-8, PRC-10, SUP-3).',
  },
  'HST-2': {
    kind: 'open',
    reason:
      'Whether success is 201 or 200 is open: the mock’s 201 is checked hard against the mock, and either status passes against other targets.',
  },
  'NOTE-7': {
    kind: 'open',
    reason:
      'The rules of unpin_at are open: the kit’s rule (not before created_at) is checked hard against the mock and softly elsewhere.',
  },
  'TXN-10': {
    kind: 'open',
    reason:
      'The unknown-account behaviour is open: the kit’s 404 account_not_found is checked hard against the mock and softly elsewhere (a refusal, 4xx, is required everywhere).',
  },
  'STS-11': {
    kind: 'open',
    reason:
      'The body shape of the imported list is open: the kit’s summary items are checked hard against the mock; elsewhere only the 200 and that the imported account is named are required.',
  },
  'STS-12': {
    kind: 'open',
    reason:
      'The lists’ answer when no account is found is open: the kit’s 200 [] is checked hard against the mock and softly elsewhere.',
  },
  'STS-14': {
    kind: 'open',
    reason:
      'Only PRE_REGISTRATION is named; later values are open and accepted as any string outside mock mode.',
  },
};
