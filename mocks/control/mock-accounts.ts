/**
 * The `mock-accounts` tag of the control API: what the mock holds about one account (GEN-9) and
 * the operator's hand in what happens to it after import: its notes (NOTE-7), its payment
 * instruction, and the industry's answers to its registration flows (REG-6, REG-7, STS-6..8).
 */
import { clockNow } from '../domain/clock.ts';
import { accountNotes } from '../domain/notes.ts';
import { cancelPaymentInstruction as cancelInDomain } from '../domain/payment-instructions.ts';
import {
  meterPointRegistrations,
  setRegistrationFlowFault as setFlowFaultInDomain,
  setMeterPointOutcome as setOutcomeInDomain,
} from '../domain/registration.ts';
import type { Result } from '../domain/result.ts';
import { accountKey } from '../domain/state.ts';
import { snakeDocument } from '../domain/state-document.ts';
import { reply as json, type Outcome, outcome } from '../operations/types.ts';
import type { ControlOperation } from './types.ts';

function keyOf(params: { import_supplier_code: string; external_account_number: string }): string {
  return accountKey(params.import_supplier_code, params.external_account_number);
}

function answer<T>(result: Result<T>, body: (value: T) => unknown = (v) => v): Outcome {
  return outcome(result, 200, body);
}

/** `getAccountRecord`: the account's record, or 404. */
export const getAccountRecord: ControlOperation<'getAccountRecord'> = ({ params }, { service }) => {
  const record = service.state.accounts.get(keyOf(params));
  return record
    ? json(200, snakeDocument(record as unknown as Record<string, unknown>))
    : {
        error: {
          code: 'account_not_found',
          detail: `No account ${params.external_account_number} of ${params.import_supplier_code}.`,
        },
      };
};

/** `getAccountNotes`: every note of an imported account with its pinned state now (NOTE-7). */
export const getAccountNotes: ControlOperation<'getAccountNotes'> = ({ params }, { service }) =>
  answer(accountNotes(service.state, keyOf(params), service.env.now()));

/** `cancelPaymentInstruction`: ends the active instruction so that a new one can be created. */
export const cancelPaymentInstruction: ControlOperation<'cancelPaymentInstruction'> = (
  { params },
  { service },
) => {
  const result = cancelInDomain(service.state, keyOf(params));
  return answer(result, () => ({ detail: 'The payment instruction is ended.' }));
};

/** `getMeterPointRegistrations`: each energy meter point's registration now (REG-2, STS-13). */
export const getMeterPointRegistrations: ControlOperation<'getMeterPointRegistrations'> = (
  { params },
  { service },
) => answer(meterPointRegistrations(service.state, keyOf(params), service.env.now()));

/** `setMeterPointOutcome`: accepted or rejected, now, at an instant or after a delay (REG-7). */
export const setMeterPointOutcome: ControlOperation<'setMeterPointOutcome'> = (
  { params, body },
  { service },
) => {
  const change = body;
  const at =
    change.after_seconds !== undefined
      ? new Date(
          clockNow(service.state.clock, service.env.now()).getTime() + change.after_seconds * 1000,
        ).toISOString()
      : change.at;
  const result = setOutcomeInDomain(service.state, keyOf(params), params.mpxn, change.outcome, at);
  return answer(result);
};

/** `setRegistrationFlowFault`: forces REGISTRATION_FLOW_ERROR for one meter point (REG-6). */
export const setRegistrationFlowFault: ControlOperation<'setRegistrationFlowFault'> = (
  { params, body },
  { service },
) => {
  const { error_detail } = body;
  const result = setFlowFaultInDomain(service.state, keyOf(params), params.mpxn, error_detail);
  return answer(result, (value) => ({ error_detail: value }));
};
