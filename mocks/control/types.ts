/**
 * The shape of the control API's operations (spec/control.yaml): typed input from the control
 * document's generated types, validated by the edge like the interface's, and a reply or a
 * domain failure out (decision 008).
 */
import type { controlOperations } from '../../spec/index.ts';
import type { MockConfig } from '../defaults.ts';
import type { MockState } from '../domain/state.ts';
import type { OperationInput, Outcome } from '../operations/types.ts';
import type { MockService } from '../service.ts';

/** What a control operation may use beyond the request: the service and the configuration. */
export interface ControlContext {
  service: MockService;
  config: MockConfig;
  /** A fresh state from the configuration (reset). */
  freshState(): MockState;
}

/** One operation of the control API, typed by its operationId. */
export type ControlOperation<Id extends keyof controlOperations> = (
  input: OperationInput<controlOperations[Id]>,
  context: ControlContext,
) => Outcome | Promise<Outcome>;

/** Every control operation by operationId: a missing one does not compile. */
export type ControlOperations = {
  [Id in keyof controlOperations]: ControlOperation<Id>;
};
