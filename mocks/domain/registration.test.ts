import { describe, expect, test } from 'vitest';
import type { components } from '../../spec/index.ts';
import { importedState, specExample } from '../test-support.ts';
import {
  accountTransferStatus,
  earliestSupplyStartDate,
  energyMeterPoints,
  meterPointRegistrations,
  meterPointStatusAt,
  sendRegistrationFlows,
  setMeterPointOutcome,
  setRegistrationFlowFault,
} from './registration.ts';
import type { MeterPointRegistration } from './state.ts';

const ELEC = '1200060176720';
const GAS = '9353824109';
const sent = (extra: Partial<MeterPointRegistration> = {}): MeterPointRegistration => ({
  sentAt: '2024-04-15T10:00:00Z',
  supplyStartDate: '2024-04-20',
  ...extra,
});

describe('meterPointStatusAt (STS-13, STS-14, kit assumption on later statuses)', () => {
  test.each([
    ['no flow sent', undefined, '2024-04-15T10:00:00Z', 'PRE_REGISTRATION'],
    ['sent, no outcome', sent(), '2024-04-25T10:00:00Z', 'REGISTRATION_REQUESTED'],
    [
      'accepted before the start',
      sent({ outcome: { kind: 'accepted', at: null } }),
      '2024-04-19T23:59:59Z',
      'REGISTRATION_ACCEPTED',
    ],
    [
      'accepted from the start',
      sent({ outcome: { kind: 'accepted', at: null } }),
      '2024-04-20T00:00:00Z',
      'ON_SUPPLY',
    ],
    [
      'rejected before the start',
      sent({ outcome: { kind: 'rejected', at: null } }),
      '2024-04-16T00:00:00Z',
      'REGISTRATION_REJECTED',
    ],
    [
      'rejected from the start',
      sent({ outcome: { kind: 'rejected', at: null } }),
      '2024-04-20T00:00:00Z',
      'UNABLE_TO_REGISTER',
    ],
    [
      'scheduled, not yet',
      sent({ outcome: { kind: 'accepted', at: '2024-04-17T10:00:00Z' } }),
      '2024-04-17T09:59:59Z',
      'REGISTRATION_REQUESTED',
    ],
    [
      'scheduled, reached',
      sent({ outcome: { kind: 'accepted', at: '2024-04-17T10:00:00Z' } }),
      '2024-04-17T10:00:00Z',
      'REGISTRATION_ACCEPTED',
    ],
    [
      'outcome set, flow not sent',
      { outcome: { kind: 'accepted', at: null } },
      '2024-04-25T10:00:00Z',
      'PRE_REGISTRATION',
    ],
  ] as const)('[STS-13] %s: %s at %s is %s', (_name, registration, now, status) => {
    expect(meterPointStatusAt(registration as MeterPointRegistration | undefined, now)).toBe(
      status,
    );
  });
});

describe('accountTransferStatus (STS-5..STS-8)', () => {
  test('[STS-5][STS-6][STS-7][STS-8] the reference table, REJECTED winning over IN_PROGRESS', () => {
    const { record } = importedState();
    const at = '2024-04-25T10:00:00Z';
    expect(accountTransferStatus(record, at)).toBe('PENDING');
    record.registrations = { [ELEC]: sent() };
    expect(accountTransferStatus(record, at)).toBe('IN_PROGRESS');
    record.registrations = { [ELEC]: sent({ outcome: { kind: 'accepted', at: null } }) };
    expect(accountTransferStatus(record, at)).toBe('IN_PROGRESS');
    record.registrations[GAS] = sent({ outcome: { kind: 'accepted', at: null } });
    expect(accountTransferStatus(record, at)).toBe('COMPLETED');
    expect(accountTransferStatus(record, '2024-04-19T10:00:00Z')).toBe('IN_PROGRESS');
    record.registrations[GAS] = sent({ outcome: { kind: 'rejected', at: null } });
    expect(accountTransferStatus(record, at)).toBe('REJECTED');
    record.registrations[ELEC] = sent();
    expect(accountTransferStatus(record, at)).toBe('REJECTED');
  });

  test('[STS-5] an account without energy meter points stays PENDING', () => {
    const business = specExample<components['schemas']['Account']>(
      'BusinessAccount',
    ) as unknown as {
      supply_addresses: { meter_points: { supply_type: string }[] }[];
    };
    for (const address of business.supply_addresses) {
      address.meter_points = address.meter_points.filter((p) => p.supply_type !== 'ELECTRICITY');
    }
    const { record } = importedState(
      business as unknown as components['schemas']['Account'] & { external_account_number: string },
    );
    expect(energyMeterPoints(record)).toEqual([]);
    expect(accountTransferStatus(record, '2024-04-25T10:00:00Z')).toBe('PENDING');
  });
});

describe('earliestSupplyStartDate (REG-3, kit assumption)', () => {
  test("[REG-3] tomorrow on the mock clock, or the meter point's own later supply_start_date", () => {
    expect(
      earliestSupplyStartDate(
        { mpxn: ELEC, supplyType: 'ELECTRICITY', supplyStartDate: '2019-01-01' },
        '2024-12-31',
      ),
    ).toBe('2025-01-01');
    expect(
      earliestSupplyStartDate(
        { mpxn: ELEC, supplyType: 'ELECTRICITY', supplyStartDate: '2025-02-01' },
        '2024-12-31',
      ),
    ).toBe('2025-02-01');
    expect(earliestSupplyStartDate({ mpxn: GAS, supplyType: 'GAS' }, '2024-02-28')).toBe(
      '2024-02-29',
    );
  });
});

describe('operator powers over registration (REG-6, REG-7)', () => {
  test('setMeterPointOutcome refuses an account that is not imported, a meter point it does not have and a bad instant', () => {
    const { state, key } = importedState();
    const before = JSON.stringify(state);
    expect(setMeterPointOutcome(state, 'DEMO_ENERGY/NOPE', ELEC, 'accepted')).toMatchObject({
      error: { code: 'account_not_found' },
    });
    expect(setMeterPointOutcome(state, key, '1013004420117', 'accepted')).toMatchObject({
      error: { code: 'meter_point_not_found' },
    });
    expect(setMeterPointOutcome(state, key, ELEC, 'accepted', 'in two days')).toMatchObject({
      error: { code: 'request_failed_validation' },
    });
    expect(JSON.stringify(state)).toBe(before);
  });

  test('[REG-7] an outcome scheduled before the flow is sent is kept by the first flow; normalised to the interface datetime form', () => {
    const { state, env, key, record } = importedState();
    expect(
      setMeterPointOutcome(state, key, ELEC, 'accepted', '2024-04-17T12:00:00.000+02:00'),
    ).toEqual({
      ok: true,
      value: { kind: 'accepted', at: '2024-04-17T10:00:00Z' },
    });
    sendRegistrationFlows(state, env, 'DEMO_ENERGY', 'EXTERNAL-1234');
    expect(record.registrations?.[ELEC]).toEqual({
      sentAt: '2024-04-15T10:00:00Z',
      supplyStartDate: '2024-04-16',
      outcome: { kind: 'accepted', at: '2024-04-17T10:00:00Z' },
    });
    expect(setMeterPointOutcome(state, key, ELEC, null)).toEqual({ ok: true, value: null });
    expect(record.registrations?.[ELEC]?.outcome).toBeUndefined();
  });

  test('[REG-6] setRegistrationFlowFault keeps the registration and is cleared with null; meterPointRegistrations shows it', () => {
    const { state, env, key } = importedState();
    setRegistrationFlowFault(state, key, GAS, 'TEN not current supplier');
    expect(meterPointRegistrations(state, key, env.now())).toEqual({
      ok: true,
      value: [
        {
          mpxn: ELEC,
          supply_type: 'ELECTRICITY',
          status: 'PRE_REGISTRATION',
          sent_at: null,
          supply_start_date: null,
          outcome: null,
          flow_fault: null,
        },
        {
          mpxn: GAS,
          supply_type: 'GAS',
          status: 'PRE_REGISTRATION',
          sent_at: null,
          supply_start_date: null,
          outcome: null,
          flow_fault: 'TEN not current supplier',
        },
      ],
    });
    expect(setRegistrationFlowFault(state, key, 'nope', 'x')).toMatchObject({
      error: { code: 'meter_point_not_found' },
    });
    expect(setRegistrationFlowFault(state, key, GAS, null)).toEqual({ ok: true, value: null });
    expect(state.accounts.get(key)!.registrations?.[GAS]).toEqual({});
  });
});
