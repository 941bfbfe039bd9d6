/**
 * The `payment-instructions` tag: payment-instruction/create (PAY-1..PAY-5). Vendor failures and
 * a second instruction are answered with the PaymentVendorError body the catalogue names for
 * their codes.
 */
import { createPaymentInstruction as createInDomain } from '../domain/payment-instructions.ts';
import { type DataImportOperation, outcome } from './types.ts';

/**
 * `createPaymentInstruction`: 201 `{service_account_number, reference}` (PAY-3), the persistent
 * vendor problem or an active instruction (PAY-4), the intermittent one (PAY-5).
 */
export const createPaymentInstruction: DataImportOperation<'createPaymentInstruction'> = (
  { body },
  { state, env },
) => outcome(createInDomain(state, env, body), 201);
