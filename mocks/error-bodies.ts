/**
 * The one place where a failure becomes an answer (decision 008): a domain failure names a code
 * of the spec's error catalogue; the catalogue gives its status (per operation where the
 * condition differs) and default detail, and the catalogue entry or the operation's documented
 * response (`x-error-body`) gives the body shape. Every shape the reference names is written
 * here: the error body (ERR-1..ERR-4) with PRC-8's extra fields, TRANSACTION_IMPORT_ERROR (TXN-9),
 * the payment vendor's error (PAY-4, PAY-5), the registration and meter point status 404 arrays
 * (REG-8, STS-15) and GraphQL's error (AUTH-1).
 */
import {
  type ErrorBodyShape,
  type ErrorCode,
  errorCatalogue,
  type OperationInfo,
} from '../spec/index.ts';
import type { ConnectionFault } from './domain/faults.ts';
import type { DomainError } from './domain/result.ts';

/** A response as the adapters send it: the body is serialised as JSON. */
export interface PlainResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  /**
   * The body as JSON text, written once by the service for a body held whole (not a list or a
   * document streamed from the store): the adapters send it and the journal keeps it as it is.
   * Not enumerable, so a response still reads (and compares) as its status, body and headers.
   */
  bodyText?: string;
  /**
   * An injected connection fault (decision 024): the adapter resets or closes the connection, or
   * cuts or paces the body, instead of sending the answer plainly.
   */
  connection?: ConnectionFault;
}

type Data = Record<string, unknown>;

interface Failure {
  code: ErrorCode;
  detail: string;
  errors: { detail: string; code: string; attr: string }[];
  data: Data;
  fields: string[];
}

const SHAPES: Record<ErrorBodyShape, (failure: Failure) => unknown> = {
  error: ({ code, detail, errors, data, fields }) => ({
    detail,
    code,
    errors,
    ...Object.fromEntries(fields.map((name) => [name, data[name]])),
  }),
  'transaction-import-error': ({ detail, data }) => ({
    status: 'TRANSACTION_IMPORT_ERROR',
    error_detail: detail,
    transaction_data: data.transaction_data ?? {},
  }),
  'payment-vendor-error': ({ detail, data }) => ({
    error_detail: detail,
    external_account_number: data.external_account_number,
    import_supplier: data.import_supplier,
    reference: data.reference,
  }),
  'graphql-error': ({ detail }) => ({
    data: null,
    errors: [
      {
        message: detail,
        extensions: {
          errorType: 'VALIDATION',
          errorCode: 'KT-CT-1135',
          errorDescription: detail,
        },
      },
    ],
  }),
  'registration-flows-not-found': ({ detail, data }) => [
    {
      error_detail: detail,
      import_supplier_code: data.import_supplier,
      external_account_number: data.external_account_number,
    },
  ],
  'meter-point-statuses-not-found': ({ detail }) => [{ error: detail }],
  // V2 schedule of an imported account: the platform's own body (decision 028).
  'v2-already-imported': ({ code, detail, data }) => ({
    non_field_errors: { detail, code },
    account_id: data.service_account_number,
  }),
};

/**
 * The answer to a failure on an operation (or, without one, on a request no operation took). An
 * error code, or an `errors` item code, that the catalogue lacks throws, so that no uncatalogued
 * code reaches a client unnoticed (the service turns it into a 500).
 */
export function errorResponse(
  error: DomainError,
  operation: OperationInfo | null = null,
  headers?: Record<string, string>,
): PlainResponse {
  const entry = errorCatalogue.entry(error.code);
  for (const item of error.errors ?? []) errorCatalogue.entry(item.code);
  const status = errorCatalogue.status(error.code, operation?.operationId);
  const forOperation = operation ? entry.bodies?.[operation.operationId] : undefined;
  const shape = (forOperation ??
    entry.body ??
    operation?.errorBodies[String(status)] ??
    'error') as ErrorBodyShape;
  const data = error.data ?? {};
  const body = SHAPES[shape]({
    code: error.code,
    detail: error.detail ?? errorCatalogue.detail(error.code, data),
    errors: error.errors ?? [],
    data,
    fields: entry.fields ?? [],
  });
  return headers ? { status, body, headers } : { status, body };
}
