/**
 * The transport-free shape of every operation (DEVELOPERS.md): `{params, query, body, headers}`
 * in, `{status, body, headers}` out. Adapters (MSW, the standalone server) only translate.
 */

import type { MockState } from '../domain/state.ts';
import type { MockEnv } from '../env.ts';

/** A request as an operation sees it. Header names are lower-case. */
export interface OperationRequest {
  params: Record<string, string>;
  query: Record<string, string | undefined>;
  /** The parsed JSON body; undefined when the request had none. */
  body: unknown;
  headers: Record<string, string | undefined>;
}

/** A response as an operation gives it; the body is serialised as JSON by the adapter. */
export interface OperationResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** What an operation may use: the state instance, the injected environment and runtime helpers. */
export interface OperationContext {
  state: MockState;
  env: MockEnv;
  /** Waits for a number of real milliseconds (the simulated processing time of process). */
  sleep(ms: number): Promise<void>;
  /** Accounts being processed right now, for the optional concurrency limit (PRC-9). */
  inFlight: { process: number };
}

/** One operation of an OpenAPI document, by operationId. */
export type Operation = (
  request: OperationRequest,
  context: OperationContext,
) => OperationResponse | Promise<OperationResponse>;
