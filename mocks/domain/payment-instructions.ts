/**
 * The payment instruction of an imported account and the simulated upstream payment vendor that
 * verifies it (PAY-1..PAY-5). The vendor fails on the operator's faults (per supplier or per
 * account, for every call or the next N) and on documented magic references, like a payment
 * provider's test cards: `FAIL-PERSISTENT-...` always gives the persistent failure (400, do not
 * retry unchanged), `FAIL-INTERMITTENT-...` fails once with 500 and the same request retried
 * succeeds. An account has at most one active instruction.
 *
 * A vendor failure leaves the account as it was; what changes is the simulated vendor's own
 * memory (a fault's remaining count, a magic reference that already failed once), which is what
 * makes "retry as is" succeed.
 */

import type { components } from '../../spec/index.ts';
import { importedAccountByKey, requireImportedAccount } from './accounts.ts';
import { clockTimestamp } from './clock.ts';
import { own, setOwn } from './dictionary.ts';
import type { MockEnv } from './env.ts';
import { platformContext } from './platform/context.ts';
import { type DomainError, fail, fieldError, invalid, ok, type Result } from './result.ts';
import {
  type MockState,
  type PaymentInstructionRecord,
  type PaymentVendorFault,
  touch,
} from './state.ts';

type PaymentInstructionRequest = components['schemas']['PaymentInstructionRequest'];
type PaymentInstructionResponse = components['schemas']['PaymentInstructionResponse'];

/** Magic reference prefix: the vendor fails persistently (PAY-4). */
export const PERSISTENT_FAILURE_PREFIX = 'FAIL-PERSISTENT-';
/** Magic reference prefix: the vendor fails once, intermittently; the same request retried succeeds (PAY-5). */
export const INTERMITTENT_FAILURE_PREFIX = 'FAIL-INTERMITTENT-';

/** Where an operator's vendor fault applies: every account of a supplier, or one account (by key). */
export type PaymentVendorScope = { supplier: string } | { account: string };

/** A fault as the operator gives it: without `remaining`, every call fails until it is cleared. */
export interface PaymentVendorFaultInput {
  kind: PaymentVendorFault['kind'];
  remaining?: number;
}

/**
 * Sets (or, with null, clears) a fault of the simulated payment vendor for a supplier or an
 * account (PAY-4, PAY-5); an account's fault wins over its supplier's. `remaining` makes it
 * "fail the next N calls".
 */
export function setPaymentVendorFault(
  state: MockState,
  scope: PaymentVendorScope,
  fault: PaymentVendorFaultInput | null,
): Result<PaymentVendorFault | null> {
  const [faults, key] =
    'supplier' in scope
      ? [state.paymentVendor.supplierFaults, scope.supplier]
      : [state.paymentVendor.accountFaults, scope.account];
  const known = 'supplier' in scope ? own(state.suppliers, key) : state.accounts.get(key);
  if (!known) {
    return fail('not_found', undefined, {
      detail: `No ${'supplier' in scope ? 'import supplier' : 'account'} ${key}.`,
    });
  }
  if (
    fault?.remaining !== undefined &&
    !(Number.isInteger(fault.remaining) && fault.remaining > 0)
  ) {
    const detail = 'remaining must be a whole number of calls, at least 1.';
    return invalid([fieldError('min_value', 'remaining', undefined, detail)]);
  }
  touch(state);
  if (fault === null) {
    delete faults[key];
    return ok(null);
  }
  const stored: PaymentVendorFault = { kind: fault.kind, remaining: fault.remaining ?? null };
  setOwn(faults, key, stored);
  return ok(stored);
}

/**
 * Ends the account's active payment instruction (operator), so that a new one can be created;
 * 404 `account_not_found` for an account that is not imported.
 */
export function cancelPaymentInstruction(
  state: MockState,
  key: string,
): Result<PaymentInstructionRecord | null> {
  const found = importedAccountByKey(state, key);
  if (!found.ok) return found;
  const ended = found.value.paymentInstruction ?? null;
  delete found.value.paymentInstruction;
  touch(state);
  return ok(ended);
}

/** The account's active payment instruction, or null (control API). */
export function accountPaymentInstruction(
  state: MockState,
  key: string,
): Result<PaymentInstructionRecord | null> {
  const found = importedAccountByKey(state, key);
  return found.ok ? ok(found.value.paymentInstruction ?? null) : found;
}

/** Takes one call off an operator fault; a fault with no calls left is gone. */
function consume(
  state: MockState,
  faults: Record<string, PaymentVendorFault>,
  key: string,
): PaymentVendorFault['kind'] | null {
  const fault = own(faults, key);
  if (!fault) return null;
  if (fault.remaining !== null) {
    if (fault.remaining <= 1) delete faults[key];
    else fault.remaining -= 1;
    touch(state);
  }
  return fault.kind;
}

/** What the simulated vendor answers for one verification call (PAY-2). */
function callVendor(
  state: MockState,
  accountKeyValue: string,
  supplierCode: string,
  reference: string,
): 'ok' | 'persistent' | 'intermittent' {
  const vendor = state.paymentVendor;
  const forced =
    consume(state, vendor.accountFaults, accountKeyValue) ??
    consume(state, vendor.supplierFaults, supplierCode);
  if (forced) return forced;
  if (reference.startsWith(PERSISTENT_FAILURE_PREFIX)) return 'persistent';
  if (reference.startsWith(INTERMITTENT_FAILURE_PREFIX)) {
    const attempt = `${accountKeyValue}|${reference}`;
    const index = vendor.intermittentFailed.indexOf(attempt);
    touch(state);
    if (index < 0) {
      vendor.intermittentFailed.push(attempt);
      return 'intermittent';
    }
    vendor.intermittentFailed.splice(index, 1);
  }
  return 'ok';
}

/**
 * A refusal of the account named by an instruction, with what the platform's
 * CreatePaymentInstructionError echoes (the supplier, the account number, the reference) beside
 * the refusal's own data.
 */
function withInstruction(error: DomainError, instruction: Record<string, unknown>): DomainError {
  return { ...error, data: { ...instruction, ...error.data } };
}

/**
 * payment-instruction/create (PAY-1..PAY-5): `ledger_code_does_not_exist` for a ledger_code the
 * platform catalogue lacks (platform: Validate ledger code), `account_not_found` for an account that is not
 * imported, the supplier's failure when it is not Ongoing, `active_payment_instruction_exists`
 * when the account already has one (the vendor is not called), then the vendor's verification:
 * `payment_vendor_persistent_failure` (PAY-4), `payment_vendor_intermittent_failure` (PAY-5), or
 * `{service_account_number, reference}` with the instruction stored. The vendor's own memory
 * (fault counts, a magic reference that failed once) changes even when it fails.
 */
export function createPaymentInstruction(
  state: MockState,
  env: MockEnv,
  request: PaymentInstructionRequest,
): Result<PaymentInstructionResponse> {
  // The platform reads the deprecated instruction_reference in its place (spec stand-in).
  const reference = request.reference ?? request.instruction_reference ?? '';
  const ledgerCode = request.ledger_code;
  if (
    ledgerCode !== undefined &&
    !platformContext(state, env).catalogue.ledger_codes.includes(ledgerCode)
  ) {
    // platform: "Validate ledger code": the instruction's ledger type must exist (catalogue).
    const detail = `${ledgerCode} is not a ledger type of the platform.`;
    return invalid([fieldError('ledger_code_does_not_exist', 'ledger_code', undefined, detail)]);
  }
  const account = requireImportedAccount(
    state,
    request.import_supplier,
    request.external_account_number,
  );
  const data = {
    external_account_number: request.external_account_number,
    import_supplier: request.import_supplier,
    reference,
    vendor: request.vendor,
  };
  // An unknown account, or a supplier that is not Ongoing, is 400 with the platform's
  // CreatePaymentInstructionError (catalogue: statuses and bodies), which names the instruction.
  if (!account.ok) return { ok: false, error: withInstruction(account.error, data) };
  const { key, record } = account.value;
  if (record.paymentInstruction) return fail('active_payment_instruction_exists', data);

  const answer = callVendor(state, key, request.import_supplier, reference);
  if (answer === 'persistent') return fail('payment_vendor_persistent_failure', data);
  if (answer === 'intermittent') return fail('payment_vendor_intermittent_failure', data);
  touch(state);
  record.paymentInstruction = {
    vendor: request.vendor,
    reference,
    type: request.type,
    createdAt: clockTimestamp(state.clock, env.now()),
  };
  return ok({
    service_account_number: record.serviceAccountNumber ?? '',
    reference,
  });
}
