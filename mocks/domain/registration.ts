/**
 * Registration of an imported account's energy meter points with the industry (REG-1..REG-8)
 * and the statuses that follow from it (STS-5..STS-8, STS-13..STS-15). send-registration-flows
 * only marks meter points; what the industry answers afterwards (REG-7) is the operator's to
 * decide, per meter point, at once or on a schedule on the mock clock.
 *
 * Kit decisions (recorded in the spec): only ELECTRICITY and GAS meter points are registered;
 * certificate supply types (REGOS_EXPORT_CERTIFICATES, ROCS_EXPORT_CERTIFICATES) have no change
 * of supply, so they are neither marked nor listed, and an account with only those has no meter
 * points to register. A meter point's status is PRE_REGISTRATION until its flow is sent, then
 * REGISTRATION_REQUESTED; an accepted outcome gives REGISTRATION_ACCEPTED and, from the supply
 * start date, ON_SUPPLY; a rejected one REGISTRATION_REJECTED and, from the supply start date,
 * UNABLE_TO_REGISTER.
 */

import { addDays } from '../../spec/formats/dates.ts';
import type { components, controlComponents } from '../../spec/index.ts';
import { importedAccountByKey, requireImportedAccount } from './accounts.ts';
import { clockTimestamp } from './clock.ts';
import { dictionary, own, setOwn, withEntry } from './dictionary.ts';
import type { MockEnv } from './env.ts';
import { fail, fieldError, invalid, ok, type Result } from './result.ts';
import {
  type AccountRecord,
  accountKey,
  type MeterPointRegistration,
  type MockState,
  type RegistrationOutcome,
  touch,
} from './state.ts';

type RegistrationFlowResult = components['schemas']['RegistrationFlowResult'];
type RegistrationFlowMeterPoint = components['schemas']['RegistrationFlowMeterPoint'];

/** The supply types that are registered with the industry (kit decision, see the module). */
export const ENERGY_SUPPLY_TYPES = ['ELECTRICITY', 'GAS'] as const;

/** An energy meter point of an account's payload. */
export interface EnergyMeterPoint {
  mpxn: string;
  supplyType: (typeof ENERGY_SUPPLY_TYPES)[number];
  supplyStartDate?: string;
}

/** The statuses the mock reports, the real platform's names (STS-14, GEN-10). */
export type MeterPointStatusName =
  | 'PRE_REGISTRATION'
  | 'REGISTRATION_REQUESTED'
  | 'REGISTRATION_ACCEPTED'
  | 'ON_SUPPLY'
  | 'REGISTRATION_REJECTED'
  | 'UNABLE_TO_REGISTER';

/** Transfer statuses of a created account (STS-5..STS-8). */
export type CreatedAccountTransferStatus = 'PENDING' | 'IN_PROGRESS' | 'REJECTED' | 'COMPLETED';

const REJECTED: ReadonlySet<MeterPointStatusName> = new Set([
  'REGISTRATION_REJECTED',
  'UNABLE_TO_REGISTER',
]);

/** The ELECTRICITY and GAS meter points of an account, in payload order (REG-2). */
export function energyMeterPoints(record: AccountRecord): EnergyMeterPoint[] {
  return (record.data.supply_addresses ?? []).flatMap((address) =>
    (address.meter_points ?? []).flatMap((point): EnergyMeterPoint[] =>
      point.supply_type === 'ELECTRICITY' || point.supply_type === 'GAS'
        ? [
            {
              mpxn: point.identifier,
              supplyType: point.supply_type,
              ...(point.supply_start_date ? { supplyStartDate: point.supply_start_date } : {}),
            },
          ]
        : [],
    ),
  );
}

/**
 * REG-3 (kit assumption on sendRegistrationFlows): the earliest valid supply start date is
 * tomorrow on the mock clock, or the meter point's own supply_start_date when that is later.
 */
export function earliestSupplyStartDate(point: EnergyMeterPoint, today: string): string {
  const tomorrow = addDays(today, 1);
  return point.supplyStartDate && point.supplyStartDate > tomorrow
    ? point.supplyStartDate
    : tomorrow;
}

/** A meter point's status at `now` (a `YYYY-MM-DDTHH:MM:SSZ` instant on the mock clock). */
export function meterPointStatusAt(
  registration: MeterPointRegistration | undefined,
  now: string,
): MeterPointStatusName {
  if (!registration?.sentAt) return 'PRE_REGISTRATION';
  const outcome = registration.outcome;
  if (!outcome || (outcome.at !== null && outcome.at > now)) return 'REGISTRATION_REQUESTED';
  const started =
    registration.supplyStartDate !== undefined && now.slice(0, 10) >= registration.supplyStartDate;
  if (outcome.kind === 'accepted') return started ? 'ON_SUPPLY' : 'REGISTRATION_ACCEPTED';
  return started ? 'UNABLE_TO_REGISTER' : 'REGISTRATION_REJECTED';
}

/**
 * The reference's table (STS-5..STS-8) for a created account at `now`: PENDING while no flow is
 * sent; REJECTED when at least one meter point is rejected (it wins over IN_PROGRESS); COMPLETED
 * when every meter point is on supply; IN_PROGRESS otherwise (at least one flow sent and not
 * every change of supply done). An account without energy meter points stays PENDING.
 */
export function accountTransferStatus(
  record: AccountRecord,
  now: string,
): CreatedAccountTransferStatus {
  const statuses = energyMeterPoints(record).map((p) =>
    meterPointStatusAt(own(record.registrations, p.mpxn), now),
  );
  if (statuses.every((s) => s === 'PRE_REGISTRATION')) return 'PENDING';
  if (statuses.some((s) => REJECTED.has(s))) return 'REJECTED';
  if (statuses.every((s) => s === 'ON_SUPPLY')) return 'COMPLETED';
  return 'IN_PROGRESS';
}

/**
 * send-registration-flows (REG-1..REG-8): `account_not_found` or `no_meter_points` when the
 * account is not imported or has no energy meter points (REG-8), the supplier's failure when it
 * is not Ongoing; otherwise each energy meter point is marked with the given
 * supply start date or its earliest valid one (REG-3), unless the operator forces an error on it,
 * it is already marked (a rejected registration may be sent again) or the date is earlier than
 * its earliest valid one: then REGISTRATION_FLOW_ERROR with error_detail (REG-6).
 */
export function sendRegistrationFlows(
  state: MockState,
  env: MockEnv,
  importSupplierCode: string,
  externalAccountNumber: string,
  supplyStartDate?: string,
): Result<RegistrationFlowResult[]> {
  const pair = {
    import_supplier: importSupplierCode,
    external_account_number: externalAccountNumber,
  };
  const account = requireImportedAccount(state, importSupplierCode, externalAccountNumber);
  if (!account.ok) {
    return account.error.code === 'account_not_found'
      ? fail('account_not_found', pair, {
          detail: `Account not found for ${externalAccountNumber}.`,
        })
      : account;
  }
  const { record } = account.value;
  const points = energyMeterPoints(record);
  if (points.length === 0) return fail('no_meter_points', pair);
  const now = clockTimestamp(state.clock, env.now());
  const today = now.slice(0, 10);

  const registrations = dictionary(record.registrations);
  let marked = 0;
  const meterPoints = points.map((point): RegistrationFlowMeterPoint => {
    const existing = own(registrations, point.mpxn);
    const notMarked = (detail: string): RegistrationFlowMeterPoint => ({
      mpxn: point.mpxn,
      status: 'REGISTRATION_FLOW_ERROR',
      error_detail: detail,
    });
    if (existing?.flowFault) return notMarked(existing.flowFault);
    if (existing?.sentAt && !REJECTED.has(meterPointStatusAt(existing, now))) {
      return notMarked(`Meter point ${point.mpxn} is already marked for registration.`);
    }
    const earliest = earliestSupplyStartDate(point, today);
    const date = supplyStartDate ?? earliest;
    if (date < earliest) {
      return notMarked(
        `The supply start date ${date} is not valid for ${point.mpxn}: the earliest valid supply start date is ${earliest}.`,
      );
    }
    // A first flow keeps an outcome the operator scheduled in advance; a new attempt after a
    // rejection starts without one.
    const outcome = existing?.sentAt ? undefined : existing?.outcome;
    setOwn<MeterPointRegistration>(registrations, point.mpxn, {
      sentAt: now,
      supplyStartDate: date,
      ...(outcome ? { outcome } : {}),
    });
    marked += 1;
    return { mpxn: point.mpxn, status: 'REGISTRATION_FLOW_SUCCESS' };
  });
  if (marked > 0) {
    record.registrations = registrations;
    touch(state);
  }
  return ok([
    {
      import_supplier_code: importSupplierCode,
      external_account_number: externalAccountNumber,
      meter_points: meterPoints,
    },
  ]);
}

/**
 * meterpoint-statuses-for-account (STS-13..STS-15): `[{mpxn, status}]` of the energy meter
 * points; 404 (detail as the `error` string) when the account is not imported or has none. A
 * status query: it answers for Paused and Complete suppliers too.
 */
export function meterPointStatuses(
  state: MockState,
  env: MockEnv,
  importSupplierCode: string,
  externalAccountNumber: string,
): Result<{ mpxn: string; status: MeterPointStatusName }[]> {
  const found = importedAccountByKey(state, accountKey(importSupplierCode, externalAccountNumber));
  if (!found.ok) {
    return fail('account_not_found', undefined, {
      detail: `Account not found for ${externalAccountNumber}.`,
    });
  }
  const record = found.value;
  const points = energyMeterPoints(record);
  if (points.length === 0) {
    return fail('no_meter_points', undefined, {
      detail: `No meterpoints found for ${record.serviceAccountNumber}.`,
    });
  }
  const now = clockTimestamp(state.clock, env.now());
  return ok(
    points.map((p) => ({
      mpxn: p.mpxn,
      status: meterPointStatusAt(own(record.registrations, p.mpxn), now),
    })),
  );
}

/** The energy meter point `mpxn` of the imported account `key`, or the operator's 404. */
function operatorTarget(
  state: MockState,
  key: string,
  mpxn: string,
): Result<{ record: AccountRecord; point: EnergyMeterPoint }> {
  const found = importedAccountByKey(state, key);
  if (!found.ok) return found;
  const record = found.value;
  const point = energyMeterPoints(record).find((p) => p.mpxn === mpxn);
  if (!point) return fail('meter_point_not_found', { mpxn });
  return ok({ record, point });
}

/**
 * The industry's answer for one meter point, set by the operator (REG-7, STS-6..STS-8):
 * `accepted` or `rejected`, effective at `at` on the mock clock (a schedule such as "accept after
 * 2 days") or, without `at`, as soon as the flow is sent; null clears it. It may be set before the
 * flow is sent.
 */
export function setMeterPointOutcome(
  state: MockState,
  key: string,
  mpxn: string,
  outcome: RegistrationOutcome['kind'] | null,
  at?: string,
): Result<RegistrationOutcome | null> {
  const target = operatorTarget(state, key, mpxn);
  if (!target.ok) return target;
  let effective: string | null = null;
  if (at !== undefined) {
    const instant = new Date(at);
    if (Number.isNaN(instant.getTime())) {
      return invalid([fieldError('invalid', 'at', undefined, `${at} is not a datetime.`)]);
    }
    effective = `${instant.toISOString().slice(0, 19)}Z`;
  }
  const { record } = target.value;
  const { outcome: _previous, ...rest } = own(record.registrations, mpxn) ?? {};
  const next: RegistrationOutcome | null = outcome ? { kind: outcome, at: effective } : null;
  record.registrations = withEntry(
    record.registrations,
    mpxn,
    next ? { ...rest, outcome: next } : rest,
  );
  touch(state);
  return ok(next);
}

/**
 * Forces (or, with null, stops forcing) REGISTRATION_FLOW_ERROR with `errorDetail` for one meter
 * point on every send-registration-flows (REG-6), until cleared.
 */
export function setRegistrationFlowFault(
  state: MockState,
  key: string,
  mpxn: string,
  errorDetail: string | null,
): Result<string | null> {
  const target = operatorTarget(state, key, mpxn);
  if (!target.ok) return target;
  const { record } = target.value;
  const { flowFault: _previous, ...rest } = own(record.registrations, mpxn) ?? {};
  record.registrations = withEntry(
    record.registrations,
    mpxn,
    errorDetail ? { ...rest, flowFault: errorDetail } : rest,
  );
  touch(state);
  return ok(errorDetail);
}

/** One energy meter point's registration as the operator sees it (the control API's schema). */
export type MeterPointRegistrationView = controlComponents['schemas']['MeterPointRegistrationView'];

/** The registration of every energy meter point of an imported account at `systemNow` (control API). */
export function meterPointRegistrations(
  state: MockState,
  key: string,
  systemNow: number,
): Result<MeterPointRegistrationView[]> {
  const found = importedAccountByKey(state, key);
  if (!found.ok) return found;
  const record = found.value;
  const now = clockTimestamp(state.clock, systemNow);
  return ok(
    energyMeterPoints(record).map((point) => {
      const registration = own(record.registrations, point.mpxn);
      return {
        mpxn: point.mpxn,
        supply_type: point.supplyType,
        status: meterPointStatusAt(registration, now),
        sent_at: registration?.sentAt ?? null,
        supply_start_date: registration?.supplyStartDate ?? null,
        outcome: registration?.outcome ?? null,
        flow_fault: registration?.flowFault ?? null,
      };
    }),
  );
}
