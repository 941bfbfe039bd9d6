/**
 * The `mock-state` tag of the control API: health, configuration, reset, export and import of
 * the whole state, the clock, the journal and the outbox (issue 3, operator control API).
 */
import { mockControl } from '../../spec/index.ts';
import {
  advanceClock,
  clockNow,
  clockTimestamp,
  setClock as setClockState,
} from '../domain/clock.ts';
import type { MockState } from '../domain/state.ts';
import { REDACTED } from '../journal.ts';
import { json, validationFailed } from '../operations/respond.ts';
import type { ControlOperation } from './types.ts';
import { journalView, outboxView } from './views.ts';

/** `getHealth`: 200 while the mock serves. */
export const getHealth: ControlOperation = (_request, { service }) =>
  json(200, { status: 'ok', now: clockTimestamp(service.state.clock, service.env.now()) });

/** `getConfig`: the configuration the mock resets to, API keys redacted. */
export const getConfig: ControlOperation = (_request, { config }) =>
  json(200, { ...config, apiKeys: config.apiKeys.map((k) => ({ ...k, key: REDACTED })) });

/** `resetState`: the configuration's fresh state; service account numbers keep counting up. */
export const resetState: ControlOperation = async (_request, { service, freshState }) => {
  const fresh = freshState();
  fresh.accountSequence = service.state.accountSequence;
  service.state = fresh;
  service.journal.clear();
  await service.changed();
  return json(200, { detail: 'The mock is back to its configured state.' });
};

/** `exportState`: the whole state (secrets only as hashes). */
export const exportState: ControlOperation = (_request, { service }) => json(200, service.state);

/** `importState`: replaces the state by an export; anything else is refused and changes nothing. */
export const importState: ControlOperation = async ({ body }, { service, freshState }) => {
  const errors = mockControl.validateRequestBody('importState', body);
  if (errors.length > 0)
    return validationFailed('request_failed_validation', 'Not a state export.', errors);
  // Fields added by later versions of the mock get their fresh defaults.
  service.state = { ...freshState(), ...(body as MockState) };
  await service.changed();
  return json(200, { detail: 'The state is imported.' });
};

function clockBody(state: MockState, systemNow: number) {
  return {
    now: clockTimestamp(state.clock, systemNow),
    frozen: state.clock.frozenAt !== null,
  };
}

/** `getClock`: the mock's now. */
export const getClock: ControlOperation = (_request, { service }) =>
  json(200, clockBody(service.state, service.env.now()));

/** `setClock`: set, freeze or advance the mock clock (tokens and dates follow it). */
export const setClock: ControlOperation = async ({ body }, { service }) => {
  const errors = mockControl.validateRequestBody('setClock', body);
  if (errors.length > 0)
    return validationFailed('request_failed_validation', 'Invalid request.', errors);
  const change = body as { now?: string; frozen?: boolean; advance_seconds?: number };
  const systemNow = service.env.now();
  let clock = service.state.clock;
  if (change.now !== undefined || change.frozen !== undefined) {
    const instant = change.now ? new Date(change.now) : clockNow(clock, systemNow);
    clock = setClockState(instant, change.frozen ?? clock.frozenAt !== null, systemNow);
  }
  if (change.advance_seconds !== undefined)
    clock = advanceClock(clock, change.advance_seconds * 1000);
  service.state.clock = clock;
  await service.changed();
  return json(200, clockBody(service.state, systemNow));
};

/** `getJournal`: the newest requests, redacted. */
export const getJournal: ControlOperation = (_request, { service }) =>
  json(200, service.journal.entries().map(journalView));

/** `clearJournal`: forgets the journal. */
export const clearJournal: ControlOperation = (_request, { service }) => {
  service.journal.clear();
  return json(200, { detail: 'The journal is empty.' });
};

/** `getOutbox`: e-mails sent on migration (SUP-4), optionally of one supplier or account. */
export const getOutbox: ControlOperation = ({ query }, { service }) =>
  json(
    200,
    service.state.outbox
      .filter(
        (entry) =>
          (query.import_supplier === undefined || entry.importSupplier === query.import_supplier) &&
          (query.external_account_number === undefined ||
            entry.externalAccountNumber === query.external_account_number),
      )
      .map(outboxView),
  );
