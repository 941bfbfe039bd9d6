/**
 * The `mock-state` tag of the control API: health, configuration, reset, export and import of
 * the whole state, the clock, the journal and the outbox (decision 003).
 */
import {
  advanceClock,
  clockInRange,
  clockNow,
  clockTimestamp,
  setClock as setClockState,
} from '../domain/clock.ts';
import { fieldError, invalid } from '../domain/result.ts';
import { type MockState, touch } from '../domain/state.ts';
import { stateExport, stateFromDocument } from '../domain/state-document.ts';
import { runDueV2Tasks } from '../domain/v2-imports.ts';
import { REDACTED } from '../journal.ts';
import { reply as json } from '../operations/types.ts';
import type { ControlOperation } from './types.ts';
import { outboxView } from './views.ts';

/** `getHealth`: 200 while the mock serves. */
export const getHealth: ControlOperation<'getHealth'> = (_request, { service }) =>
  json(200, { status: 'ok', now: clockTimestamp(service.state.clock, service.env.now()) });

/** `getConfig`: the configuration the mock resets to, API keys redacted. */
export const getConfig: ControlOperation<'getConfig'> = (_request, { config }) =>
  json(200, { ...config, api_keys: config.api_keys.map((k) => ({ ...k, key: REDACTED })) });

/** `resetState`: the configuration's fresh state; service account numbers keep counting up. */
export const resetState: ControlOperation<'resetState'> = (_request, { service, freshState }) => {
  service.reset(freshState());
  return json(200, { detail: 'The mock is back to its configured state.' });
};

/** `exportState`: the whole state (secrets only as hashes); a store's streams account by account. */
export const exportState: ControlOperation<'exportState'> = (_request, { service }) =>
  json(200, stateExport(service.state));

/** `importState`: replaces the state by an export; anything else is refused and changes nothing. */
export const importState: ControlOperation<'importState'> = ({ body }, { service, freshState }) => {
  // Fields added by later versions of the mock get their fresh defaults.
  service.state = { ...freshState(), ...stateFromDocument(body) };
  return json(200, { detail: 'The state is imported.' });
};

function clockBody(state: MockState, systemNow: number) {
  return {
    now: clockTimestamp(state.clock, systemNow),
    frozen: state.clock.frozenAt !== null,
  };
}

/** `getClock`: the mock's now. */
export const getClock: ControlOperation<'getClock'> = (_request, { service }) =>
  json(200, clockBody(service.state, service.env.now()));

/** `setClock`: set, freeze or advance the mock clock (tokens and dates follow it). */
export const setClock: ControlOperation<'setClock'> = ({ body }, { service }) => {
  const change = body;
  const systemNow = service.env.now();
  let clock = service.state.clock;
  if (change.now !== undefined || change.frozen !== undefined) {
    const instant = change.now ? new Date(change.now) : clockNow(clock, systemNow);
    clock = setClockState(instant, change.frozen ?? clock.frozenAt !== null, systemNow);
  }
  if (change.advance_seconds !== undefined)
    clock = advanceClock(clock, change.advance_seconds * 1000);
  // Checked before anything changes: a clock beyond the year 9999 would break every date after.
  if (!clockInRange(clock, systemNow)) {
    const attr = change.advance_seconds !== undefined ? 'advance_seconds' : 'now';
    const detail = 'The mock clock stays between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z.';
    return { error: invalid([fieldError('invalid', attr, undefined, detail)]).error };
  }
  service.state.clock = clock;
  touch(service.state);
  // V2 tasks live on the mock clock: those whose window the move opened run now (decision 028).
  runDueV2Tasks(service.state, service.env);
  return json(200, clockBody(service.state, systemNow));
};

/** `clearJournal`: forgets the journal. */
export const clearJournal: ControlOperation<'clearJournal'> = (_request, { service }) => {
  service.journal.clear();
  return json(200, { detail: 'The journal is empty.' });
};

/** `getOutbox`: e-mails sent on migration (SUP-4), optionally of one supplier or account. */
export const getOutbox: ControlOperation<'getOutbox'> = ({ query }, { service }) =>
  json(
    200,
    // A store's outbox is read from disk here, and only here (decision 016).
    [...service.state.outbox]
      .filter(
        (entry) =>
          (query.import_supplier === undefined || entry.importSupplier === query.import_supplier) &&
          (query.external_account_number === undefined ||
            entry.externalAccountNumber === query.external_account_number),
      )
      .map(outboxView),
  );
