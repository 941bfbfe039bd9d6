/**
 * The `mock-accounts` tag of the control API: what the mock holds about one account (GEN-9) and
 * the operator's hand in what happens to it after import: its notes (NOTE-7), its payment
 * instruction, and the industry's answers to its registration flows (REG-6, REG-7, STS-6..8).
 */
import { mockControl } from '../../spec/index.ts';
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
import { errorResponse, json, validationFailed } from '../operations/respond.ts';
import type { OperationResponse } from '../operations/types.ts';
import type { ControlOperation } from './types.ts';

function keyOf(params: Record<string, string>): string {
  return accountKey(params.import_supplier_code!, params.external_account_number!);
}

function answer<T>(result: Result<T>, body: (value: T) => unknown = (v) => v): OperationResponse {
  return result.ok ? json(200, body(result.value)) : errorResponse(result.error);
}

function invalid(operationId: string, body: unknown): OperationResponse | undefined {
  const errors = mockControl.validateRequestBody(operationId, body);
  return errors.length > 0
    ? validationFailed('request_failed_validation', 'Invalid request.', errors)
    : undefined;
}

/** `getAccountRecord`: the account's record, or 404. */
export const getAccountRecord: ControlOperation = ({ params }, { service }) => {
  const record = service.state.accounts[keyOf(params)];
  return record
    ? json(200, record)
    : json(404, {
        detail: `No account ${params.external_account_number} of ${params.import_supplier_code}.`,
        code: 'account_not_found',
        errors: [],
      });
};

/** `getAccountNotes`: every note of an imported account with its pinned state now (NOTE-7). */
export const getAccountNotes: ControlOperation = ({ params }, { service }) =>
  answer(accountNotes(service.state, keyOf(params), service.env.now()));

/** `cancelPaymentInstruction`: ends the active instruction so that a new one can be created. */
export const cancelPaymentInstruction: ControlOperation = async ({ params }, { service }) => {
  const result = cancelInDomain(service.state, keyOf(params));
  if (result.ok) await service.changed();
  return answer(result, () => ({ detail: 'The payment instruction is ended.' }));
};

/** `getMeterPointRegistrations`: each energy meter point's registration now (REG-2, STS-13). */
export const getMeterPointRegistrations: ControlOperation = ({ params }, { service }) =>
  answer(meterPointRegistrations(service.state, keyOf(params), service.env.now()));

/** `setMeterPointOutcome`: accepted or rejected, now, at an instant or after a delay (REG-7). */
export const setMeterPointOutcome: ControlOperation = async ({ params, body }, { service }) => {
  const refused = invalid('setMeterPointOutcome', body);
  if (refused) return refused;
  const change = body as {
    outcome: 'accepted' | 'rejected' | null;
    at?: string;
    after_seconds?: number;
  };
  const at =
    change.after_seconds !== undefined
      ? new Date(
          clockNow(service.state.clock, service.env.now()).getTime() + change.after_seconds * 1000,
        ).toISOString()
      : change.at;
  const result = setOutcomeInDomain(service.state, keyOf(params), params.mpxn!, change.outcome, at);
  if (result.ok) await service.changed();
  return answer(result);
};

/** `setRegistrationFlowFault`: forces REGISTRATION_FLOW_ERROR for one meter point (REG-6). */
export const setRegistrationFlowFault: ControlOperation = async ({ params, body }, { service }) => {
  const refused = invalid('setRegistrationFlowFault', body);
  if (refused) return refused;
  const { error_detail } = body as { error_detail: string | null };
  const result = setFlowFaultInDomain(service.state, keyOf(params), params.mpxn!, error_detail);
  if (result.ok) await service.changed();
  return answer(result, (value) => ({ error_detail: value }));
};
