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
import type { MockEnv } from '../env.ts';
import { clockTimestamp } from './clock.ts';
import { importedAccountByKey, requireImportedAccount } from './notes.ts';
import { fail, ok, type Result } from './result.ts';
import type { MockState, PaymentInstructionRecord, PaymentVendorFault } from './state.ts';

type PaymentInstructionRequest = components['schemas']['PaymentInstructionRequest'];
type PaymentInstructionResponse = components['schemas']['PaymentInstructionResponse'];

/** Magic reference prefix: the vendor fails persistently (PAY-4). */
export const PERSISTENT_FAILURE_PREFIX = 'FAIL-PERSISTENT-';
/** Magic reference prefix: the vendor fails once, intermittently; the same request retried succeeds (PAY-5). */
export const INTERMITTENT_FAILURE_PREFIX = 'FAIL-INTERMITTENT-';
/** Domain error code of a failure answered with the PaymentVendorError body (PAY-4, PAY-5). */
export const PAYMENT_VENDOR_ERROR = 'payment_vendor_error';
/** The real platform's error_detail for a second instruction. */
export const ACTIVE_INSTRUCTION_EXISTS = 'Account already has an active instruction';

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
  const known = 'supplier' in scope ? state.suppliers[key] : state.accounts[key];
  if (!known) {
    return fail(
      404,
      'not_found',
      `No ${'supplier' in scope ? 'import supplier' : 'account'} ${key}.`,
    );
  }
  if (
    fault?.remaining !== undefined &&
    !(Number.isInteger(fault.remaining) && fault.remaining > 0)
  ) {
    const detail = 'remaining must be a whole number of calls, at least 1.';
    return fail(400, 'request_failed_validation', detail, [
      { attr: 'remaining', code: 'min_value', detail },
    ]);
  }
  if (fault === null) {
    delete faults[key];
    return ok(null);
  }
  const stored: PaymentVendorFault = { kind: fault.kind, remaining: fault.remaining ?? null };
  faults[key] = stored;
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
  faults: Record<string, PaymentVendorFault>,
  key: string,
): PaymentVendorFault['kind'] | null {
  const fault = faults[key];
  if (!fault) return null;
  if (fault.remaining !== null) {
    if (fault.remaining <= 1) delete faults[key];
    else fault.remaining -= 1;
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
    consume(vendor.accountFaults, accountKeyValue) ?? consume(vendor.supplierFaults, supplierCode);
  if (forced) return forced;
  if (reference.startsWith(PERSISTENT_FAILURE_PREFIX)) return 'persistent';
  if (reference.startsWith(INTERMITTENT_FAILURE_PREFIX)) {
    const attempt = `${accountKeyValue}\u0000${reference}`;
    const index = vendor.intermittentFailed.indexOf(attempt);
    if (index < 0) {
      vendor.intermittentFailed.push(attempt);
      return 'intermittent';
    }
    vendor.intermittentFailed.splice(index, 1);
  }
  return 'ok';
}

/**
 * payment-instruction/create (PAY-1..PAY-5): 404 for an account that is not imported, 400 for a
 * supplier that is not Ongoing, 400 {@link ACTIVE_INSTRUCTION_EXISTS} when the account already has
 * one (the vendor is not called), then the vendor's verification: persistent failure 400,
 * intermittent 500 (domain errors with code {@link PAYMENT_VENDOR_ERROR} and the PaymentVendorError
 * fields in `extra`), or 201 `{service_account_number, reference}` with the instruction stored.
 */
export function createPaymentInstruction(
  state: MockState,
  env: MockEnv,
  request: PaymentInstructionRequest,
): Result<PaymentInstructionResponse> {
  const account = requireImportedAccount(
    state,
    request.import_supplier,
    request.external_account_number,
  );
  if (!account.ok) return account;
  const { key, record } = account.value;
  const vendorError = (status: number, detail: string) =>
    fail(status, PAYMENT_VENDOR_ERROR, detail, [], {
      external_account_number: request.external_account_number,
      import_supplier: request.import_supplier,
      reference: request.reference,
    });
  if (record.paymentInstruction) return vendorError(400, ACTIVE_INSTRUCTION_EXISTS);

  const answer = callVendor(state, key, request.import_supplier, request.reference);
  if (answer === 'persistent') {
    return vendorError(
      400,
      `The payment vendor ${request.vendor} does not know the instruction ${request.reference}.`,
    );
  }
  if (answer === 'intermittent') {
    return vendorError(
      500,
      `The payment vendor ${request.vendor} did not answer in time. Retry the request as it is.`,
    );
  }
  record.paymentInstruction = {
    vendor: request.vendor,
    reference: request.reference,
    type: request.type,
    createdAt: clockTimestamp(state.clock, env.now()),
  };
  return ok({
    service_account_number: record.serviceAccountNumber ?? '',
    reference: request.reference,
  });
}
