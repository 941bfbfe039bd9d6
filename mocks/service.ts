/**
 * The mock as one object: a state instance, the injected environment and the operations, behind
 * a single transport-neutral entry point `handle()`. Both adapters (MSW handlers, the standalone
 * server) hand it the same plain request, so they cannot disagree; everything the interface says
 * about requests in general lives here once: routing (404, 405 with Allow), authentication
 * (AUTH-2, AUTH-3), JSON parsing and content type, the journal, persistence of acknowledged
 * changes, and 500 for the unexpected (ERR-6).
 */
import { dataImport } from '../spec/index.ts';
import { authenticate } from './domain/auth.ts';
import type { MockState } from './domain/state.ts';
import type { MockEnv } from './env.ts';
import { Journal } from './journal.ts';
import { dataImportOperations } from './operations/index.ts';
import type { Operation, OperationContext, OperationResponse } from './operations/types.ts';

/** A request as an adapter hands it over: no transport objects, the body as text. */
export interface PlainRequest {
  method: string;
  /** The path without query string, e.g. `/v1/data-import/validate-account/`. */
  path: string;
  query: Record<string, string | undefined>;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  bodyText: string;
}

/** A response as the adapters send it: the body is serialised as JSON. */
export type PlainResponse = OperationResponse;

/** A second OpenAPI document served by the same service (the operator's control API). */
export interface ExtraApi {
  prefix: string;
  handle(request: PlainRequest, service: MockService): Promise<PlainResponse>;
}

/** How a service is made. */
export interface MockServiceOptions {
  state: MockState;
  env: MockEnv;
  /** Called after a request that may have changed the state, before the answer is sent. */
  onChange?: (state: MockState) => Promise<void> | void;
  /** Operator APIs mounted under a path prefix (the control API under `/__mock/`). */
  extraApis?: ExtraApi[];
  journalCapacity?: number;
}

function errorBody(detail: string, code: string) {
  return { detail, code, errors: [] };
}

function isJsonContentType(value: string | undefined): boolean {
  const media = (value ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return media === 'application/json' || media.endsWith('+json');
}

/** The mock service. */
export class MockService {
  state: MockState;
  readonly env: MockEnv;
  readonly journal: Journal;
  readonly #onChange?: MockServiceOptions['onChange'];
  readonly #extraApis: ExtraApi[];
  readonly #inFlight = { process: 0 };

  constructor(options: MockServiceOptions) {
    this.state = options.state;
    this.env = options.env;
    this.journal = new Journal(options.journalCapacity);
    this.#onChange = options.onChange;
    this.#extraApis = options.extraApis ?? [];
  }

  /** The context an operation runs in. */
  context(): OperationContext {
    return {
      state: this.state,
      env: this.env,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      inFlight: this.#inFlight,
    };
  }

  /** Persists the state after a change (an acknowledged request is never lost). */
  async changed(): Promise<void> {
    await this.#onChange?.(this.state);
  }

  /** Answers one request; never throws. */
  async handle(request: PlainRequest): Promise<PlainResponse> {
    let response: PlainResponse;
    let operationId: string | null = null;
    try {
      const extra = this.#extraApis.find((api) => request.path.startsWith(api.prefix));
      if (extra) {
        response = await extra.handle(request, this);
      } else {
        const route = dataImport.route(request.method, request.path);
        if (route.kind === 'found') operationId = route.operation.operationId;
        response = await this.#dispatch(request, route);
      }
    } catch (error) {
      response = {
        status: 500,
        body: errorBody(`Unexpected error: ${(error as Error).message}`, 'server_error'),
      };
    }
    this.journal.record({
      at: new Date(this.env.now()).toISOString(),
      method: request.method,
      path: request.path,
      operationId,
      status: response.status,
      headers: Object.fromEntries(
        Object.entries(request.headers).filter((e): e is [string, string] => e[1] !== undefined),
      ),
      bodyText: request.bodyText,
    });
    return response;
  }

  async #dispatch(
    request: PlainRequest,
    route: ReturnType<typeof dataImport.route>,
  ): Promise<PlainResponse> {
    if (route.kind === 'not_found') {
      return { status: 404, body: errorBody(`No route for ${request.path}.`, 'not_found') };
    }
    if (route.kind === 'method_not_allowed') {
      return {
        status: 405,
        headers: { allow: route.allow.join(', ') },
        body: errorBody(`Method "${request.method}" not allowed.`, 'method_not_allowed'),
      };
    }
    const { operation: info, params } = route;
    const operation = dataImportOperations[info.operationId] as
      | (Operation & { malformedBody?: (detail: string) => PlainResponse })
      | undefined;
    if (info.secured) {
      const auth = authenticate(this.state, this.env, request.headers.authorization);
      if (!auth.ok) {
        return { status: 401, body: errorBody(auth.error.detail, auth.error.code) };
      }
    }
    if (!operation) {
      return {
        status: 501,
        body: errorBody(
          `${info.operationId} is not implemented by the mock yet.`,
          'not_implemented',
        ),
      };
    }
    let body: unknown;
    if (info.hasRequestBody && request.bodyText.trim() !== '') {
      const malformed = (detail: string, status = 400, code = 'parse_error') =>
        operation.malformedBody?.(detail) ?? {
          status,
          body: {
            detail,
            code,
            errors: [{ attr: 'non_field_errors', code, detail }],
          },
        };
      if (!isJsonContentType(request.headers['content-type'])) {
        return malformed(
          `Unsupported media type "${request.headers['content-type'] ?? ''}" in request; send application/json.`,
          415,
          'unsupported_media_type',
        );
      }
      try {
        body = JSON.parse(request.bodyText);
      } catch (error) {
        return malformed(`JSON parse error - ${(error as Error).message}`);
      }
    }
    const response = await operation(
      { params, query: request.query, body, headers: request.headers },
      this.context(),
    );
    if (info.method !== 'GET') await this.changed();
    return response;
  }
}
