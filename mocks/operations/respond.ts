/**
 * Builders of the interface's bodies, shared by every operation: the error shape
 * `{detail, code, errors}` (ERR-1..ERR-4) for domain failures and for request bodies that fail
 * the spec's validators.
 */
import type { FieldError } from '../../spec/index.ts';
import type { DomainError } from '../domain/result.ts';
import type { OperationResponse } from './types.ts';

/** A JSON response. */
export function json(status: number, body: unknown): OperationResponse {
  return { status, body };
}

/** The interface's error body for a domain failure, with its extra fields (PRC-8). */
export function errorResponse(error: DomainError): OperationResponse {
  return json(error.status, {
    detail: error.detail,
    code: error.code,
    errors: error.errors ?? [],
    ...error.extra,
  });
}

/** 400 with every failing field (ERR-1, VAL-3): the top-level code names the kind of payload. */
export function validationFailed(
  code: string,
  detail: string,
  errors: FieldError[],
): OperationResponse {
  return json(400, { detail, code, errors });
}
