/**
 * The `payment-instructions` tag: payment-instruction/create (PAY-1..PAY-5). Vendor failures and
 * a second instruction get the real platform's PaymentVendorError body; an invalid request, a
 * supplier that is not Ongoing and an account that is not imported get the error body.
 */
import type { components } from '../../spec/index.ts';
import { dataImport } from '../../spec/index.ts';
import { REQUEST_INVALID } from '../domain/notes.ts';
import {
  createPaymentInstruction as createInDomain,
  PAYMENT_VENDOR_ERROR,
} from '../domain/payment-instructions.ts';
import { errorResponse, json, validationFailed } from './respond.ts';
import type { Operation } from './types.ts';

/**
 * `createPaymentInstruction`: 201 `{service_account_number, reference}` (PAY-3), 400 for a
 * persistent vendor problem or an active instruction (PAY-4), 500 for an intermittent one (PAY-5).
 */
export const createPaymentInstruction: Operation = ({ body }, { state, env }) => {
  const shapeErrors = dataImport.validateRequestBody('createPaymentInstruction', body);
  if (shapeErrors.length > 0) {
    return validationFailed('request_failed_validation', REQUEST_INVALID, shapeErrors);
  }
  const created = createInDomain(
    state,
    env,
    body as components['schemas']['PaymentInstructionRequest'],
  );
  if (created.ok) return json(201, created.value);
  if (created.error.code === PAYMENT_VENDOR_ERROR) {
    return json(created.error.status, {
      error_detail: created.error.detail,
      ...created.error.extra,
    });
  }
  return errorResponse(created.error);
};
