/**
 * The shape of every operation (decision 008): typed input in, a reply out. The edge has already
 * routed, authenticated, parsed and validated the request against the spec, so an operation
 * receives the body, query and path parameters as the generated types of its operationId and
 * never checks a shape itself. It answers with its success status and body, or with a domain
 * failure that the edge maps to the interface's bodies.
 */

import type { operations as dataImportOperationTypes, FieldError } from '../../spec/index.ts';
import type { MockEnv } from '../domain/env.ts';
import type { DomainError } from '../domain/result.ts';
import type { MockState } from '../domain/state.ts';

type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;

type Part<O, K extends string> = O extends { parameters: infer P }
  ? K extends keyof P
    ? [Exclude<P[K], undefined>] extends [never]
      ? Record<string, never>
      : Exclude<P[K], undefined>
    : Record<string, never>
  : Record<string, never>;

/** The input of an operation, typed by the spec's generated operation type. */
export interface OperationInput<O> {
  params: Part<O, 'path'>;
  query: Part<O, 'query'>;
  /** The parsed, validated JSON body; undefined when the operation has none. */
  body: JsonBody<O>;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  /**
   * Failures inside the items of the array the operation names with `x-item-errors` (TXN-9): the
   * items' shapes are the operation's business, not a refusal of the whole request.
   */
  itemErrors: FieldError[];
}

/** A successful answer: the status and body the spec documents for it. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * What an operation answers: a reply, or a domain failure for the edge to map, with the headers
 * its answer carries (the seconds a 429 asks a client to wait).
 */
export type Outcome = Reply | { error: DomainError; headers?: Record<string, string> };

/** What an operation may use: the state instance, the injected environment and runtime helpers. */
export interface OperationContext {
  state: MockState;
  env: MockEnv;
  /** Waits for a number of real milliseconds (the simulated processing time of process). */
  sleep(ms: number): Promise<void>;
  /** Accounts being processed right now, for the optional concurrency limit (PRC-9). */
  inFlight: { process: number };
}

/** One operation of the Data-Import interface. */
export type DataImportOperation<Id extends keyof dataImportOperationTypes> = (
  input: OperationInput<dataImportOperationTypes[Id]>,
  context: OperationContext,
) => Outcome | Promise<Outcome>;

/** Every operation of the interface by operationId: a missing one does not compile. */
export type DataImportOperations = {
  [Id in keyof dataImportOperationTypes]: DataImportOperation<Id>;
};

/** A JSON reply. */
export function reply(status: number, body: unknown): Reply {
  return { status, body };
}

/** The outcome of a domain result: its value as the reply's body, or the failure. */
export function outcome<T>(
  result: { ok: true; value: T } | { ok: false; error: DomainError },
  status: number,
  body: (value: T) => unknown = (value) => value,
): Outcome {
  return result.ok ? reply(status, body(result.value)) : { error: result.error };
}
