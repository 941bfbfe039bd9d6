/**
 * The operator's control of V2 import tasks (decision 028): run the due tasks now, hold a task in
 * a status, fail the next task with a given error. The rules are the domain core's.
 */
import { touch } from '../domain/state.ts';
import { holdV2Task as holdInDomain, runDueV2Tasks as runInDomain } from '../domain/v2-imports.ts';
import { reply as json } from '../operations/types.ts';
import type { ControlOperation } from './types.ts';

/** `runDueV2Tasks`: every task whose window has opened on the mock clock runs now. */
export const runDueV2Tasks: ControlOperation<'runDueV2Tasks'> = (_request, { service }) =>
  json(200, { ran: runInDomain(service.state, service.env) });

/** `setV2FailNext`: the next task that runs ends with this error (null clears it). */
export const setV2FailNext: ControlOperation<'setV2FailNext'> = ({ body }, { service }) => {
  service.state.v2FailNext = body.error;
  touch(service.state);
  return json(200, {
    detail: body.error ? 'The next V2 task fails.' : 'The next V2 task runs as usual.',
  });
};

/** `holdV2Task`: the task stays in the status until released with null. */
export const holdV2Task: ControlOperation<'holdV2Task'> = ({ params, body }, { service }) => {
  const held = holdInDomain(
    service.state,
    service.env,
    {
      importSupplierCode: params.import_supplier_code,
      externalIdentifier: params.external_account_number,
    },
    body.status,
  );
  if (!held.ok) return held;
  return json(200, {
    detail: body.status ? `The task is held in ${body.status}.` : 'The task is released.',
  });
};
