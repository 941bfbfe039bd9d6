import { describe, expect, test } from 'vitest';
import {
  meterPointRegistrations,
  setMeterPointOutcome,
  setRegistrationFlowFault,
} from '../domain/registration.ts';
import { createHarness, DAY, type Harness } from '../test-support.ts';

const ELEC = '1200060176720';
const GAS = '9353824109';

const flows = (external: string) =>
  `/v1/data-import/send-registration-flows/DEMO_ENERGY/${external}/`;
const statuses = (external: string) =>
  `/v1/data-import/meterpoint-statuses-for-account/DEMO_ENERGY/${external}/`;
const transfer = (external: string) =>
  `/v1/data-import/account-transfer-status/DEMO_ENERGY/${external}/`;

async function withAccount() {
  const h = await createHarness();
  const account = await h.imported();
  const external = account.external_account_number;
  return {
    h,
    account,
    key: h.key(account),
    send: (query: Record<string, string> = {}) => h.call('POST', flows(external), { query }),
    statuses: async () => (await h.call('GET', statuses(external))).body,
    transfer: async () => (await h.call('GET', transfer(external))).body,
  };
}

/** A business account whose only meter points are certificate accounts (REGOS, ROCS). */
function certificatesOnly(h: Harness) {
  const account = h.account('BusinessAccount') as unknown as {
    supply_addresses: { meter_points: { supply_type: string }[] }[];
  };
  for (const address of account.supply_addresses) {
    address.meter_points = address.meter_points.filter((p) =>
      p.supply_type.endsWith('_CERTIFICATES'),
    );
  }
  return account as unknown as ReturnType<Harness['account']>;
}

function outcome(
  h: Harness,
  key: string,
  mpxn: string,
  kind: 'accepted' | 'rejected' | null,
  at?: string,
) {
  const set = setMeterPointOutcome(h.mock.service.state, key, mpxn, kind, at);
  expect(set.ok).toBe(true);
}

describe('sendRegistrationFlows (POST /v1/data-import/send-registration-flows/{code}/{external}/)', () => {
  test('[REG-8] [ERR-1] path values longer than their schemas are refused as bad input, so no 404 echoes them, and nothing changes', async () => {
    const h = await createHarness();
    const before = h.snapshot();
    const long = `/v1/data-import/send-registration-flows/${'A'.repeat(33)}/${'B'.repeat(129)}/`;
    expect(await h.call('POST', long)).toEqual({
      status: 400,
      body: {
        detail: 'Could not validate the request.',
        code: 'request_failed_validation',
        errors: [
          {
            detail: 'Ensure this field has no more than 32 characters.',
            code: 'max_length',
            attr: 'import_supplier_code',
          },
          {
            detail: 'Ensure this field has no more than 128 characters.',
            code: 'max_length',
            attr: 'external_account_number',
          },
        ],
      },
    });
    expect(h.snapshot()).toBe(before);
    const longest = `/v1/data-import/send-registration-flows/${'A'.repeat(32)}/${'B'.repeat(128)}/`;
    const notFound = await h.call('POST', longest);
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual([
      expect.objectContaining({
        import_supplier_code: 'A'.repeat(32),
        external_account_number: 'B'.repeat(128),
      }),
    ]);
  });

  test('[REG-1][REG-2][REG-4][REG-5] each energy meter point is marked: 200 with the reference array', async () => {
    const { account, send } = await withAccount();
    expect(await send()).toEqual({
      status: 200,
      body: [
        {
          import_supplier_code: 'DEMO_ENERGY',
          external_account_number: account.external_account_number,
          meter_points: [
            { mpxn: ELEC, status: 'REGISTRATION_FLOW_SUCCESS' },
            { mpxn: GAS, status: 'REGISTRATION_FLOW_SUCCESS' },
          ],
        },
      ],
    });
  });

  test('[REG-3] supply_start_date defaults to the earliest valid supply start date (tomorrow on the mock clock)', async () => {
    const { h, key, send } = await withAccount();
    await send();
    const registrations = meterPointRegistrations(h.mock.service.state, key, h.systemNow);
    expect(
      registrations.ok && registrations.value.map((r) => [r.mpxn, r.supply_start_date, r.sent_at]),
    ).toEqual([
      [ELEC, '2024-04-16', '2024-04-15T10:00:00Z'],
      [GAS, '2024-04-16', '2024-04-15T10:00:00Z'],
    ]);
  });

  test('[REG-1][REG-3] a later supply_start_date is used as given', async () => {
    const { h, key, send } = await withAccount();
    expect((await send({ supply_start_date: '2024-05-01' })).status).toBe(200);
    const registrations = meterPointRegistrations(h.mock.service.state, key, h.systemNow);
    expect(registrations.ok && registrations.value.map((r) => r.supply_start_date)).toEqual([
      '2024-05-01',
      '2024-05-01',
    ]);
  });

  test('[REG-6] a supply start date earlier than the earliest valid one is REGISTRATION_FLOW_ERROR with error_detail', async () => {
    const { h, account, send } = await withAccount();
    const before = h.snapshot();
    expect((await send({ supply_start_date: '2024-04-15' })).body).toEqual([
      {
        import_supplier_code: 'DEMO_ENERGY',
        external_account_number: account.external_account_number,
        meter_points: [ELEC, GAS].map((mpxn) => ({
          mpxn,
          status: 'REGISTRATION_FLOW_ERROR',
          error_detail: `The supply start date 2024-04-15 is not valid for ${mpxn}: the earliest valid supply start date is 2024-04-16.`,
        })),
      },
    ]);
    expect(h.snapshot()).toBe(before);
  });

  test('[REG-6] a meter point already marked is REGISTRATION_FLOW_ERROR; a rejected one may be sent again', async () => {
    const { h, key, send } = await withAccount();
    await send();
    outcome(h, key, GAS, 'rejected');
    const again = await send();
    expect((again.body as { meter_points: unknown[] }[])[0]!.meter_points).toEqual([
      {
        mpxn: ELEC,
        status: 'REGISTRATION_FLOW_ERROR',
        error_detail: `Meter point ${ELEC} is already marked for registration.`,
      },
      { mpxn: GAS, status: 'REGISTRATION_FLOW_SUCCESS' },
    ]);
    const registrations = meterPointRegistrations(h.mock.service.state, key, h.systemNow);
    expect(registrations.ok && registrations.value.map((r) => r.status)).toEqual([
      'REGISTRATION_REQUESTED',
      'REGISTRATION_REQUESTED',
    ]);
  });

  test('[REG-6] a meter point the operator forces to fail is REGISTRATION_FLOW_ERROR with the given error_detail', async () => {
    const { h, key, send, statuses } = await withAccount();
    expect(
      setRegistrationFlowFault(h.mock.service.state, key, GAS, 'TEN not current supplier'),
    ).toEqual({
      ok: true,
      value: 'TEN not current supplier',
    });
    expect((await send()).body).toMatchObject([
      {
        meter_points: [
          { mpxn: ELEC, status: 'REGISTRATION_FLOW_SUCCESS' },
          {
            mpxn: GAS,
            status: 'REGISTRATION_FLOW_ERROR',
            error_detail: 'TEN not current supplier',
          },
        ],
      },
    ]);
    expect(await statuses()).toEqual([
      { mpxn: ELEC, status: 'REGISTRATION_REQUESTED' },
      { mpxn: GAS, status: 'PRE_REGISTRATION' },
    ]);
    setRegistrationFlowFault(h.mock.service.state, key, GAS, null);
    expect((await send()).body).toMatchObject([
      { meter_points: [{ mpxn: ELEC }, { mpxn: GAS, status: 'REGISTRATION_FLOW_SUCCESS' }] },
    ]);
  });

  test('[REG-8] an unknown or only staged account gets 404 with the array body', async () => {
    const h = await createHarness();
    const staged = await h.stage(h.account());
    for (const external of [staged.external_account_number, 'NOPE-1']) {
      expect(await h.call('POST', flows(external))).toEqual({
        status: 404,
        body: [
          {
            error_detail: `Account not found for ${external}.`,
            import_supplier_code: 'DEMO_ENERGY',
            external_account_number: external,
          },
        ],
      });
    }
  });

  test('[REG-8] certificate supply types are not registered: an account with only those has no meter points to register (404)', async () => {
    const h = await createHarness();
    const account = await h.imported(certificatesOnly(h));
    const before = h.snapshot();
    expect(await h.call('POST', flows(account.external_account_number))).toEqual({
      status: 404,
      body: [
        {
          error_detail: `No meter points to register for ${account.external_account_number}.`,
          import_supplier_code: 'DEMO_ENERGY',
          external_account_number: account.external_account_number,
        },
      ],
    });
    expect(h.snapshot()).toBe(before);
  });

  test('[REG-2] of a business account with electricity and certificates, only the electricity meter point is marked', async () => {
    const h = await createHarness();
    const account = await h.imported(h.account('BusinessAccount'));
    expect((await h.call('POST', flows(account.external_account_number))).body).toEqual([
      {
        import_supplier_code: 'DEMO_ENERGY',
        external_account_number: account.external_account_number,
        meter_points: [{ mpxn: '1013004420117', status: 'REGISTRATION_FLOW_SUCCESS' }],
      },
    ]);
  });

  test('[REG-1] a supply_start_date that is not a date gets 400 request_failed_validation', async () => {
    const { send } = await withAccount();
    expect(await send({ supply_start_date: '2024-13-01' })).toEqual({
      status: 400,
      body: {
        detail: 'Could not validate the request.',
        code: 'request_failed_validation',
        errors: [
          {
            detail: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
            code: 'invalid',
            attr: 'supply_start_date',
          },
        ],
      },
    });
  });

  test('[SUP-3] a Paused supplier gets 400 import_supplier_migration_not_ongoing and nothing is marked', async () => {
    const { h, send } = await withAccount();
    h.mock.service.state.suppliers.DEMO_ENERGY!.status = 'Paused';
    const before = h.snapshot();
    expect(await send()).toEqual({
      status: 400,
      body: {
        detail: 'The migration for import supplier DEMO_ENERGY is not ongoing (status Paused).',
        code: 'import_supplier_migration_not_ongoing',
        errors: [],
      },
    });
    expect(h.snapshot()).toBe(before);
  });
});

describe('getMeterpointStatusesForAccount (GET /v1/data-import/meterpoint-statuses-for-account/{code}/{external}/)', () => {
  test('[STS-13][STS-14] before flows are sent every meter point is PRE_REGISTRATION', async () => {
    const { statuses } = await withAccount();
    expect(await statuses()).toEqual([
      { mpxn: ELEC, status: 'PRE_REGISTRATION' },
      { mpxn: GAS, status: 'PRE_REGISTRATION' },
    ]);
  });

  test('[STS-13][REG-7] after flows: REGISTRATION_REQUESTED, then the operator outcome: REGISTRATION_ACCEPTED / ON_SUPPLY from the supply start date', async () => {
    const { h, key, send, statuses } = await withAccount();
    await send({ supply_start_date: '2024-04-20' });
    expect(await statuses()).toEqual([
      { mpxn: ELEC, status: 'REGISTRATION_REQUESTED' },
      { mpxn: GAS, status: 'REGISTRATION_REQUESTED' },
    ]);
    outcome(h, key, ELEC, 'accepted');
    expect(await statuses()).toEqual([
      { mpxn: ELEC, status: 'REGISTRATION_ACCEPTED' },
      { mpxn: GAS, status: 'REGISTRATION_REQUESTED' },
    ]);
    h.advance(5 * DAY);
    expect(await statuses()).toEqual([
      { mpxn: ELEC, status: 'ON_SUPPLY' },
      { mpxn: GAS, status: 'REGISTRATION_REQUESTED' },
    ]);
  });

  test('[STS-13][REG-7] a rejected registration is REGISTRATION_REJECTED, and UNABLE_TO_REGISTER from the supply start date', async () => {
    const { h, key, send, statuses } = await withAccount();
    await send({ supply_start_date: '2024-04-20' });
    outcome(h, key, GAS, 'rejected');
    expect(await statuses()).toEqual([
      { mpxn: ELEC, status: 'REGISTRATION_REQUESTED' },
      { mpxn: GAS, status: 'REGISTRATION_REJECTED' },
    ]);
    h.advance(5 * DAY);
    expect((await statuses()) as unknown[]).toContainEqual({
      mpxn: GAS,
      status: 'UNABLE_TO_REGISTER',
    });
  });

  test('[STS-13][REG-7] a schedule on the mock clock: "accept after 2 days"', async () => {
    const { h, key, send, statuses } = await withAccount();
    await send();
    outcome(h, key, ELEC, 'accepted', '2024-04-17T10:00:00Z');
    h.advance(DAY);
    expect(await statuses()).toContainEqual({ mpxn: ELEC, status: 'REGISTRATION_REQUESTED' });
    h.advance(DAY);
    expect(await statuses()).toContainEqual({ mpxn: ELEC, status: 'ON_SUPPLY' });
  });

  test('[STS-15] an unknown or only staged account gets 404 with an array of {error}', async () => {
    const h = await createHarness();
    const staged = await h.stage(h.account());
    expect(await h.call('GET', statuses(staged.external_account_number))).toEqual({
      status: 404,
      body: [{ error: `Account not found for ${staged.external_account_number}.` }],
    });
  });

  test('[STS-15] an account without energy meter points gets 404 "No meterpoints found for <account number>."', async () => {
    const h = await createHarness();
    const account = await h.imported(certificatesOnly(h));
    expect(await h.call('GET', statuses(account.external_account_number))).toEqual({
      status: 404,
      body: [{ error: `No meterpoints found for ${h.serviceAccountNumber(account)}.` }],
    });
  });

  test('[STS-13] statuses are a status query: they answer for a Paused supplier too', async () => {
    const { h, statuses } = await withAccount();
    h.mock.service.state.suppliers.DEMO_ENERGY!.status = 'Paused';
    expect(await statuses()).toHaveLength(2);
  });
});

describe('getAccountTransferStatus follows the reference table (STS-4..STS-8)', () => {
  test('[STS-4] a staged account is UNKNOWN with service_account_number ""', async () => {
    const h = await createHarness();
    const staged = await h.stage(h.account());
    expect(await h.call('GET', transfer(staged.external_account_number))).toEqual({
      status: 200,
      body: { status: 'UNKNOWN', service_account_number: '' },
    });
  });

  test('[STS-5] PENDING: account created, registration flows not yet sent', async () => {
    const { h, account, transfer } = await withAccount();
    expect(await transfer()).toEqual({
      status: 'PENDING',
      service_account_number: h.serviceAccountNumber(account),
    });
  });

  test('[STS-6] IN_PROGRESS: registration in progress for at least one meter point', async () => {
    const { h, key, send, transfer } = await withAccount();
    await send();
    expect(await transfer()).toMatchObject({ status: 'IN_PROGRESS' });
    outcome(h, key, ELEC, 'accepted');
    h.advance(2 * DAY);
    expect(await transfer()).toMatchObject({ status: 'IN_PROGRESS' });
  });

  test('[STS-7] REJECTED: change of supply rejected for at least one meter point, even while another is in progress', async () => {
    const { h, key, send, transfer } = await withAccount();
    await send();
    outcome(h, key, GAS, 'rejected');
    expect(await transfer()).toMatchObject({ status: 'REJECTED' });
    outcome(h, key, ELEC, 'accepted');
    h.advance(2 * DAY);
    expect(await transfer()).toMatchObject({ status: 'REJECTED' });
  });

  test('[STS-8] COMPLETED: change of supply successful for all meter points (a supplier walk-through)', async () => {
    const { h, account, key, send, transfer } = await withAccount();
    outcome(h, key, ELEC, 'accepted', '2024-04-17T10:00:00Z');
    outcome(h, key, GAS, 'accepted', '2024-04-17T10:00:00Z');
    expect(await transfer()).toMatchObject({ status: 'PENDING' });
    await send();
    expect(await transfer()).toMatchObject({ status: 'IN_PROGRESS' });
    h.advance(2 * DAY);
    expect(await transfer()).toEqual({
      status: 'COMPLETED',
      service_account_number: h.serviceAccountNumber(account),
    });
    expect(
      h.mock.service.journal
        .entries()
        .map((e) => e.operationId)
        .slice(-4),
    ).toEqual([
      'getAccountTransferStatus',
      'sendRegistrationFlows',
      'getAccountTransferStatus',
      'getAccountTransferStatus',
    ]);
  });
});

describe('post-import data in the state export', () => {
  test('[GEN-9] notes, transactions, statements, the payment instruction and registrations survive an export and import of the state', async () => {
    const { h, account, key, send } = await withAccount();
    const external = account.external_account_number;
    const base = { import_supplier: 'DEMO_ENERGY', external_account_number: external };
    const note = { ...base, notes: [{ body: 'Kept.' }] };
    const transaction = {
      ...base,
      transactions: [
        {
          transaction_id: 'T-1',
          transaction_date: '2024-04-01',
          amount: 5,
          type: 'CHARGE',
          reason: 'IMPORTED_CHARGE',
        },
      ],
    };
    const statement = {
      ...base,
      statements: [
        {
          bill_period_from_date: '2024-01-01',
          bill_period_to_date: '2024-01-31',
          statement_id: 'S-1',
        },
      ],
    };
    const payment = { ...base, vendor: 'STRIPE', reference: 'R-1', type: 'CARD' };
    await h.call('POST', '/v1/data-import/notes/create/', { body: note });
    await h.call('POST', '/v1/data-import/transactions/create/', { body: transaction });
    await h.call('POST', '/v1/data-import/historical-statements/create/', { body: statement });
    await h.call('POST', '/v1/data-import/payment-instruction/create/', { body: payment });
    await send();
    outcome(h, key, ELEC, 'accepted', '2024-04-17T10:00:00Z');

    const copy = await createHarness({ state: JSON.parse(h.snapshot()) });
    expect(
      (await copy.call('POST', '/v1/data-import/notes/create/', { body: note })).body,
    ).toMatchObject([{ status: 'NOTE_ALREADY_EXISTS' }]);
    expect(
      (await copy.call('POST', '/v1/data-import/transactions/create/', { body: transaction })).body,
    ).toMatchObject({ results: [{ status: 'TRANSACTION_ALREADY_EXISTS' }] });
    expect(
      (
        await copy.call('POST', '/v1/data-import/historical-statements/create/', {
          body: statement,
        })
      ).status,
    ).toBe(400);
    expect(
      (await copy.call('POST', '/v1/data-import/payment-instruction/create/', { body: payment }))
        .body,
    ).toMatchObject({ error_detail: 'Account already has an active instruction' });
    copy.advance(2 * DAY);
    expect((await copy.call('GET', statuses(external))).body).toEqual([
      { mpxn: ELEC, status: 'ON_SUPPLY' },
      { mpxn: GAS, status: 'REGISTRATION_REQUESTED' },
    ]);
  });
});
