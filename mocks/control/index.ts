/**
 * The operator's control API under `/__mock/` (spec/control.yaml), served by the same edge as the
 * interface, so routing, 404/405, 415, JSON parsing, validation and error bodies are the same for
 * both documents (decision 008).
 */
import { mockControl } from '../../spec/index.ts';
import type { MockConfig } from '../defaults.ts';
import type { MockState } from '../domain/state.ts';
import type { ApiDefinition } from '../service.ts';
import * as faults from './faults.ts';
import * as listings from './listings.ts';
import * as mockAccounts from './mock-accounts.ts';
import * as mockConfiguration from './mock-configuration.ts';
import * as mockState from './mock-state.ts';
import * as overrides from './overrides.ts';
import * as platformCatalogue from './platform-catalogue.ts';
import type { ControlContext, ControlOperations } from './types.ts';
import * as v2Tasks from './v2-tasks.ts';

/** Every control operation by operationId. */
export const controlOperations: ControlOperations = {
  ...mockState,
  ...mockConfiguration,
  ...mockAccounts,
  ...listings,
  ...platformCatalogue,
  ...faults,
  ...overrides,
  ...v2Tasks,
};

/** The control API for a configuration; `freshState` builds the state reset goes back to. */
export function createControlApi(
  config: MockConfig,
  freshState: () => MockState,
): ApiDefinition<ControlContext> {
  return {
    prefix: '/__mock/',
    contract: mockControl,
    operations: controlOperations as unknown as ApiDefinition<ControlContext>['operations'],
    context: (service) => ({ service, config, freshState }),
  };
}
