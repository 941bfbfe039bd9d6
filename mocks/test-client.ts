/**
 * A small client for the mock's own tests: a fresh mock on a controllable clock, requests through
 * the same `service.handle()` both adapters use, a token, and the staging steps most tests need.
 * Test support only; no production module imports it.
 */

import type { components } from '../spec/index.ts';
import { dataImport, openapiDocument } from '../spec/index.ts';
import { createDataImportMock, type DataImportMockOptions } from './create-mock.ts';
import type { DocumentStore } from './env.ts';
import { nodeEnv } from './node-env.ts';
import type { PlainResponse } from './service.ts';

/** An account as the tests build it: always with its external account number (GEN-9). */
type Account = components['schemas']['Account'] & { external_account_number: string };

/** The instant the test clock starts at. */
export const TEST_NOW = Date.parse('2026-11-01T12:00:00Z');

/** A request option bag. */
export interface CallOptions {
  token?: string | null;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Send this text as the body instead of JSON-encoding `body`. */
  raw?: string;
}

/** Options of {@link createTestClient}: the mock's own, plus the start time and document store. */
export interface TestClientOptions extends Partial<DataImportMockOptions> {
  /** The system time the client starts at (default {@link TEST_NOW}). */
  now?: number;
  documents?: DocumentStore;
}

/** A fresh mock with helpers; `advance(ms)` moves the system time the mock clock follows. */
export function createTestClient({ now, documents, ...options }: TestClientOptions = {}) {
  let systemNow = now ?? TEST_NOW;
  let counter = 0;
  const env = nodeEnv({ now: () => systemNow, ...(documents ? { documents } : {}) });
  const mock = createDataImportMock({ env, ...options });
  let token: string | undefined;

  async function call(
    method: string,
    path: string,
    body?: unknown,
    opts: CallOptions = {},
  ): Promise<PlainResponse> {
    const auth = opts.token === null ? undefined : (opts.token ?? token);
    return mock.service.handle({
      method,
      path,
      query: opts.query ?? {},
      headers: {
        'content-type': 'application/json',
        ...(auth ? { authorization: `Token ${auth}` } : {}),
        ...opts.headers,
      },
      bodyText: opts.raw ?? (body === undefined ? '' : JSON.stringify(body)),
    });
  }

  async function obtainToken(input: Record<string, string> = { APIKey: 'demo-api-key' }) {
    const response = await call(
      'POST',
      '/v1/graphql/',
      {
        query:
          'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token payload refreshToken refreshExpiresIn } }',
        variables: { input },
      },
      { token: null },
    );
    return response.body as {
      data: {
        obtainKrakenToken: {
          token: string;
          refreshToken: string;
          refreshExpiresIn: number;
          payload: Record<string, unknown>;
        } | null;
      };
      errors?: { message: string; extensions: Record<string, string> }[];
    };
  }

  return {
    mock,
    call,
    obtainToken,
    /** Authenticates every later call with a fresh token of the demo API key. */
    async login(): Promise<string> {
      token = (await obtainToken()).data.obtainKrakenToken!.token;
      return token;
    },
    advance(ms: number) {
      systemNow += ms;
    },
    /** A copy of the spec's domestic example with a unique external account number. */
    account(overrides: Partial<Record<string, unknown>> = {}): Account {
      counter += 1;
      const example = structuredClone(
        (openapiDocument.components as Record<string, Record<string, { value: unknown }>>).examples!
          .DomesticAccount!.value as Account,
      );
      return {
        ...example,
        ...ownReferences(example, counter),
        external_account_number: `TEST-${counter}`,
        ...overrides,
      } as Account;
    },
    /** The spec's business example with a unique external account number. */
    businessAccount(): Account {
      counter += 1;
      const example = structuredClone(
        (openapiDocument.components as Record<string, Record<string, { value: unknown }>>).examples!
          .BusinessAccount!.value as Account,
      );
      return {
        ...example,
        ...ownReferences(example, counter),
        external_account_number: `TEST-B-${counter}`,
      } as Account;
    },
    stage(account: Account) {
      return call('POST', '/v1/data-import/account-import-process/create-or-update/', account);
    },
    process(externalAccountNumber: string, extra: Record<string, unknown> = {}) {
      return call('POST', '/v1/data-import/account-import-process/process/', {
        import_supplier_code: 'DEMO_ENERGY',
        external_account_number: externalAccountNumber,
        operations_team_name: 'MIGRATIONS',
        ...extra,
      });
    },
    /** Problems of a response against the spec for an operation (schemathesis-style wording). */
    problems(operationId: string, response: PlainResponse): string[] {
      return dataImport.checkResponse(
        operationId,
        response.status,
        'application/json',
        response.body,
      ).problems;
    },
    snapshot(): string {
      return JSON.stringify(mock.service.state);
    },
  };
}

/**
 * The example's references made the copy's own: the platform refuses a reference another
 * account holds (reference_already_exists), and tests import several copies of one example.
 */
function ownReferences(example: Account, n: number): Partial<Account> {
  const references = example.references?.map((r) => ({ ...r, value: `${r.value}-${n}` }));
  return references ? { references } : {};
}
