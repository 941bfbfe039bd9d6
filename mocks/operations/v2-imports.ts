/**
 * The `v2` tag: the platform's V2 account import (decision 028). Schedule stages the account with
 * a task, status runs the task if it is due on the mock's clock and reads it, validate checks the
 * account by the v1 rules and stores nothing. The edge has checked the shapes against the spec.
 */

import { invalid } from '../domain/result.ts';
import { accountKey } from '../domain/state.ts';
import {
  runV2TaskIfDue,
  scheduleV2Import,
  v2AccountErrors,
  v2StatusBody,
  v2TaskOf,
} from '../domain/v2-imports.ts';
import { type DataImportOperation, reply } from './types.ts';

/** `scheduleV2AccountCreation`: 201 with no body once the task is PENDING. */
export const scheduleV2AccountCreation: DataImportOperation<'scheduleV2AccountCreation'> = (
  { body },
  { state, env },
) => {
  const scheduled = scheduleV2Import(state, env, body);
  if (!scheduled.ok) return scheduled;
  return reply(201, undefined);
};

/** `getV2AccountImportStatus`: the task's status, after running it if its window has opened. */
export const getV2AccountImportStatus: DataImportOperation<'getV2AccountImportStatus'> = (
  { params },
  { state, env },
) => {
  const found = v2TaskOf(state, params.import_supplier_code, params.external_identifier);
  if (!found.ok) return found;
  const { record } = found.value;
  if (runV2TaskIfDue(state, env, record)) {
    // A store hands out copies: the record is set back so that the run is written.
    state.accounts.set(accountKey(record.importSupplier, record.externalAccountNumber), record);
  }
  return reply(200, v2StatusBody(found.value.task));
};

/** `validateV2Account`: 200 with no body, or every failure of the v1 account rules under `payload.`. */
export const validateV2Account: DataImportOperation<'validateV2Account'> = (
  { body },
  { state, env },
) => {
  const errors = v2AccountErrors(state, env, body.payload);
  if (errors.length > 0) return invalid(errors, 'account_failed_validation');
  return reply(200, undefined);
};
