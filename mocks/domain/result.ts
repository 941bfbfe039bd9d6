/**
 * Domain results: the core returns values instead of throwing, so that a refused command is a
 * plain value (decision 003). A failure names a code of the spec's error catalogue and carries
 * the data its answer needs; it knows no HTTP status and no wire body: the edge maps it to the
 * interface's bodies (decision 008).
 */
import {
  type ErrorCode,
  errorCatalogue,
  type FieldCode,
  type FieldError,
} from '../../spec/index.ts';

/** A failure of a domain rule: a catalogue code, its data and, for field failures, the items. */
export interface DomainError {
  code: ErrorCode;
  /** The detail when it is not the catalogue's default filled from `data`. */
  detail?: string;
  /** One item per failing field (ERR-4). */
  errors?: FieldError[];
  /** What the answer's body and the detail template need (PRC-8's extra fields, TXN-9's transaction). */
  data?: Record<string, unknown>;
}

/** A refused command: the rule it broke. */
export interface Failure {
  ok: false;
  error: DomainError;
}

/** Either the value of a successful command or the rule it broke. */
export type Result<T> = { ok: true; value: T } | Failure;

/** A successful result. */
export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

/** A failed result with a catalogue code (ERR-1..ERR-4). */
export function fail(
  code: ErrorCode,
  data?: Record<string, unknown>,
  options: { detail?: string; errors?: FieldError[] } = {},
): Failure {
  return {
    ok: false,
    error: {
      code,
      ...(data ? { data } : {}),
      ...(options.detail !== undefined ? { detail: options.detail } : {}),
      ...(options.errors ? { errors: options.errors } : {}),
    },
  };
}

/** A failed result whose fields failed: the request code with every failing item (ERR-1, ERR-4). */
export function invalid(
  errors: FieldError[],
  code: ErrorCode = 'request_failed_validation',
): Failure {
  return fail(code, undefined, { errors });
}

/** One failing field: a catalogue code at `attr`, its detail the catalogue's filled from data. */
export function fieldError(
  code: FieldCode | ErrorCode,
  attr: string,
  data?: Record<string, unknown>,
  detail?: string,
): FieldError {
  return { attr, code, detail: detail ?? errorCatalogue.detail(code, data) };
}
