import type { MockConfig } from '../defaults.ts';
import type { MockState } from '../domain/state.ts';
import type { OperationRequest, OperationResponse } from '../operations/types.ts';
import type { MockService } from '../service.ts';

/** What a control operation may use beyond the request: the service and the configuration. */
export interface ControlContext {
  service: MockService;
  config: MockConfig;
  /** A fresh state from the configuration (reset). */
  freshState(): MockState;
}

/** One operation of the control API (spec/control.yaml), by operationId. */
export type ControlOperation = (
  request: OperationRequest,
  context: ControlContext,
) => OperationResponse | Promise<OperationResponse>;
