/**
 * Registration: send-registration-flows (REG-1..REG-8), meterpoint-statuses-for-account
 * (STS-13..STS-15) and the transfer status as registration moves on (STS-6, STS-7). The
 * industry's answer after the flows are sent is the operator's to set on the mock (control API);
 * COMPLETED (STS-8) needs the mock clock to pass the supply start date, so it is in the isolated
 * project (isolated/registration-completed.spec.ts).
 */
import { expect, type Lifecycle, test } from './fixtures.ts';
import type { CallOptions, DataImportClient, Exchange } from './support/api-client.ts';
import { DATE, operationTitle, REQUEST_VIOLATION } from './support/operations.ts';

interface FlowResult {
  import_supplier_code: string;
  external_account_number: string;
  meter_points: { mpxn: string; status: string; error_detail?: string }[];
}

/** Imports an account; `send` posts its registration flows. */
async function importedAccount(
  api: DataImportClient,
  lifecycle: Lifecycle,
  account = lifecycle.domesticAccount(),
) {
  const importSupplier = account.import_supplier as string;
  const external = account.external_account_number as string;
  const number = await lifecycle.import(account);
  const send = (options?: CallOptions) =>
    api.sendRegistrationFlows(importSupplier, external, options) as Promise<Exchange<FlowResult[]>>;
  return { importSupplier, external, number, meterPoints: lifecycle.meterPoints(account), send };
}

/** A business account whose only meter points are certificate accounts (no energy to register). */
function certificatesOnly(lifecycle: Lifecycle): Record<string, unknown> {
  const account = lifecycle.businessAccount(undefined, { certificates: true, supplyAddresses: 1 });
  const addresses = account.supply_addresses as { meter_points: { supply_type: string }[] }[];
  for (const address of addresses) {
    address.meter_points = address.meter_points.filter((p) =>
      p.supply_type.endsWith('_CERTIFICATES'),
    );
  }
  // A ledger named after an energy meter point that is gone would name an unknown supply point
  // (unknown_ledger_identifiers), and payment preferences name the ledgers.
  for (const ledger of (account.ledgers ?? []) as Record<string, unknown>[]) {
    delete ledger.ledger_identifier;
  }
  delete (account as Record<string, unknown>).payment_preferences;
  return account;
}

function expectFlowErrorsExplained(result: FlowResult | undefined): void {
  for (const point of result?.meter_points ?? []) {
    if (point.status === 'REGISTRATION_FLOW_ERROR') {
      expect(typeof point.error_detail, 'REGISTRATION_FLOW_ERROR comes with error_detail').toBe(
        'string',
      );
    }
  }
}

test.describe(operationTitle('sendRegistrationFlows'), () => {
  test('[REG-1] [REG-2] [REG-4] [REG-5] each energy meter point of an imported account is marked: 200 with the reference array', async ({
    api,
    lifecycle,
  }) => {
    const { importSupplier, external, meterPoints, send } = await importedAccount(api, lifecycle);
    const exchange = await send();
    expect(exchange.status).toBe(200);
    const [result] = exchange.body;
    expect(result).toMatchObject({
      import_supplier_code: importSupplier,
      external_account_number: external,
    });
    expect(result?.meter_points.map((p) => p.mpxn).sort()).toEqual([...meterPoints].sort());
    for (const point of result?.meter_points ?? []) {
      expect(point.status).toBe('REGISTRATION_FLOW_SUCCESS');
      expect(point.error_detail, 'error_detail only with REGISTRATION_FLOW_ERROR').toBeUndefined();
    }
  });

  test('[REG-8] [ERR-1] path values longer than their schemas get no 404 echoing them: they are refused as bad input', {
    tag: REQUEST_VIOLATION,
  }, async ({ api, kit }) => {
    // The client holds any 404 body to RegistrationNotFoundItem, whose fields these values break.
    const exchange = await api.sendRegistrationFlows('S'.repeat(33), 'E'.repeat(129), {
      invalid: true,
      assumption: 'Path values over their schemas are bad input',
    });
    expect(exchange.status, 'nothing is registered for such a pair').toBeGreaterThanOrEqual(400);
    await kit.assume(
      '400 request_failed_validation with max_length at both path parameters',
      () => {
        expect(exchange.status).toBe(400);
        expect(exchange.body).toMatchObject({
          code: 'request_failed_validation',
          errors: [
            { code: 'max_length', attr: 'import_supplier_code' },
            { code: 'max_length', attr: 'external_account_number' },
          ],
        });
      },
    );
  });

  test('[REG-3] supply_start_date, when omitted, defaults to the earliest valid supply start date', async ({
    api,
    lifecycle,
    control,
  }) => {
    const { importSupplier, external, send } = await importedAccount(api, lifecycle);
    expect((await send()).status).toBe(200);
    const today = (await control.clock()).now.slice(0, 10);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000)
      .toISOString()
      .slice(0, 10);
    for (const point of await control.meterPoints(importSupplier, external)) {
      if (point.supply_type !== 'ELECTRICITY' && point.supply_type !== 'GAS') continue;
      expect(point.supply_start_date, `${point.mpxn}: tomorrow on the mock clock`).toBe(tomorrow);
    }
  });

  test('[REG-1] [REG-3] [GEN-3] a later supply_start_date is used as given', async ({
    api,
    lifecycle,
    control,
  }) => {
    const { importSupplier, external, send } = await importedAccount(api, lifecycle);
    const exchange = await send({ query: { supply_start_date: '2099-05-01' } });
    expect(exchange.status).toBe(200);
    const points = await control.meterPoints(importSupplier, external);
    for (const point of points.filter((p) => p.sent_at)) {
      expect(point.supply_start_date).toMatch(DATE);
      expect(point.supply_start_date).toBe('2099-05-01');
    }
  });

  test('[REG-6] a supply start date earlier than the earliest valid one gives REGISTRATION_FLOW_ERROR with error_detail', async ({
    api,
    lifecycle,
    kit,
  }) => {
    const { send } = await importedAccount(api, lifecycle);
    const exchange = await send({
      query: { supply_start_date: '2000-01-01' },
      assumption: 'A past supply start date is a per-meter-point error',
    });
    if (exchange.status === 200) expectFlowErrorsExplained(exchange.body[0]);
    await kit.assume('Each meter point gets REGISTRATION_FLOW_ERROR with error_detail', () => {
      expect(exchange.status).toBe(200);
      for (const point of exchange.body[0]?.meter_points ?? []) {
        expect(point).toEqual({
          mpxn: point.mpxn,
          status: 'REGISTRATION_FLOW_ERROR',
          error_detail: expect.any(String),
        });
      }
    });
  });

  test('[REG-6] [REG-8] a meter point already marked gets REGISTRATION_FLOW_ERROR with error_detail, or the account has none left to register (404)', async ({
    api,
    lifecycle,
    kit,
  }) => {
    const { importSupplier, external, send } = await importedAccount(api, lifecycle);
    expect((await send()).status).toBe(200);
    const again = await send();
    // Once every meter point is marked the account "has no meter points to register" (REG-8):
    // a service may answer that with REG-8's 404 as well as with REG-6's per-point errors.
    expect(
      [200, 404],
      'a second send is answered per meter point or as nothing to register',
    ).toContain(again.status);
    if (again.status === 404) {
      expect(again.body).toEqual([
        expect.objectContaining({
          error_detail: expect.any(String),
          import_supplier_code: importSupplier,
          external_account_number: external,
        }),
      ]);
    } else {
      expectFlowErrorsExplained(again.body[0]);
    }
    await kit.assume('A second send is 200, each meter point REGISTRATION_FLOW_ERROR', () => {
      expect(again.status).toBe(200);
      for (const point of again.body[0]?.meter_points ?? []) {
        expect(point.status).toBe('REGISTRATION_FLOW_ERROR');
      }
    });
  });

  test('[REG-6] a meter point the operator forces to fail gets REGISTRATION_FLOW_ERROR with the given error_detail', async ({
    api,
    lifecycle,
    control,
  }) => {
    const { importSupplier, external, meterPoints, send } = await importedAccount(api, lifecycle);
    const [failing, ...others] = meterPoints;
    await control.flowFault(importSupplier, external, failing as string, 'D0203 rejected');
    const exchange = await send();
    expect(exchange.status).toBe(200);
    const points = exchange.body[0]?.meter_points ?? [];
    expect(points.find((p) => p.mpxn === failing)).toMatchObject({
      mpxn: failing,
      status: 'REGISTRATION_FLOW_ERROR',
      error_detail: 'D0203 rejected',
    });
    for (const mpxn of others) {
      expect(points.find((p) => p.mpxn === mpxn)?.status).toBe('REGISTRATION_FLOW_SUCCESS');
    }
  });

  test('[REG-7] [STS-7] a marked meter point can still fail later: the operator rejects it and the transfer is REJECTED', async ({
    api,
    lifecycle,
    control,
  }) => {
    const { importSupplier, external, number, meterPoints, send } = await importedAccount(
      api,
      lifecycle,
    );
    expect((await send()).body[0]?.meter_points.map((p) => p.status)).not.toContain(
      'REGISTRATION_FLOW_ERROR',
    );
    await control.outcome(importSupplier, external, meterPoints[0] as string, {
      outcome: 'rejected',
    });
    expect((await api.transferStatus(importSupplier, external)).body).toMatchObject({
      status: api.transferStatusOf('REJECTED'),
      service_account_number: number,
    });
  });

  test('[REG-8] an account that is only staged is not found: 404 with an array of {error_detail, import_supplier_code, external_account_number}', async ({
    api,
    lifecycle,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.stage(account);
    const exchange = await api.sendRegistrationFlows(
      account.import_supplier as string,
      account.external_account_number as string,
    );
    expect(exchange.status).toBe(404);
    expect(exchange.body).toEqual([
      expect.objectContaining({
        error_detail: expect.any(String),
        import_supplier_code: account.import_supplier,
        external_account_number: account.external_account_number,
      }),
    ]);
  });

  test('[REG-8] an account without energy meter points has none to register: 404', async ({
    api,
    lifecycle,
    kit,
  }) => {
    const { send } = await importedAccount(api, lifecycle, certificatesOnly(lifecycle));
    const exchange = await send({ assumption: 'Certificate supply types are not registered' });
    await kit.assume(
      'Certificate meter points are not registered, so there is nothing to do',
      () => {
        expect(exchange.status).toBe(404);
        expect(exchange.body).toEqual([
          expect.objectContaining({ error_detail: expect.any(String) }),
        ]);
      },
    );
  });
});

test.describe(operationTitle('getMeterpointStatusesForAccount'), () => {
  test('[STS-13] [STS-14] before flows are sent every meter point is PRE_REGISTRATION', async ({
    api,
    lifecycle,
  }) => {
    const { importSupplier, external, meterPoints } = await importedAccount(api, lifecycle);
    const exchange = await api.meterPointStatuses(importSupplier, external);
    expect(exchange.status).toBe(200);
    const statuses = exchange.body as { mpxn: string; status: string }[];
    expect(statuses.map((s) => s.mpxn).sort()).toEqual([...meterPoints].sort());
    for (const item of statuses)
      expect(item).toMatchObject({ mpxn: item.mpxn, status: 'PRE_REGISTRATION' });
  });

  test('[STS-13] [STS-14] after flows are sent the statuses move on', async ({
    api,
    lifecycle,
    kit,
  }) => {
    const { importSupplier, external, send } = await importedAccount(api, lifecycle);
    expect((await send()).status).toBe(200);
    const exchange = await api.meterPointStatuses(importSupplier, external);
    expect(exchange.status).toBe(200);
    await kit.assume('A sent flow is REGISTRATION_REQUESTED until the industry answers', () => {
      for (const item of exchange.body as { status: string }[]) {
        expect(item.status).toBe('REGISTRATION_REQUESTED');
      }
    });
  });

  test('[STS-15] an account that is not found gets 404 with an array of {error}', async ({
    api,
    settings,
    accounts,
  }) => {
    const exchange = await api.meterPointStatuses(settings.importSupplier, accounts.next());
    expect(exchange.status).toBe(404);
    expect(exchange.body).toEqual([expect.objectContaining({ error: expect.any(String) })]);
  });

  test('[STS-15] an account without meter points gets 404 with an array of {error}', async ({
    api,
    lifecycle,
    kit,
  }) => {
    const { importSupplier, external } = await importedAccount(
      api,
      lifecycle,
      certificatesOnly(lifecycle),
    );
    const exchange = await api.meterPointStatuses(importSupplier, external, {
      assumption: 'Certificate supply types have no registration status',
    });
    await kit.assume('An account with certificate meter points only has none to report', () => {
      expect(exchange.status).toBe(404);
      expect(exchange.body).toEqual([expect.objectContaining({ error: expect.any(String) })]);
    });
  });
});

test.describe(operationTitle('getAccountTransferStatus'), () => {
  test('[STS-6] IN_PROGRESS once registration flows are sent and no outcome is known', async ({
    api,
    lifecycle,
  }) => {
    const { importSupplier, external, number, send } = await importedAccount(api, lifecycle);
    expect((await send()).status).toBe(200);
    expect((await api.transferStatus(importSupplier, external)).body).toMatchObject({
      status: api.transferStatusOf('IN_PROGRESS'),
      service_account_number: number,
    });
  });

  test('[STS-7] REJECTED when the change of supply is rejected for at least one meter point', async ({
    api,
    lifecycle,
    control,
  }) => {
    const { importSupplier, external, number, meterPoints, send } = await importedAccount(
      api,
      lifecycle,
    );
    await send();
    const [rejected, accepted] = meterPoints;
    await control.outcome(importSupplier, external, accepted as string, { outcome: 'accepted' });
    await control.outcome(importSupplier, external, rejected as string, { outcome: 'rejected' });
    expect((await api.transferStatus(importSupplier, external)).body).toMatchObject({
      status: api.transferStatusOf('REJECTED'),
      service_account_number: number,
    });
  });
});
