/**
 * The in-process factory (decision 003): `createDataImportMock(options)` gives MSW handlers over a
 * fresh state instance, for `setupServer(...handlers)` in a supplier's own tests.
 *
 * @example
 * const mock = createDataImportMock();
 * const server = setupServer(...mock.handlers);
 * server.listen({ onUnhandledRequest: 'error' });
 * afterEach(() => mock.reset());
 */
import type { RequestHandler } from 'msw';
import { memoise } from '../spec/formats/memo.ts';
import { createMswHandlers } from './adapters/msw-handlers.ts';
import { createControlApi } from './control/index.ts';
import {
  countRequests,
  findRequestsOf,
  type OverridesHandle,
  overridesHandle,
  verifyCount,
} from './control/overrides-handle.ts';
import type { RequestQuery } from './control/overrides-verify.ts';
import { defaultConfig, type MockConfig } from './defaults.ts';
import type { Dialect } from './dialect.ts';
import type { FaultPlan } from './domain/faults.ts';
import { faultProfileNames, findFaultProfile } from './domain/faults-profiles.ts';
import type { Override } from './domain/overrides.ts';
import { asState, createState, type MockState } from './domain/state.ts';
import { defaultEnv, type MockEnv } from './env.ts';
import { FaultPlanError, MockService } from './service.ts';

/** Options of {@link createDataImportMock}. */
export interface DataImportMockOptions {
  config?: MockConfig;
  /** Time, randomness and hashing; `defaultEnv()` (works in Node and browsers) when omitted. */
  env?: MockEnv;
  /** Origin the MSW handlers answer for; any origin when omitted. */
  baseUrl?: string;
  /** A state to start from instead of the configuration's fresh one (an export). */
  state?: MockState;
  onChange?: (state: MockState) => Promise<void> | void;
  /** Why a request that may change the state cannot be stored now (a store short of room). */
  refuseWrites?: () => string | undefined;
  /**
   * The fault plan the mock starts and resets with (decision 024), instead of the configuration's
   * `faults`: a named profile (`'flaky-network'`, `'rate-limited'`, `'slow-platform'`,
   * `'maintenance-window'`; GET /__mock/faults/profiles lists them) or a plan of your own (on
   * Node, `loadFaultProfile(FILE)` from `data-import-contract-kit/mocks/node` reads one).
   */
  faults?: string | FaultPlan;
  /** The overrides the mock starts and resets with (decision 025), instead of the configuration's. */
  overrides?: Override[];
  /**
   * Whose answers the interface gives (decision 026), instead of the configuration's `dialect`:
   * `reference` (default) or `platform`, the platform document's names and shapes.
   */
  dialect?: Dialect;
}

/** A fresh state from a configuration; API keys are stored hashed. */
export function stateFromConfig(config: MockConfig, env: MockEnv): MockState {
  return createState({
    apiKeyHashes: config.api_keys.map((k) => ({
      keyHash: env.hash(k.key),
      organisation: k.organisation,
    })),
    suppliers: config.suppliers.map((s) => ({
      code: s.code,
      status: s.status,
      emailsOnMigration: s.emails_on_migration ?? false,
      documentRoot: s.document_root ?? '',
    })),
    operationsTeams: config.operations_teams,
    tokenLifetimeSeconds: config.token_lifetime_seconds,
    refreshLifetimeSeconds: config.refresh_lifetime_seconds,
    processing: {
      concurrencyLimit: config.concurrency_limit ?? null,
      processingTimeMs: config.processing_time_ms ?? 0,
    },
    ...(config.platform_catalogue ? { platformCatalogue: config.platform_catalogue } : {}),
  });
}

/** A plan, or the named profile's (decision 024); an unknown name throws, listing the names. */
function namedPlan(faults: string | FaultPlan | undefined): FaultPlan | undefined {
  if (typeof faults !== 'string') return faults;
  const profile = findFaultProfile(faults);
  if (!profile) {
    throw new FaultPlanError(
      `No fault profile is named ${faults}; choose ${faultProfileNames().join(', ')}.`,
    );
  }
  return profile;
}

/** What {@link createDataImportMock} gives. */
export interface DataImportMock {
  handlers: RequestHandler[];
  service: MockService;
  /** The current state instance. */
  readonly state: MockState;
  /** Back to the configuration's fresh state; service account numbers keep counting up. */
  reset(): void;
  /** The overrides (stubs) in force: add, list, get, remove, clear (decision 025). */
  readonly overrides: OverridesHandle;
  /** How many journalled requests have a shape since `since` on the mock clock (decision 025). */
  countRequests(shape: RequestQuery): { count: number; complete: boolean };
  /** The journalled requests of a shape, redacted as the journal is. */
  findRequests(shape: RequestQuery): ReturnType<typeof findRequestsOf>;
  /** Throws unless exactly `count` journalled requests have the shape (WireMock's verify). */
  verify(shape: RequestQuery, count: number): void;
}

/** A mock instance with its MSW handlers. */
export function createDataImportMock(options: DataImportMockOptions = {}): DataImportMock {
  const config = options.config ?? defaultConfig;
  const given = options.env ?? defaultEnv();
  // Every secured request hashes its token (AUTH-2): the hash is pure, so the newest answers are
  // kept (bounded; in memory only, never exported: the state holds hashes alone).
  const env: MockEnv = { ...given, hash: memoise(given.hash.bind(given), 1024) };
  const freshState = () => stateFromConfig(config, env);
  const overrides = options.overrides ?? config.overrides;
  const service = new MockService({
    state: options.state ? asState(options.state) : freshState(),
    env,
    onChange: options.onChange,
    refuseWrites: options.refuseWrites,
    extraApis: [createControlApi(config, freshState)],
    secrets: config.api_keys.map((k) => k.key),
    faults: namedPlan(options.faults ?? (config.faults as string | FaultPlan | undefined)),
    overrides,
    dialect: options.dialect ?? config.dialect,
  });
  return {
    handlers: createMswHandlers(service, { baseUrl: options.baseUrl }),
    service,
    get state() {
      return service.state;
    },
    reset() {
      service.reset(freshState());
    },
    overrides: overridesHandle(service),
    countRequests: (shape) => countRequests(service, shape),
    findRequests: (shape) => findRequestsOf(service, shape),
    verify: (shape, count) => verifyCount(service, shape, count),
  };
}
