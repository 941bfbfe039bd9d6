/**
 * The edge (decisions 003 and 008): one dispatcher for both OpenAPI documents the mock serves,
 * the Data-Import interface and the operator's control API under `/__mock/`. Both adapters (MSW
 * handlers, the standalone server) hand it the same plain request, so they cannot disagree, and
 * everything the interface says about requests in general happens here once, for both documents:
 * routing from the spec (404, 405 with Allow), authentication (AUTH-2, AUTH-3) before the body is
 * read, content type (415) and JSON (400), validation of the body and query against the
 * operation's schemas (ERR-1, ERR-4, ERR-5), the mapping of every failure to its body through the
 * error catalogue, the journal, persistence of the requests that changed the state, and 500 for
 * the unexpected (ERR-6). Operations receive typed, validated input and contain no such checks.
 */
import {
  type Contract,
  dataImport,
  errorCatalogue,
  type FieldError,
  type OperationInfo,
} from '../spec/index.ts';
import { type Dialect, platformAnswer } from './dialect.ts';
import { authenticate } from './domain/auth.ts';
import { clockNow } from './domain/clock.ts';
import type { MockEnv } from './domain/env.ts';
import {
  type ConnectionFault,
  createFaultBook,
  decideFault,
  type FaultBook,
  type FaultDecision,
  type FaultMark,
  type FaultPlan,
  type FaultSubject,
} from './domain/faults.ts';
import { JsonChunks, LazyList } from './domain/lazy-list.ts';
import {
  createOverrideBook,
  decideOverride,
  type Override,
  type OverrideBook,
} from './domain/overrides.ts';
import type { DomainError } from './domain/result.ts';
import type { MockState } from './domain/state.ts';
import { errorResponse, type PlainResponse } from './error-bodies.ts';
import { Journal } from './journal.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';
import { dataImportOperations } from './operations/index.ts';
import type { OperationContext, Outcome } from './operations/types.ts';
import { checkOverrides, overrideRefusal } from './overrides-check.ts';
import { preferredAnswer } from './prefer.ts';

export type { PlainResponse } from './error-bodies.ts';

/** A request as an adapter hands it over: no transport objects, the body as text. */
export interface PlainRequest {
  method: string;
  /** The path without query string, e.g. `/v1/data-import/validate-account/`. */
  path: string;
  query: Record<string, string | undefined>;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  bodyText: string;
  /** Set by an adapter that stopped reading a body over its limit (bytes): the answer is 413. */
  bodyTooLarge?: number;
}

/** The input of an operation as the edge builds it, before each document's map gives it its types. */
interface EdgeInput {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
  headers: Record<string, string | undefined>;
  itemErrors: FieldError[];
}

/** An operation of one of the documents, as the edge calls it. */
type AnyOperation<Context> = (input: EdgeInput, context: Context) => Outcome | Promise<Outcome>;

/** One OpenAPI document the service serves: its compiled contract and its operations. */
export interface ApiDefinition<Context = unknown> {
  /** Paths under this prefix belong to the document ('' for the interface). */
  prefix: string;
  contract: Contract;
  operations: Record<string, AnyOperation<Context>>;
  /** What its operations may use. */
  context(service: MockService): Context;
  /**
   * Whether the fault plan and `Prefer` apply to its operations (decision 024): the interface's,
   * never the control API's, so that the operator can always clear a plan.
   */
  faults?: boolean;
}

/** Seconds a client waits before sending a request the store could not keep again. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

/**
 * A change that could not be made durable (a full or failing disk): the request is refused with
 * 503 and `Retry-After`, and the service goes on from `restored`, the state as it was last
 * stored, so that the refused change is not answered by later requests either.
 */
export class StorageUnavailable extends Error {
  override name = 'StorageUnavailable';
  readonly restored: MockState | undefined;

  constructor(reason: string, restored?: MockState) {
    super(reason);
    this.restored = restored;
  }
}

/** The 503 of a change that cannot be stored, with the seconds to wait before a retry. */
function storageUnavailable(reason: string, info: OperationInfo): PlainResponse {
  return errorResponse({ code: 'storage_unavailable', data: { reason } }, info, {
    'retry-after': String(STORAGE_RETRY_AFTER_SECONDS),
  });
}

/** How a service is made. */
export interface MockServiceOptions {
  state: MockState;
  env: MockEnv;
  /** Called after a request that changed the state, before the answer is sent. */
  onChange?: (state: MockState) => Promise<void> | void;
  /**
   * Why a request that may change the state cannot be stored now (a store short of room), or
   * undefined: such a request is refused with 503 before its operation runs, so nothing changes.
   */
  refuseWrites?: () => string | undefined;
  /** Further documents served beside the interface (the control API under `/__mock/`). */
  // biome-ignore lint/suspicious/noExplicitAny: each document brings the context its operations take
  extraApis?: ApiDefinition<any>[];
  journalCapacity?: number;
  /** Credentials the journal looks for in every text it shows (the configured API keys). */
  secrets?: readonly string[];
  /** The fault plan the service starts and resets with (decision 024); none when absent. */
  faults?: FaultPlan;
  /** The overrides the service starts and resets with (decision 025); none when absent. */
  overrides?: readonly Override[];
  /**
   * Whose answers the interface gives (decision 026): the reference's (default) or, with
   * `platform`, the platform document's names and shapes wherever the spec records a difference.
   */
  dialect?: Dialect;
}

/** The fault plan given to a service cannot be used (a range whose start is after its end). */
export class FaultPlanError extends Error {
  override name = 'FaultPlanError';
}

/** A request's JSON body, or undefined when it is empty, not JSON or nested too deep. */
export function parsedBody(bodyText: string): unknown {
  if (bodyText === '' || nestsDeeperThan(bodyText)) return undefined;
  try {
    return JSON.parse(bodyText);
  } catch {
    return undefined;
  }
}

/**
 * A request's JSON body read once for the fault and the override that look into it: both are
 * decided for the same request, and a large body parsed twice doubles the cost of a fault plan.
 */
const readBodies = new WeakMap<PlainRequest, unknown>();
function bodyOf(request: PlainRequest): unknown {
  if (!readBodies.has(request)) readBodies.set(request, parsedBody(request.bodyText));
  return readBodies.get(request);
}

/** The supplier and account a request names, in its path or at the top of its JSON body. */
export function faultSubject(
  operationId: string,
  params: Record<string, string>,
  parsed: unknown,
): FaultSubject {
  // An unreadable body (undefined) names no supplier; the edge refuses it after the fault, if any.
  const body: Record<string, unknown> =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const field = (name: string) => (Object.hasOwn(body, name) ? text(body[name]) : undefined);
  return {
    operationId,
    importSupplier:
      text(params.import_supplier_code) ??
      field('import_supplier') ??
      field('import_supplier_code'),
    externalAccountNumber: text(params.external_account_number) ?? field('external_account_number'),
  };
}

/** A response with the connection fault the adapters apply to it. */
function withConnection(response: PlainResponse, connection: ConnectionFault): PlainResponse {
  return { ...response, connection };
}

function isJsonContentType(value: string | undefined): boolean {
  if (value === 'application/json') return true;
  const media = (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return media === 'application/json' || media.endsWith('+json');
}

/** Whether a validation failure lies inside one item of the array `name` (`transactions.3...`). */
function insideItem(name: string, attr: string): boolean {
  return attr.startsWith(`${name}.`) && /^\d+(\.|$)/.test(attr.slice(name.length + 1));
}

/** The mock service. */
export class MockService {
  state: MockState;
  readonly env: MockEnv;
  readonly journal: Journal;
  readonly #onChange?: MockServiceOptions['onChange'];
  readonly #refuseWrites?: MockServiceOptions['refuseWrites'];
  // biome-ignore lint/suspicious/noExplicitAny: see MockServiceOptions.extraApis
  readonly #apis: ApiDefinition<any>[];
  readonly #inFlight = { process: 0 };
  readonly #faultPlan: FaultPlan | undefined;
  /** Whose answers the interface gives (decision 026). */
  readonly dialect: Dialect;
  /** The fault plan in force and its counters (decision 024); not part of the state. */
  faults: FaultBook;
  readonly #configuredOverrides: readonly Override[] | undefined;
  /** The overrides in force and their counters (decision 025); not part of the state. */
  overrides: OverrideBook;

  constructor(options: MockServiceOptions) {
    this.state = options.state;
    this.env = options.env;
    this.journal = new Journal(options.journalCapacity);
    for (const secret of options.secrets ?? []) this.journal.redactor.addSecret(secret);
    this.#onChange = options.onChange;
    this.#refuseWrites = options.refuseWrites;
    this.#faultPlan = options.faults;
    this.dialect = options.dialect ?? 'reference';
    const book = createFaultBook(options.faults, (n) => this.env.randomBytes(n));
    if (!book.ok) {
      throw new FaultPlanError(
        `The fault plan is not valid: ${book.error.errors?.map((e) => `${e.attr}: ${e.detail}`).join('; ')}`,
      );
    }
    this.faults = book.value;
    this.#configuredOverrides = options.overrides;
    this.overrides = this.#configuredOverrideBook();
    const dataImportApi: ApiDefinition<OperationContext> = {
      prefix: '',
      contract: dataImport,
      operations: dataImportOperations as unknown as ApiDefinition<OperationContext>['operations'],
      context: (service) => service.context(),
      faults: true,
    };
    // Longest prefix first: the control API's `/__mock/` before the interface's ''.
    this.#apis = [...(options.extraApis ?? []), dataImportApi].sort(
      (a, b) => b.prefix.length - a.prefix.length,
    );
  }

  /** The context a data-import operation runs in. */
  context(): OperationContext {
    return {
      state: this.state,
      env: this.env,
      sleep: (ms) => this.sleep(ms),
      inFlight: this.#inFlight,
    };
  }

  /** Waits `ms` milliseconds with the environment's sleep (tests inject one that records). */
  sleep(ms: number): Promise<void> {
    return this.env.sleep ? this.env.sleep(ms) : new Promise((resolve) => setTimeout(resolve, ms));
  }

  /**
   * Goes back to a fresh state (the operator's reset): service account numbers keep counting up,
   * so a number is never given twice, and the journal is emptied.
   */
  reset(fresh: MockState): void {
    fresh.accountSequence = Math.max(fresh.accountSequence, this.state.accountSequence);
    this.state = fresh;
    this.journal.clear();
    // The configured plan again, its counters and draws from the start (decision 024).
    const book = createFaultBook(this.#faultPlan, (n) => this.env.randomBytes(n));
    if (book.ok) this.faults = book.value;
    this.overrides = this.#configuredOverrideBook();
  }

  /** The mock clock's instant in milliseconds. */
  clockMs(): number {
    return clockNow(this.state.clock, this.env.now()).getTime();
  }

  /** The configured overrides, fresh (decision 025); a service cannot start with a bad one. */
  #configuredOverrideBook(): OverrideBook {
    checkOverrides(this.#configuredOverrides);
    const book = createOverrideBook(this.#configuredOverrides, this.clockMs());
    if (!book.ok) throw overrideRefusal('An override', book.error);
    return book.value;
  }

  /** Answers one request; never throws. */
  async handle(request: PlainRequest): Promise<PlainResponse> {
    let response: PlainResponse;
    let operation: OperationInfo | null = null;
    let fault: FaultMark | undefined;
    let override: string | undefined;
    try {
      const api = this.#apis.find((a) => request.path.startsWith(a.prefix))!;
      const route = api.contract.route(request.method, request.path);
      if (route.kind === 'not_found') {
        response = errorResponse({ code: 'not_found', data: { path: request.path } });
      } else if (route.kind === 'method_not_allowed') {
        response = errorResponse(
          { code: 'method_not_allowed', data: { method: request.method } },
          null,
          {
            allow: route.allow.join(', '),
          },
        );
      } else {
        operation = route.operation;
        // Decided in the same step as the routing, before any wait: concurrent requests never
        // take the same count of a rule twice.
        const decision =
          api.faults && this.faults.rules.length > 0
            ? decideFault(
                this.faults,
                faultSubject(route.operation.operationId, route.params, bodyOf(request)),
                clockNow(this.state.clock, this.env.now()).getTime(),
              )
            : undefined;
        fault = decision?.mark;
        // An override stands for the service's answer, so a fault that fires comes first and an
        // override is chosen (its use counted) only when the request reaches the service.
        const dispatched = await this.#withFault(decision, route.operation, () => {
          const answer = api.faults
            ? this.#override(route.operation.operationId, route.params, request)
            : undefined;
          if (!answer) return this.#dispatch(api, route.operation, route.params, request);
          override = answer.id;
          const { status, headers, body } = answer;
          return Promise.resolve({ response: { status, headers, body } });
        });
        // The platform dialect maps the interface's answers once, here (decision 026); an
        // override's answer is the operator's, given as is (decision 025).
        response =
          api.faults && this.dialect === 'platform' && override === undefined
            ? platformAnswer(route.operation.operationId, request.bodyText, dispatched.response)
            : dispatched.response;
        fault = dispatched.mark ?? fault;
      }
    } catch (error) {
      response = errorResponse({
        code: 'server_error',
        data: { reason: (error as Error).message },
      });
    }
    // The answer is written as text once, here: the adapters send that text and the journal
    // keeps it, one flat string instead of the answer's objects held for a thousand requests
    // (which the garbage collector copied again and again). Streamed bodies stay lazy.
    if (
      response.bodyText === undefined &&
      response.body !== undefined &&
      Object.isExtensible(response) &&
      !(response.body instanceof LazyList) &&
      !(response.body instanceof JsonChunks)
    ) {
      // Not enumerable: the answer's fields stay its status, body and headers.
      Object.defineProperty(response, 'bodyText', {
        value: JSON.stringify(response.body),
        enumerable: false,
      });
    }
    // Kept as given, and written out only when the journal is read: no copies on the hot path.
    this.journal.record({
      atMs: this.env.now(),
      method: request.method,
      path: request.path,
      operationId: operation?.operationId ?? null,
      status: response.status,
      headers: request.headers,
      bodyText: request.bodyText,
      ...(response.bodyText === undefined
        ? { responseBody: response.body }
        : { responseText: response.bodyText }),
      ...(fault ? { fault } : {}),
      ...(override ? { override } : {}),
      clockMs: this.clockMs(),
    });
    return response;
  }

  /** The answer of the override the request matches (decision 025), chosen in one step. */
  #override(operationId: string, params: Record<string, string>, request: PlainRequest) {
    // A body cut at the adapter's limit is refused (413) whatever was stubbed: its shape is unknown.
    if (this.overrides.items.length === 0 || request.bodyTooLarge !== undefined) return undefined;
    const body = bodyOf(request);
    const names = faultSubject(operationId, params, body);
    return decideOverride(
      this.overrides,
      {
        method: request.method,
        path: request.path,
        operationId,
        headers: request.headers,
        body,
        bodyKnown: true,
        importSupplier: names.importSupplier,
        externalAccountNumber: names.externalAccountNumber,
      },
      {
        method: request.method,
        url: request.path,
        params,
        query: request.query,
        headers: request.headers,
        body,
      },
      this.clockMs(),
    );
  }

  /**
   * Applies a fault decision around the operation (decision 024): the wait first; before the
   * change, the fault's answer instead of the operation; after it, the operation's answer
   * replaced, lost or cut. A `Prefer` answer may mark the request instead.
   */
  async #withFault(
    decision: FaultDecision | undefined,
    info: OperationInfo,
    dispatch: () => Promise<{ response: PlainResponse; mark?: FaultMark }>,
  ): Promise<{ response: PlainResponse; mark?: FaultMark }> {
    if (!decision) return dispatch();
    if (decision.latencyMs > 0) await this.sleep(decision.latencyMs);
    const failed = decision.failure && errorResponse(decision.failure, info, decision.headers);
    if (decision.afterChange) {
      const { response } = await dispatch();
      const answer = failed ?? response;
      return {
        response: decision.connection ? withConnection(answer, decision.connection) : answer,
        mark: decision.mark,
      };
    }
    if (!failed) return dispatch();
    return {
      response: decision.connection ? withConnection(failed, decision.connection) : failed,
      mark: decision.mark,
    };
  }

  async #dispatch(
    // biome-ignore lint/suspicious/noExplicitAny: see MockServiceOptions.extraApis
    api: ApiDefinition<any>,
    info: OperationInfo,
    params: Record<string, string>,
    request: PlainRequest,
  ): Promise<{ response: PlainResponse; mark?: FaultMark }> {
    const answer = await this.#answer(api, info, params, request);
    return 'status' in answer ? { response: answer } : answer;
  }

  async #answer(
    // biome-ignore lint/suspicious/noExplicitAny: see MockServiceOptions.extraApis
    api: ApiDefinition<any>,
    info: OperationInfo,
    params: Record<string, string>,
    request: PlainRequest,
  ): Promise<PlainResponse | { response: PlainResponse; mark: FaultMark }> {
    const refuse = (error: DomainError, headers?: Record<string, string>) =>
      errorResponse(error, info, headers);
    if (request.bodyTooLarge !== undefined) {
      return refuse({ code: 'request_too_large', data: { limit: request.bodyTooLarge } });
    }
    if (info.secured) {
      const auth = authenticate(this.state, this.env, request.headers.authorization);
      if (!auth.ok) return refuse(auth.error);
    }
    const body = this.#readBody(info, request);
    if ('error' in body) return refuse(body.error);
    const query = api.contract.parseQuery(info.operationId, request.query);
    const bodyErrors = info.hasRequestBody
      ? api.contract.validateRequestBody(info.operationId, body.value)
      : [];
    const items = info.itemErrors;
    const itemErrors = items ? bodyErrors.filter((e) => insideItem(items, e.attr)) : [];
    const requestErrors = [
      ...api.contract.checkPath(info.operationId, params),
      ...query.errors,
      ...bodyErrors.filter((e) => !itemErrors.includes(e)),
    ];
    if (requestErrors.length > 0) {
      return refuse(
        info.unreadableBodyCode
          ? { code: info.unreadableBodyCode as DomainError['code'] }
          : { code: info.validationCode as DomainError['code'], errors: requestErrors },
      );
    }

    // A client's Prism-style `Prefer: code=` (decision 024): the documented or catalogue
    // answer, after the checks every request meets, and nothing changes.
    const preferred = api.faults
      ? preferredAnswer(api.contract.document, info, request.headers.prefer)
      : undefined;
    if (preferred) {
      if (preferred.kind === 'refused') return refuse(preferred.failure);
      const mark: FaultMark = {
        kind: 'prefer',
        rule_id: null,
        status: preferred.status,
        after_change: false,
      };
      const response: PlainResponse =
        preferred.kind === 'example'
          ? {
              status: preferred.status,
              body: preferred.body,
              ...(preferred.headers ? { headers: preferred.headers } : {}),
            }
          : refuse(preferred.failure, preferred.headers);
      return { response, mark };
    }

    const operation = api.operations[info.operationId];
    if (!operation) throw new Error(`${info.operationId} has no implementation.`);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const reason = this.#refuseWrites?.();
      if (reason !== undefined) return storageUnavailable(reason, info);
    }
    const before = { state: this.state, revision: this.state.revision };
    const outcome = await operation(
      { params, query: query.values, body: body.value, headers: request.headers, itemErrors },
      api.context(this),
    );
    // Only a request that changed the state is persisted, and before it is answered.
    if (this.state !== before.state || this.state.revision !== before.revision) {
      const written = this.state;
      try {
        await this.#onChange?.(written);
      } catch (error) {
        if (!(error instanceof StorageUnavailable)) throw error;
        // Requests that wrote the same state fail alike; only the first one goes back.
        if (error.restored && this.state === written) this.state = error.restored;
        return storageUnavailable(error.message, info);
      }
    }
    return 'error' in outcome ? refuse(outcome.error, outcome.headers) : outcome;
  }

  /** The JSON body of a request, or why it cannot be read (415, 400). */
  #readBody(
    info: OperationInfo,
    request: PlainRequest,
  ): { value: unknown } | { error: DomainError } {
    if (!info.hasRequestBody || request.bodyText.trim() === '') return { value: undefined };
    const unreadable = (
      code: 'unsupported_media_type' | 'parse_error',
      data: Record<string, unknown>,
    ) => {
      const detail = errorCatalogue.detail(code, data);
      return info.unreadableBodyCode
        ? { error: { code: info.unreadableBodyCode as DomainError['code'], detail } }
        : { error: { code, data, errors: [{ attr: 'non_field_errors', code, detail }] } };
    };
    if (!isJsonContentType(request.headers['content-type'])) {
      return unreadable('unsupported_media_type', {
        media_type: request.headers['content-type'] ?? '',
      });
    }
    // Refused before it is parsed: reading, validating and copying a value all recurse.
    if (nestsDeeperThan(request.bodyText)) {
      return unreadable('parse_error', {
        reason: `The body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`,
      });
    }
    try {
      return { value: JSON.parse(request.bodyText) };
    } catch (error) {
      return unreadable('parse_error', { reason: (error as Error).message });
    }
  }
}
