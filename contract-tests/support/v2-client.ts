/**
 * The suite's client of the platform's V2 account import (decision 028): HTTP to the target and
 * nothing else, every answer checked against the spec before the test sees it, like the v1
 * client (api-client.ts), but judged by V2's sources. The interface reference is silent on all of
 * V2, so the platform's published document is its only source: a violation of what the platform
 * states fails the test against every target, and only what the kit decided where the platform is
 * silent (its reviewed kit relaxations, spec/response-assumptions.ts) is a soft `kit-assumption` finding outside
 * mock mode. Exchanges go into the v1 client's log, so a failing test attaches them redacted.
 *
 * @example
 * const scheduled = await v2.schedule({ payload: account, task_params: {} });
 * expect(scheduled.status).toBe(201);
 */
import type { APIRequestContext, TestInfo } from '@playwright/test';
import { dataImport } from '../../spec/index.ts';
import { relaxedContract } from '../../spec/response-assumptions.ts';
import {
  ConformanceError,
  DataImportClient,
  type Exchange,
  readAnswer,
  safeFetch,
} from './api-client.ts';
import { REQUEST_TIMEOUT_MS } from './limits.ts';
import { redactHeaders, redactJson, redactText } from './redact.ts';
import type { ContractMode } from './settings.ts';
import { SOFT_ANNOTATIONS } from './sources.ts';
import { V2_OPERATIONS } from './v2-titles.ts';
import { safeModeRefusal } from './write-operations.ts';

export { V2_OPERATIONS };

/** Options of one V2 call. */
export interface V2CallOptions {
  /** A deliberate negative case: the client's own request check (GEN-11) is skipped. */
  invalid?: boolean;
}

/** The outcome of judging one V2 answer: the platform's statements are hard (decision 028). */
export type V2Verdict =
  | { kind: 'pass' }
  | { kind: 'soft-kit'; problems: string[] }
  | { kind: 'fail'; problems: string[] };

/**
 * Judges a V2 answer: against the kit's mock every problem fails; elsewhere a problem that goes
 * away when objects are opened to additions is none, one that goes away under the kit's reviewed
 * relaxations is the kit's (soft), and anything else breaks the platform's document (hard).
 */
export function judgeV2Response(
  operationId: string,
  status: number,
  contentType: string | undefined,
  body: unknown,
  mode: ContractMode,
): V2Verdict {
  const strict = dataImport.checkResponse(operationId, status, contentType, body);
  if (strict.ok) return { kind: 'pass' };
  if (mode === 'mock') return { kind: 'fail', problems: strict.problems };
  const check = (sources: readonly 'kit'[]) =>
    relaxedContract(sources).checkResponse(operationId, status, contentType, body);
  if (check([]).ok) return { kind: 'pass' };
  const loose = check(['kit']);
  if (loose.ok) return { kind: 'soft-kit', problems: strict.problems };
  return { kind: 'fail', problems: loose.problems };
}

/** What the client needs from its fixture. */
export interface V2ClientContext {
  request: APIRequestContext;
  mode: ContractMode;
  testInfo: TestInfo;
  token: () => Promise<string>;
  /** The v1 client's log: exchanges are attached with it when the test fails. */
  log: DataImportClient['log'];
}

/** The V2 client; one per test (see v2/fixtures.ts). */
export class V2Client {
  readonly #ctx: V2ClientContext;

  constructor(ctx: V2ClientContext) {
    this.#ctx = ctx;
  }

  /** Schedules an account creation (`{payload, task_params}`): 201 with no body. */
  schedule(body: unknown, options?: V2CallOptions) {
    return this.call(V2_OPERATIONS.schedule, {}, body, options);
  }

  /** Validates an account (`{payload}`): 200 with no body, or the standardized 400. */
  validate(body: unknown, options?: V2CallOptions) {
    return this.call(V2_OPERATIONS.validate, {}, body, options);
  }

  /** The status of the task of a pair. */
  status(importSupplier: string, externalIdentifier: string) {
    return this.call<V2Status>(
      V2_OPERATIONS.status,
      { import_supplier_code: importSupplier, external_identifier: externalIdentifier },
      undefined,
    );
  }

  /** Calls a V2 operation and judges its answer (see {@link judgeV2Response}). */
  async call<T = unknown>(
    operationId: string,
    params: Record<string, string>,
    body: unknown,
    options: V2CallOptions = {},
  ): Promise<Exchange<T>> {
    const info = dataImport.operation(operationId);
    const { mode, request, testInfo } = this.#ctx;
    const refusal = safeModeRefusal(mode, operationId, options);
    if (refusal) throw new Error(refusal);
    if (info.hasRequestBody && !options.invalid) {
      const problems = dataImport.validateRequestBody(operationId, body);
      if (problems.length) {
        throw new Error(
          `The suite's own ${operationId} request breaks the spec; mark a deliberate negative case with { invalid: true }:\n${problems
            .map((p) => `  ${p.attr}: ${p.code} ${p.detail}`)
            .join('\n')}`,
        );
      }
    }
    const url = DataImportClient.path(operationId, params);
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: `Token ${await this.#ctx.token()}`,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await safeFetch(request, url, {
      method: info.method,
      headers,
      data: body === undefined ? undefined : JSON.stringify(body),
      maxRedirects: 0,
      failOnStatusCode: false,
      timeout: REQUEST_TIMEOUT_MS,
    });
    const { headers: responseHeaders, contentType, parsed, text } = await readAnswer(response);
    const status = response.status();
    this.#ctx.log.push({
      operationId,
      method: info.method,
      url,
      request: redactJson(body),
      status,
      headers: redactHeaders(responseHeaders),
      response: redactJson(parsed),
    });
    const verdict = judgeV2Response(operationId, status, contentType, parsed, mode);
    const where = `${operationId} (${info.method} ${url})`;
    if (verdict.kind === 'fail') {
      throw new ConformanceError(
        redactText(
          `${verdict.problems.join('\n')}\n  at ${where}\n(rests on the platform’s published document, V2's only source: hard)`,
        ),
      );
    }
    if (verdict.kind === 'soft-kit') {
      testInfo.annotations.push({
        type: SOFT_ANNOTATIONS.kit,
        description: redactText(`${verdict.problems.join('\n')}\n  at ${where}`),
      });
    }
    return {
      operationId,
      method: info.method,
      url,
      status,
      headers: responseHeaders,
      contentType,
      body: parsed as T,
      sentBody: parsed,
      text,
    };
  }
}

/** The V2 status body (the platform's ImportStatusResponse), as the suite reads it. */
export interface V2Status {
  status: string;
  kraken_identifier: string | null;
  created_at: string;
  modified_at: string;
  latest_event: { event: string; occurred_at: string; data?: V2Error | null };
  latest_error: V2Error | null;
}

/** The platform's LatestError. */
export interface V2Error {
  code?: string | null;
  detail?: string | null;
  domain?: string | null;
}
