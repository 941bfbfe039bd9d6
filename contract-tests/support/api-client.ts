/**
 * The suite's client of the Data-Import interface: HTTP to a base URL and nothing else (the suite
 * knows nothing of the mock's internals). Every response of every call is checked against the
 * spec (status documented, content type, body schema) before the test sees it; a violation
 * throws with the spec module's "Received ... / Documented ..." text, or, when it rests only on a
 * kit assumption and the target is not the kit's mock, becomes a `kit-assumption` annotation.
 *
 * @example
 * const staged = await api.stage(account);          // 201, checked against the spec
 * expect(staged.status).toBe(201);
 * const refused = await api.stage({}, { invalid: true, authorization: null });
 */
import type { APIRequestContext, APIResponse, TestInfo } from '@playwright/test';
import { dataImport } from '../../spec/index.ts';
import { judgeResponse } from './conformance.ts';
import { type Dialect, platformValue, readAsReference } from './dialect.ts';
import { REQUEST_TIMEOUT_MS } from './limits.ts';
import { issuedPayload, obtainTokenRequest, type TokenFieldNames } from './obtain-token.ts';
import { redactCallLog, redactHeaders, redactJson, redactText, registerSecret } from './redact.ts';
import type { ContractMode } from './settings.ts';
import { SOFT_ANNOTATIONS, SOURCE_NAMES, type SoftSource } from './sources.ts';
import { safeModeRefusal } from './write-operations.ts';

/** One request and its response, as a test sees it. */
export interface Exchange<T = unknown> {
  operationId: string;
  method: string;
  /** The path with its query string. */
  url: string;
  status: number;
  headers: Record<string, string>;
  contentType: string | undefined;
  /** The body parsed as JSON, or the text when it is not JSON. */
  body: T;
  /**
   * The body as the target sent it. In the platform dialect (decision 026) `body` is read back in
   * the reference's names and shape where the two differ; this is the platform's own.
   */
  sentBody: unknown;
  text: string;
}

/** Options of one call. */
export interface CallOptions {
  /** Query parameters (booleans as true/false). */
  query?: Record<string, string | boolean | undefined>;
  /**
   * The Authorization header: omitted or undefined sends `Token <worker token>`; null sends none;
   * a string is sent as it is.
   */
  authorization?: string | null;
  /** Send this text as the body instead of JSON-encoding it. */
  raw?: string;
  /** Extra request headers. */
  headers?: Record<string, string>;
  /**
   * The request deliberately breaks the request schema (a negative case), so the client's own
   * check that it sends only documented fields (GEN-11) is skipped.
   */
  invalid?: boolean;
  /**
   * The status or body of this exchange rests on a source other than the reference (named here):
   * outside mock mode any conformance problem of it is a soft finding of `source`.
   */
  assumption?: string;
  /** The source `assumption` rests on: the kit's (default) or the real platform's document. */
  source?: SoftSource;
}

/** A response that breaks the spec in a way the reference itself rules out. */
export class ConformanceError extends Error {
  override name = 'ConformanceError';
}

/** What the client needs from its fixture. */
export interface ClientContext {
  request: APIRequestContext;
  mode: ContractMode;
  testInfo: TestInfo;
  /** The worker's token (obtained once per worker). */
  token: () => Promise<string>;
  /** The run id, under which tokens this client sees are registered for the report scan. */
  runId: string;
  /** The ObtainToken mutation's field names (OBTAIN_TOKEN_*). */
  tokenFields: TokenFieldNames;
  /** Whose answers the target gives (CONTRACT_DIALECT, or the project's; decision 026). */
  dialect?: Dialect;
}

type Params = Record<string, string>;

/**
 * `request.fetch` whose errors carry no secret: Playwright's call log of a failed request (a
 * refused connection, a timeout) lists the request headers, Authorization included, so the error
 * is rethrown with its message redacted and without the original as its cause.
 */
export async function safeFetch(
  request: APIRequestContext,
  url: string,
  options: Parameters<APIRequestContext['fetch']>[1],
): Promise<Awaited<ReturnType<APIRequestContext['fetch']>>> {
  try {
    return await request.fetch(url, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(redactCallLog(message));
  }
}

/** The interface's client; one per test (see fixtures.ts). */
export class DataImportClient {
  /** Every exchange of the test, redacted, attached to the report when the test fails. */
  readonly log: {
    operationId: string;
    method: string;
    url: string;
    request?: unknown;
    status: number;
    headers: Record<string, string>;
    response: unknown;
  }[] = [];
  readonly #ctx: ClientContext;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
  }

  /** The path of an operation with its parameters filled in. */
  static path(operationId: string, params: Params = {}): string {
    const info = dataImport.operation(operationId);
    return info.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${operationId}: missing path parameter ${name}`);
      return encodeURIComponent(value);
    });
  }

  /**
   * Calls an operation by its operationId and checks the response against the spec.
   * Throws {@link ConformanceError} for a violation of the reference.
   */
  async call<T = unknown>(
    operationId: string,
    params: Params,
    body: unknown,
    options: CallOptions = {},
  ): Promise<Exchange<T>> {
    const info = dataImport.operation(operationId);
    const { mode, request, testInfo } = this.#ctx;
    const sendsWorkerToken = options.authorization === undefined;
    const refusal = safeModeRefusal(mode, operationId, options);
    if (refusal) throw new Error(refusal);
    if (info.hasRequestBody && !options.invalid && options.raw === undefined) {
      const problems = dataImport.validateRequestBody(operationId, body);
      if (problems.length) {
        throw new Error(
          `The suite's own ${operationId} request breaks the spec (GEN-11: payloads contain only documented fields); mark a deliberate negative case with { invalid: true }:\n${problems
            .map((p) => `  ${p.attr}: ${p.code} ${p.detail}`)
            .join('\n')}`,
        );
      }
    }
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (sendsWorkerToken && info.secured)
      headers.authorization = `Token ${await this.#ctx.token()}`;
    else if (typeof options.authorization === 'string')
      headers.authorization = options.authorization;
    const query = Object.entries(options.query ?? {}).filter(([, v]) => v !== undefined);
    const search = query.length
      ? `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString()}`
      : '';
    const url = `${DataImportClient.path(operationId, params)}${search}`;
    let data: string | Buffer | undefined;
    // A raw body goes as bytes: Playwright JSON-encodes a string that is not valid JSON when the
    // content type is JSON, so a malformed body given as a string would arrive as a valid JSON
    // string instead (GEN-2's negative case would test nothing).
    if (options.raw !== undefined) data = Buffer.from(options.raw, 'utf8');
    else if (body !== undefined) data = JSON.stringify(body);
    if (data !== undefined && !headers['content-type'])
      headers['content-type'] = 'application/json';

    const response = await safeFetch(request, url, {
      method: info.method,
      headers,
      data,
      maxRedirects: 0,
      failOnStatusCode: false,
      timeout: REQUEST_TIMEOUT_MS,
    });
    const { headers: responseHeaders, contentType, parsed, text } = await readAnswer(response);
    if (operationId === 'obtainToken') {
      // Tokens a test obtains are secrets like the worker's: redact them everywhere.
      const names = this.#ctx.tokenFields;
      const issued = issuedPayload(names, parsed);
      for (const key of [names.tokenField, names.refreshField]) {
        const value = issued?.[key];
        if (typeof value === 'string') registerSecret(value, this.#ctx.runId);
      }
    }
    const exchange: Exchange<T> = {
      operationId,
      method: info.method,
      url,
      status: response.status(),
      headers: responseHeaders,
      contentType,
      body: parsed as T,
      sentBody: parsed,
      text,
    };
    this.log.push({
      operationId,
      method: info.method,
      url,
      request: options.raw !== undefined ? redactText(options.raw) : redactJson(body),
      status: exchange.status,
      headers: redactHeaders(responseHeaders),
      response: redactJson(parsed),
    });
    this.#check(exchange, options.assumption, options.source ?? 'kit', testInfo);
    // Checked against the dialect's shape above; the rules read it in the reference's terms.
    exchange.body = readAsReference(this.dialect, operationId, exchange.status, parsed) as T;
    return exchange;
  }

  /**
   * The transfer status the target answers for a reference status (STS-4..STS-8): the same in
   * the reference's dialect, the platform's value in the platform's (decision 026).
   */
  transferStatusOf(status: 'UNKNOWN' | 'PENDING' | 'IN_PROGRESS' | 'REJECTED' | 'COMPLETED') {
    return platformValue(this.dialect, 'getAccountTransferStatus', 200, 'status', status);
  }

  /** Whose answers the target gives (decision 026). */
  get dialect(): Dialect {
    return this.#ctx.dialect ?? 'reference';
  }

  #check(
    exchange: Exchange,
    assumption: string | undefined,
    source: SoftSource,
    testInfo: TestInfo,
  ): void {
    const where = `${exchange.operationId} (${exchange.method} ${exchange.url})`;
    const violations = exchange.headers['sl-violations'];
    if (violations) {
      throw new ConformanceError(
        redactText(
          `Prism reports a contract violation\nReceived: sl-violations ${violations}\nDocumented: no violation\n  at ${where}`,
        ),
      );
    }
    const verdict = judgeResponse(
      exchange.operationId,
      exchange.status,
      exchange.contentType,
      exchange.body,
      this.#ctx.mode,
      assumption,
      source,
      this.dialect,
    );
    if (verdict.kind === 'pass') return;
    const text = redactText(`${verdict.problems.join('\n')}\n  at ${where}`);
    if (verdict.kind === 'fail') {
      throw new ConformanceError(`${text}\n(rests on ${SOURCE_NAMES.reference})`);
    }
    testInfo.annotations.push({ type: SOFT_ANNOTATIONS[verdict.source], description: text });
  }

  // --- One method per operation (paths and methods come from the spec). ---

  /**
   * ObtainToken (AUTH-1): the GraphQL mutation with the given input, under the configured field
   * names (OBTAIN_TOKEN_*). `input` takes the roles `apiKey` and `refreshToken`, which are sent
   * under the configured input field names.
   */
  obtainToken(input: { apiKey?: string; refreshToken?: string }, options: CallOptions = {}) {
    const names = this.#ctx.tokenFields;
    const sent: Record<string, string> = {};
    if (input.apiKey !== undefined) sent[names.keyField] = input.apiKey;
    if (input.refreshToken !== undefined) sent[names.refreshField] = input.refreshToken;
    return this.call('obtainToken', {}, obtainTokenRequest(names, sent), options);
  }

  /** The token field names the client sends ObtainToken with. */
  get tokenFields(): TokenFieldNames {
    return this.#ctx.tokenFields;
  }

  /** validate-account (VAL-1). */
  validateAccount(account: unknown, options?: CallOptions) {
    return this.call('validateAccount', {}, account, options);
  }

  /** create-or-update (STG-1). */
  stage(account: unknown, options?: CallOptions) {
    return this.call<Record<string, unknown>>(
      'createOrUpdateAccountImportProcess',
      {},
      account,
      options,
    );
  }

  /** process (PRC-1). */
  process(body: unknown, options?: CallOptions) {
    return this.call<Record<string, unknown>>('processAccountImportProcess', {}, body, options);
  }

  /** notes/create (NOTE-1). */
  createNotes(body: unknown, options?: CallOptions) {
    return this.call('createNotes', {}, body, options);
  }

  /** transactions/create (TXN-1). */
  createTransactions(body: unknown, options?: CallOptions) {
    return this.call('createTransactions', {}, body, options);
  }

  /** historical-statements/create (HST-1). */
  createHistoricalStatements(body: unknown, options?: CallOptions) {
    return this.call('createHistoricalStatements', {}, body, options);
  }

  /** payment-instruction/create (PAY-1). */
  createPaymentInstruction(body: unknown, options?: CallOptions) {
    return this.call('createPaymentInstruction', {}, body, options);
  }

  /** send-registration-flows (REG-1). */
  sendRegistrationFlows(supplier: string, external: string, options?: CallOptions) {
    return this.call(
      'sendRegistrationFlows',
      { import_supplier_code: supplier, external_account_number: external },
      undefined,
      options,
    );
  }

  /** account-transfer-status (STS-1). */
  transferStatus(supplier: string, external: string, options?: CallOptions) {
    return this.call<{ status: string; service_account_number: string }>(
      'getAccountTransferStatus',
      { import_supplier_code: supplier, external_account_number: external },
      undefined,
      options,
    );
  }

  /** meterpoint-statuses-for-account (STS-13). */
  meterPointStatuses(supplier: string, external: string, options?: CallOptions) {
    return this.call(
      'getMeterpointStatusesForAccount',
      { import_supplier_code: supplier, external_account_number: external },
      undefined,
      options,
    );
  }

  /** all-, pending- or imported-account-import-processes (STS-9..STS-11). */
  list(which: 'all' | 'pending' | 'imported', supplier: string, options?: CallOptions) {
    const operationId = {
      all: 'listAllAccountImportProcesses',
      pending: 'listPendingAccountImportProcesses',
      imported: 'listImportedAccountImportProcesses',
    }[which];
    return this.call<ImportProcessSummary[]>(
      operationId,
      { import_supplier_code: supplier },
      undefined,
      options,
    );
  }
}

/** One item of the list operations (STS-9). */
export interface ImportProcessSummary {
  external_account_number: string;
  service_account_number: string | null;
  account_created_at: string | null;
}

/** An answer's headers and body: JSON parsed when it says it is JSON, its text otherwise. */
export async function readAnswer(response: APIResponse): Promise<{
  headers: Record<string, string>;
  contentType: string | undefined;
  parsed: unknown;
  text: string;
}> {
  const text = await response.text();
  const headers = response.headers();
  const contentType = headers['content-type'];
  let parsed: unknown = text;
  if (text && /json/i.test(contentType ?? '')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { headers, contentType, parsed, text };
}
