/**
 * Domain results: the core returns values instead of throwing, so that a rejected command is a
 * plain value the operations layer turns into the interface's error body (decision 003).
 */
import type { FieldError } from '../../spec/index.ts';

/** A failure of a domain rule: the HTTP status it maps to and the interface's error fields. */
export interface DomainError {
  status: number;
  code: string;
  detail: string;
  errors?: FieldError[];
  /** Extra top-level fields of the error body (PRC-8: external_account_number, service_account_number). */
  extra?: Record<string, unknown>;
}

/** Either the value of a successful command or the rule it broke. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: DomainError };

/** A successful result. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** A failed result with the interface's error fields (ERR-1..ERR-4). */
export function fail<T = never>(
  status: number,
  code: string,
  detail: string,
  errors: FieldError[] = [],
  extra?: Record<string, unknown>,
): Result<T> {
  return { ok: false, error: { status, code, detail, errors, ...(extra ? { extra } : {}) } };
}
