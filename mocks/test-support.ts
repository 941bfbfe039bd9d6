/**
 * Test support for the post-import operations (mock part 2): a mock on a frozen mock clock, a
 * token of the demo API key, imported copies of the spec's examples, and requests through
 * `service.handle()` like a client's, each checked against the spec. Test code only.
 */
import { expect } from 'vitest';
import type { components } from '../spec/index.ts';
import { dataImport, openapiDocument } from '../spec/index.ts';
import { stateFromConfig } from './create-mock.ts';
import { defaultConfig } from './defaults.ts';
import { advanceClock, setClock } from './domain/clock.ts';
import { accountKey, type MockState } from './domain/state.ts';
import type { DocumentStore } from './env.ts';
import { nodeEnv } from './node-env.ts';
import type { PlainResponse } from './service.ts';
import { createTestClient } from './test-client.ts';

/** An account as the tests build it: always with its external account number (GEN-9). */
type Account = components['schemas']['Account'] & { external_account_number: string };

/** The mock clock of these tests (after the spec examples' supply start dates). */
export const FIXED_NOW = Date.parse('2024-04-15T10:00:00Z');
/** One day in milliseconds. */
export const DAY = 24 * 3600 * 1000;

/** A copy of one of the spec's examples. */
export function specExample<T = unknown>(name: string): T {
  const examples = (openapiDocument.components as { examples: Record<string, { value: unknown }> })
    .examples;
  return structuredClone(examples[name]!.value) as T;
}

let counter = 0;

/** A fresh mock whose clock stands at `now`, and a logged-in client of it. */
export async function createHarness(
  options: { now?: number; documents?: DocumentStore; state?: MockState } = {},
) {
  const now = options.now ?? FIXED_NOW;
  const client = createTestClient({
    now,
    documents: options.documents ?? { exists: () => false },
    ...(options.state ? { state: options.state } : {}),
  });
  const { mock } = client;
  // Frozen, so that every reading of the clock (with or without env.now) gives the same instant.
  mock.service.state.clock = setClock(new Date(now), true, now);
  // Tests move the clock by days and years; the token is not what they are about.
  mock.service.state.tokenLifetimeSeconds = 10 * 365 * 24 * 3600;
  await client.login();

  /** A request as a client sends it; a data-import response must be one the spec documents. */
  async function call(
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, string>; raw?: string } = {},
  ): Promise<PlainResponse> {
    const response = await client.call(method, path, options.body, {
      ...(options.query ? { query: options.query } : {}),
      ...(options.raw !== undefined ? { raw: options.raw } : {}),
    });
    const route = dataImport.route(method, path);
    if (route.kind === 'found') {
      expect(client.problems(route.operation.operationId, response)).toEqual([]);
    }
    return response;
  }

  /** A copy of the spec's DomesticAccount (or another account example), with a unique number. */
  function account(example = 'DomesticAccount', overrides: Record<string, unknown> = {}): Account {
    counter += 1;
    const copy = specExample<Account>(example);
    // Each copy holds references of its own: the platform refuses a reference another account
    // holds (reference_already_exists).
    const references = copy.references?.map((r) => ({ ...r, value: `${r.value}-${counter}` }));
    return {
      ...copy,
      ...(references ? { references } : {}),
      external_account_number: `PART2-${counter}`,
      ...overrides,
    } as Account;
  }

  async function stage(staged: Account): Promise<Account> {
    const response = await call(
      'POST',
      '/v1/data-import/account-import-process/create-or-update/',
      {
        body: staged,
      },
    );
    expect(response.status).toBe(201);
    return staged;
  }

  const key = (of: Account) => accountKey(of.import_supplier, of.external_account_number ?? '');

  return {
    mock,
    call,
    account,
    stage,
    /** Stages and processes an account (a fresh DomesticAccount by default) with team MIGRATIONS. */
    async imported(imported: Account = account()): Promise<Account> {
      await stage(imported);
      const processed = await call('POST', '/v1/data-import/account-import-process/process/', {
        body: {
          import_supplier_code: imported.import_supplier,
          external_account_number: imported.external_account_number,
          operations_team_name: 'MIGRATIONS',
        },
      });
      expect(processed.status).toBe(201);
      return imported;
    },
    key,
    serviceAccountNumber(of: Account): string {
      return mock.service.state.accounts.get(key(of))!.serviceAccountNumber!;
    },
    /** Moves the mock clock forward. */
    advance(ms: number) {
      mock.service.state.clock = advanceClock(mock.service.state.clock, ms);
    },
    /** The system time the environment reports (the clock itself is frozen). */
    systemNow: now,
    snapshot(): string {
      return JSON.stringify(mock.service.state);
    },
  };
}

/**
 * For the domain core's own tests: a fresh state of the default configuration holding the spec's
 * DomesticAccount (or the account given) as imported, and an environment at {@link FIXED_NOW}.
 */
export function importedState(account: Account = specExample<Account>('DomesticAccount')) {
  const env = nodeEnv({ now: () => FIXED_NOW, documents: { exists: () => false } });
  const state = stateFromConfig(defaultConfig, env);
  const key = accountKey(account.import_supplier, account.external_account_number ?? '');
  state.accounts.set(key, {
    importSupplier: account.import_supplier,
    externalAccountNumber: account.external_account_number ?? '',
    status: 'imported',
    data: account,
    stagedAt: '2024-04-01T09:00:00Z',
    updatedAt: '2024-04-01T09:00:00Z',
    serviceAccountNumber: 'A-E8981832',
    createdAt: '2024-04-02T09:00:00Z',
    operationsTeam: 'MIGRATIONS',
  });
  return { state, env, key, record: state.accounts.get(key)! };
}

/** What {@link createHarness} gives. */
export type Harness = Awaited<ReturnType<typeof createHarness>>;
