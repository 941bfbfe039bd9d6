/**
 * The operator's control API under `/__mock/` (spec/control.yaml), mounted on the mock service
 * beside the interface. Routing, 404/405 and JSON parsing follow the same rules as the interface.
 */
import { mockControl } from '../../spec/index.ts';
import type { MockConfig } from '../defaults.ts';
import type { MockState } from '../domain/state.ts';
import type { ExtraApi } from '../service.ts';
import * as mockAccounts from './mock-accounts.ts';
import * as mockConfiguration from './mock-configuration.ts';
import * as mockState from './mock-state.ts';
import type { ControlOperation } from './types.ts';

/** Every control operation by operationId. */
export const controlOperations: Record<string, ControlOperation> = {
  ...mockState,
  ...mockConfiguration,
  ...mockAccounts,
};

function error(detail: string, code: string) {
  return { detail, code, errors: [] };
}

/** The control API for a configuration; `freshState` builds the state reset goes back to. */
export function createControlApi(config: MockConfig, freshState: () => MockState): ExtraApi {
  return {
    prefix: '/__mock/',
    async handle(request, service) {
      const route = mockControl.route(request.method, request.path);
      if (route.kind === 'not_found') {
        return { status: 404, body: error(`No route for ${request.path}.`, 'not_found') };
      }
      if (route.kind === 'method_not_allowed') {
        return {
          status: 405,
          headers: { allow: route.allow.join(', ') },
          body: error(`Method "${request.method}" not allowed.`, 'method_not_allowed'),
        };
      }
      const operation = controlOperations[route.operation.operationId]!;
      let body: unknown;
      if (request.bodyText.trim() !== '') {
        try {
          body = JSON.parse(request.bodyText);
        } catch (e) {
          return {
            status: 400,
            body: error(`JSON parse error - ${(e as Error).message}`, 'parse_error'),
          };
        }
      }
      return operation(
        { params: route.params, query: request.query, body, headers: request.headers },
        { service, config, freshState },
      );
    },
  };
}
