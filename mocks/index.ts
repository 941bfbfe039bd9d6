/**
 * The mock's public surface: the in-process factory and its MSW handlers, the service both
 * adapters share, the standalone server, and the default configuration.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * import { createDataImportMock } from 'data-import-contract-kit/mocks';
 * const mock = createDataImportMock({ baseUrl: 'https://api.example.energy' });
 * const server = setupServer(...mock.handlers);
 */

/* In-process use (MSW) */
export { createMswHandlers, type MswHandlerOptions } from './adapters/msw-handlers.ts';
/* Overrides and verify in-process (decision 025) */
export {
  OverrideError,
  type OverridesHandle,
  VerificationError,
} from './control/overrides-handle.ts';
export type { RequestQuery } from './control/overrides-verify.ts';
export {
  createDataImportMock,
  type DataImportMock,
  type DataImportMockOptions,
  stateFromConfig,
} from './create-mock.ts';
/* Configuration and environment */
export { DEMO_API_KEY, defaultConfig, type MockConfig } from './defaults.ts';
export { DIALECTS, type Dialect } from './dialect.ts';
export type { FaultPlan, FaultRule } from './domain/faults.ts';
export {
  FAULT_PROFILES,
  type FaultProfile,
  faultProfileNames,
} from './domain/faults-profiles.ts';
export type { Override, OverrideView } from './domain/overrides.ts';
export type { MockState } from './domain/state.ts';
export { type DocumentStore, defaultEnv, type MockEnv } from './env.ts';
/* The shared service */
export { MockService, type PlainRequest, type PlainResponse } from './service.ts';
