/**
 * Account import: validate-account (VAL), create-or-update (STG) and process (PRC), with the
 * supplier statuses (SUP) and the validation error body (ERR). One describe per operation, one
 * test per rule; every response is also checked against the spec by the `api` fixture.
 */
import { expect, test } from './fixtures.ts';
import type { Exchange } from './support/api-client.ts';
import { ControlClient } from './support/control-client.ts';
import {
  answerCarriesCodes,
  type Dialect,
  expectedError,
  wholeRequestRefusal,
} from './support/dialect.ts';
import { listOrNone } from './support/lists.ts';
import { DRY_RUN_MESSAGE, operationTitle, REQUEST_VIOLATION } from './support/operations.ts';
import { processRequest } from './support/payloads.ts';

type Json = Record<string, unknown>;
interface ErrorBody {
  detail: string;
  code: string;
  errors: { detail: string; code: string; attr: string }[];
}

/**
 * ERR-1..ERR-4: a 400 with {detail, code, errors: [{detail, code, attr}]}. In the platform dialect
 * (decision 026) the field-keyed messages carry no code: each keyed message reads back as an error
 * with its attr and detail, and there is at least one.
 */
function expectErrorBody(exchange: Exchange, dialect: Dialect): ErrorBody {
  expect(exchange.status, 'a validation failure is a 400 (ERR-1)').toBe(400);
  const body = exchange.body as ErrorBody;
  const carried = answerCarriesCodes(dialect, exchange);
  expect(typeof body.detail, 'detail is a human-readable string (ERR-2)').toBe('string');
  if (carried) expect(typeof body.code, 'code is a machine-readable string (ERR-3)').toBe('string');
  expect(Array.isArray(body.errors), 'errors is an array (ERR-4)').toBe(true);
  if (!carried) expect(body.errors.length, 'the body keys at least one message').toBeGreaterThan(0);
  for (const item of body.errors) {
    expect(item, 'each error has detail, code and attr (ERR-4)').toMatchObject({
      detail: expect.any(String),
      ...(carried ? { code: expect.any(String) } : {}),
      attr: expect.any(String),
    });
  }
  return body;
}

/** The expected field error, its code checked only where the answer carries codes (decision 026). */
function errorAt(
  exchange: Exchange,
  dialect: Dialect,
  error: { attr: string; code: string },
): unknown {
  return expect.objectContaining(expectedError(answerCarriesCodes(dialect, exchange), error));
}

/** The account with its first customer changed. */
function withCustomer(account: Json, change: Json): Json {
  const [first, ...rest] = account.customers as Json[];
  return { ...account, customers: [{ ...first, ...change }, ...rest] };
}

type Fixtures = Pick<
  Parameters<Parameters<typeof test>[2]>[0],
  'api' | 'lifecycle' | 'control' | 'kit'
>;

/** STG-7, STG-8: staging under a supplier the operator has Paused or Completed is refused. */
async function expectStagingRefusedUnder(
  status: 'Paused' | 'Complete',
  { api, lifecycle, control, kit }: Fixtures,
): Promise<void> {
  const supplier = await control.supplier({ status });
  const account = lifecycle.domesticAccount(supplier);
  const exchange = await api.stage(account);
  expect(exchange.status).toBe(400);
  await kit.platform('The refusal’s code is import_supplier_migration_not_ongoing', () =>
    expect(exchange.body).toMatchObject(
      wholeRequestRefusal(
        answerCarriesCodes(api.dialect, exchange),
        'import_supplier_migration_not_ongoing',
      ),
    ),
  );
  const list = await api.list('all', supplier);
  expect(list.body.map((s) => s.external_account_number)).not.toContain(
    account.external_account_number,
  );
}

/** PRC-10: processing under a supplier the operator has Paused or Completed gets an error. */
async function expectProcessRefusedUnder(
  status: 'Paused' | 'Complete',
  { api, lifecycle, control, kit }: Fixtures,
): Promise<void> {
  const supplier = await control.supplier();
  const account = lifecycle.domesticAccount(supplier);
  const external = account.external_account_number as string;
  await lifecycle.stage(account);
  await control.updateSupplier(supplier, { status });
  const exchange = await api.process(processRequest(supplier, external, lifecycle.team));
  expect(exchange.status).toBe(400);
  await kit.platform('The error’s code is import_supplier_migration_not_ongoing', () =>
    expect(exchange.body).toMatchObject(
      wholeRequestRefusal(
        answerCarriesCodes(api.dialect, exchange),
        'import_supplier_migration_not_ongoing',
      ),
    ),
  );
  expect((await api.transferStatus(supplier, external)).body).toMatchObject({ status: 'UNKNOWN' });
}

test.describe(operationTitle('validateAccount'), () => {
  test('[VAL-1] [VAL-2] [GEN-1] [GEN-2] a valid domestic account gets 200 with the validated data', async ({
    api,
    kit,
    payloads,
  }) => {
    const account = payloads.domesticAccount();
    const exchange = await api.validateAccount(account);
    expect(exchange.status).toBe(200);
    expect(exchange.contentType, 'the body is JSON (GEN-2)').toMatch(/^application\/json/);
    expect(typeof exchange.body).toBe('object');
    await kit.assume('The validated data is the posted account (validateAccount 200)', () =>
      expect(exchange.body).toEqual(account),
    );
  });

  test('[VAL-5] a valid business account (billing options, certificate meter points) gets 200', async ({
    api,
    payloads,
  }) => {
    const exchange = await api.validateAccount(payloads.businessAccount());
    expect(exchange.status).toBe(200);
  });

  test('[VAL-3] [ERR-1] [ERR-2] [ERR-3] [ERR-4] an invalid payload gets 400 with detail, code and errors', async ({
    api,
    kit,
    payloads,
  }) => {
    const account = withCustomer(payloads.domesticAccount(), {
      landline: 'abcde',
    });
    const exchange = await api.validateAccount(account, { invalid: true });
    const body = expectErrorBody(exchange, api.dialect);
    expect(body.errors.length).toBeGreaterThan(0);
    // The platform's field-keyed messages carry no code to compare (decision 026).
    if (!answerCarriesCodes(api.dialect, exchange)) return;
    await kit.assume('Account payload failures use code account_failed_validation', () =>
      expect(body.code).toBe('account_failed_validation'),
    );
  });

  test('[VAL-4] [ERR-5] an invalid landline of the first customer is rejected with invalid_phone_number at customers.0.landline', async ({
    api,
    payloads,
  }) => {
    const account = withCustomer(payloads.domesticAccount(), {
      landline: 'abcde',
    });
    const exchange = await api.validateAccount(account, { invalid: true });
    const body = expectErrorBody(exchange, api.dialect);
    expect(body.errors).toContainEqual(
      errorAt(exchange, api.dialect, {
        attr: 'customers.0.landline',
        code: 'invalid_phone_number',
      }),
    );
  });

  test('[VAL-4] an invalid mobile number is rejected', async ({ api, payloads }) => {
    const account = withCustomer(payloads.domesticAccount(), {
      mobile: '0712345678',
    });
    const exchange = await api.validateAccount(account, { invalid: true });
    const body = expectErrorBody(exchange, api.dialect);
    expect(body.errors).toContainEqual(
      errorAt(exchange, api.dialect, { attr: 'customers.0.mobile', code: 'invalid_phone_number' }),
    );
  });

  test('[VAL-3] every failure of a payload is listed, not only the first', async ({
    api,
    kit,
    payloads,
  }) => {
    const account = withCustomer(payloads.domesticAccount(), {
      landline: 'abcde',
      mobile: '0712345678',
    });
    const body = expectErrorBody(
      await api.validateAccount(account, { invalid: true }),
      api.dialect,
    );
    await kit.assume('Every failure is listed (the kit’s mock lists all)', () =>
      expect(body.errors.map((e) => e.attr)).toEqual(
        expect.arrayContaining(['customers.0.landline', 'customers.0.mobile']),
      ),
    );
  });

  test('[VAL-5] a business account carrying warm_home_discount is refused', async ({
    api,
    kit,
    payloads,
  }) => {
    const account = {
      ...payloads.businessAccount(),
      warm_home_discount: [{ tax_year: '2023/24', account_type: 'CREDIT', group: 'CORE' }],
    };
    const exchange = await api.validateAccount(account, {
      invalid: true,
      assumption: 'The business form refuses domestic-only fields',
    });
    await kit.assume(
      'A business account with a domestic-only field is refused at that field',
      () => {
        const body = expectErrorBody(exchange, api.dialect);
        expect(body.errors.map((e) => e.attr.split('.')[0])).toContain('warm_home_discount');
      },
    );
  });

  test('[VAL-6] a business customer carrying family_name is refused', async ({
    api,
    kit,
    payloads,
  }) => {
    const account = withCustomer(payloads.businessAccount(), {
      family_name: 'Smith',
    });
    const exchange = await api.validateAccount(account, {
      invalid: true,
      assumption: 'The business customer refuses fields of the domestic form',
    });
    await kit.assume(
      'A business customer with a domestic-only field is refused at that field',
      () => {
        const body = expectErrorBody(exchange, api.dialect);
        expect(body.errors.map((e) => e.attr)).toContain('customers.0.family_name');
      },
    );
  });

  test('[VAL-3] [SUP-1] an import_supplier the service does not know is refused as staging refuses it', async ({
    api,
    payloads,
    settings,
    kit,
  }) => {
    const supplier = `NOSUCH${settings.runId}`.toUpperCase().slice(0, 32);
    const account = { ...payloads.domesticAccount(), import_supplier: supplier };
    const exchange = await api.validateAccount(account, {
      assumption: 'An unknown supplier gets 400 import_supplier_not_found',
    });
    await kit.assume(
      'An unknown supplier gets 400 import_supplier_not_found at import_supplier, as staging answers it',
      async () => {
        expect(exchange.status).toBe(400);
        expect(exchange.body).toMatchObject({
          ...(answerCarriesCodes(api.dialect, exchange)
            ? { code: 'import_supplier_not_found' }
            : {}),
          errors: [expect.objectContaining({ attr: 'import_supplier' })],
        });
        if (settings.mode === 'safe') return;
        const staged = await api.stage(account, {
          assumption: 'An unknown supplier gets 400 import_supplier_not_found',
        });
        expect(staged.status).toBe(exchange.status);
        expect(staged.body).toEqual(exchange.body);
      },
    );
  });

  test('[VAL-7] validation stores nothing', async ({ api, settings, payloads }) => {
    const account = payloads.domesticAccount();
    const external = account.external_account_number as string;
    expect((await api.validateAccount(account)).status).toBe(200);
    const status = await api.transferStatus(settings.importSupplier, external);
    expect(status.status, 'no import process exists after validation (STS-3)').toBe(404);
    // In safe mode the supplier may have no accounts at all (STS-12 leaves that answer open).
    const pending = await listOrNone(api, 'pending', settings.importSupplier);
    expect(pending.map((s) => s.external_account_number)).not.toContain(external);
  });

  test('[GEN-4] optional fields that are not wanted are omitted', async ({ api, payloads }) => {
    const account = payloads.domesticAccount();
    for (const field of ['notes', 'references', 'smart_read_frequency', 'smart_read_cycle_day']) {
      delete account[field];
    }
    expect((await api.validateAccount(account)).status).toBe(200);
  });

  test('[GEN-5] a supplied optional object without its required fields is refused at its path', {
    tag: REQUEST_VIOLATION,
  }, async ({ api, kit, payloads }) => {
    const account = {
      ...payloads.domesticAccount(),
      dunning_path: { start_date: '2024-01-01' },
    };
    const exchange = await api.validateAccount(account, {
      invalid: true,
      assumption: 'path_name is required in dunning_path (the real platform’s required fields)',
    });
    await kit.platform('dunning_path.path_name is required, as on the real platform', () => {
      const body = expectErrorBody(exchange, api.dialect);
      expect(body.errors).toContainEqual(
        errorAt(exchange, api.dialect, { attr: 'dunning_path.path_name', code: 'required' }),
      );
    });
  });

  test('[GEN-6] [ERR-5] a supplied optional field must meet its rules, also when nested', async ({
    api,
    payloads,
  }) => {
    const account = payloads.domesticAccount();
    const addresses = account.supply_addresses as Json[];
    addresses[0] = {
      ...addresses[0],
      property_administrators: [{ given_name: 'Pat', landline: 'not a phone number' }],
    };
    const exchange = await api.validateAccount(account, { invalid: true });
    const body = expectErrorBody(exchange, api.dialect);
    expect(body.errors).toContainEqual(
      errorAt(exchange, api.dialect, {
        attr: 'supply_addresses.0.property_administrators.0.landline',
        code: 'invalid_phone_number',
      }),
    );
  });

  test('[GEN-7] money amounts are decimal strings: text that is not a decimal is refused', {
    tag: REQUEST_VIOLATION,
  }, async ({ api, kit, payloads }) => {
    const account = {
      ...payloads.domesticAccount(),
      transfer_balance: '12,50',
    };
    const exchange = await api.validateAccount(account, {
      invalid: true,
      assumption: 'A money amount that is not a decimal is refused',
    });
    await kit.platform('A money amount that is not a decimal is refused at its field', () => {
      const body = expectErrorBody(exchange, api.dialect);
      expect(body.errors.map((e) => e.attr)).toContain('transfer_balance');
    });
  });

  test('[GEN-2] [ERR-1] a body that is not JSON is refused with an error body', {
    tag: REQUEST_VIOLATION,
  }, async ({ api, kit }) => {
    const exchange = await api.validateAccount(undefined, {
      raw: '{"import_supplier": ',
      invalid: true,
      assumption: 'The answer to malformed JSON is the kit’s error body',
    });
    expect(exchange.status, 'malformed JSON is refused').toBeGreaterThanOrEqual(400);
    expect(exchange.status).toBeLessThan(500);
    await kit.assume('Malformed JSON gets 400 with the error body', () => {
      expectErrorBody(exchange, api.dialect);
    });
  });
});

test.describe(operationTitle('createOrUpdateAccountImportProcess'), () => {
  test('[STG-1] [STG-2] [STG-4] [SUP-2] the first staging of an account returns 201 with import_supplier and external_account_number', async ({
    api,
    lifecycle,
  }) => {
    const account = lifecycle.domesticAccount();
    const exchange = await api.stage(account);
    expect(exchange.status).toBe(201);
    expect(exchange.body).toMatchObject({
      import_supplier: account.import_supplier,
      external_account_number: account.external_account_number,
    });
  });

  test('[STG-3] [STG-4] staging a staged account again returns 200, any number of times', async ({
    api,
    lifecycle,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.stage(account);
    for (const billing_name of ['Second Name', 'Third Name']) {
      const exchange = await api.stage({ ...account, billing_name });
      expect(exchange.status).toBe(200);
      expect(exchange.body).toMatchObject({
        import_supplier: account.import_supplier,
        external_account_number: account.external_account_number,
      });
    }
  });

  test('[STG-3] restaging replaces the staged data', async ({ api, lifecycle, control }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.stage(account);
    expect((await api.stage({ ...account, billing_name: 'Replaced Name' })).status).toBe(200);
    const held = await control.account(
      lifecycle.supplier,
      account.external_account_number as string,
    );
    expect((held?.data as Json | undefined)?.billing_name).toBe('Replaced Name');
  });

  test('[STG-5] staging an imported account is refused with 400', async ({
    api,
    lifecycle,
    kit,
  }) => {
    const account = lifecycle.domesticAccount();
    const number = await lifecycle.import(account);
    const exchange = await api.stage(account);
    expect(exchange.status).toBe(400);
    await kit.assume('The refusal carries account_already_imported and both numbers', () =>
      expect(exchange.body).toMatchObject({
        ...(answerCarriesCodes(api.dialect, exchange) ? { code: 'account_already_imported' } : {}),
        external_account_number: account.external_account_number,
        service_account_number: number,
      }),
    );
  });

  test('[STG-6] staging an account marked to be skipped is refused with 400', async ({
    api,
    lifecycle,
    control,
    kit,
  }) => {
    const account = lifecycle.domesticAccount();
    await control.skip(lifecycle.supplier, account.external_account_number as string);
    const exchange = await api.stage(account);
    expect(exchange.status).toBe(400);
    await kit.assume('The refusal’s code is account_marked_to_be_skipped', () =>
      expect(exchange.body).toMatchObject(
        wholeRequestRefusal(
          answerCarriesCodes(api.dialect, exchange),
          'account_marked_to_be_skipped',
        ),
      ),
    );
    const status = await api.transferStatus(
      lifecycle.supplier,
      account.external_account_number as string,
    );
    expect(status.status, 'nothing was staged (STS-3)').toBe(404);
  });

  test('[STG-7] [SUP-3] staging under a Paused supplier is refused with 400', async ({
    api,
    lifecycle,
    control,
    kit,
  }) => {
    await expectStagingRefusedUnder('Paused', { api, lifecycle, control, kit });
  });

  test('[STG-8] [SUP-3] staging under a Complete supplier is refused with 400', async ({
    api,
    lifecycle,
    control,
    kit,
  }) => {
    await expectStagingRefusedUnder('Complete', { api, lifecycle, control, kit });
  });

  test('[STG-9] [STG-1] an invalid payload is refused with 400 and the validation error body, and nothing is staged', async ({
    api,
    lifecycle,
  }) => {
    const account = withCustomer(lifecycle.domesticAccount(), { landline: 'abcde' });
    const exchange = await api.stage(account, { invalid: true });
    const body = expectErrorBody(exchange, api.dialect);
    expect(body.errors).toContainEqual(
      errorAt(exchange, api.dialect, {
        attr: 'customers.0.landline',
        code: 'invalid_phone_number',
      }),
    );
    const status = await api.transferStatus(
      lifecycle.supplier,
      account.external_account_number as string,
    );
    expect(status.status, 'nothing was staged (STS-3)').toBe(404);
  });

  test('[SUP-1] staging under a supplier the operator has not configured is refused', async ({
    api,
    lifecycle,
    settings,
    kit,
  }) => {
    const account = lifecycle.domesticAccount(`NOSUCH${settings.runId}`.toUpperCase().slice(0, 32));
    const exchange = await api.stage(account, {
      assumption: 'An unknown supplier gets 400 import_supplier_not_found',
    });
    expect(exchange.status, 'an unknown supplier accepts nothing').toBeGreaterThanOrEqual(400);
    await kit.assume(
      'An unknown supplier gets 400 import_supplier_not_found at import_supplier',
      () => {
        expect(exchange.status).toBe(400);
        expect(exchange.body).toMatchObject({
          ...(answerCarriesCodes(api.dialect, exchange)
            ? { code: 'import_supplier_not_found' }
            : {}),
          errors: [expect.objectContaining({ attr: 'import_supplier' })],
        });
      },
    );
  });
});

test.describe(operationTitle('processAccountImportProcess'), () => {
  test('[PRC-1] [PRC-4] processing a staged account returns 201 with its service_account_number', async ({
    api,
    lifecycle,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.stage(account);
    const exchange = await api.process(
      processRequest(lifecycle.supplier, account.external_account_number as string, lifecycle.team),
    );
    expect(exchange.status).toBe(201);
    expect(typeof exchange.body.service_account_number).toBe('string');
    expect((exchange.body.service_account_number as string).length).toBeGreaterThan(0);
  });

  test('[PRC-2] an account that is not staged is refused', async ({
    api,
    lifecycle,
    accounts,
    kit,
  }) => {
    const exchange = await api.process(
      processRequest(lifecycle.supplier, accounts.next(), lifecycle.team),
      {
        assumption: 'A process request for an account that is not staged gets 400, not 404',
      },
    );
    expect(exchange.status, 'a failure (PRC-2)').toBeGreaterThanOrEqual(400);
    expect(exchange.status).toBeLessThan(500);
    await kit.assume('The failure is 400 import_process_does_not_exist', () => {
      expect(exchange.status).toBe(400);
      expect(exchange.body).toMatchObject(
        wholeRequestRefusal(
          answerCarriesCodes(api.dialect, exchange),
          'import_process_does_not_exist',
        ),
      );
    });
  });

  test('[PRC-3] an operations team that does not exist is refused with 400 and nothing is created', async ({
    api,
    lifecycle,
    kit,
    settings,
    request,
    testKey,
  }) => {
    const account = lifecycle.domesticAccount();
    const external = account.external_account_number as string;
    await lifecycle.stage(account);
    if (settings.mode === 'mock') {
      // The premise, where the operator can state it: the team sent is none of the target's.
      const teams = await new ControlClient(request, settings.controlURL, testKey).call<string[]>(
        'GET',
        '/__mock/operations-teams',
      );
      expect(teams.status).toBe(200);
      expect(teams.body).not.toContain(`NO-TEAM-${external}`);
    }
    const exchange = await api.process(
      processRequest(lifecycle.supplier, external, `NO-TEAM-${external}`),
    );
    const body = expectErrorBody(exchange, api.dialect);
    await kit.platform('The failure points at operations_team_name', () =>
      expect(body.errors).toContainEqual(
        errorAt(exchange, api.dialect, {
          attr: 'operations_team_name',
          code: 'operations_team_name_does_not_exist',
        }),
      ),
    );
    const status = await api.transferStatus(lifecycle.supplier, external);
    expect(status.body).toMatchObject({ status: 'UNKNOWN', service_account_number: '' });
  });

  test('[PRC-5] a dry run that would succeed answers 400 with the exact message', async ({
    api,
    lifecycle,
    kit,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.stage(account);
    const exchange = await api.process(
      processRequest(
        lifecycle.supplier,
        account.external_account_number as string,
        lifecycle.team,
        true,
      ),
    );
    expect(exchange.status).toBe(400);
    expect(exchange.text, 'the body carries the exact message').toContain(DRY_RUN_MESSAGE);
    if (!answerCarriesCodes(api.dialect, exchange)) {
      // The platform's dry-run body is its detail with the status as its code (decision 026);
      // fields beside them are additions, which the interface allows (Versioning).
      expect(exchange.body).toMatchObject({
        detail: DRY_RUN_MESSAGE,
        code: String(exchange.status),
        errors: [],
      });
      return;
    }
    await kit.assume('The message is the detail, with code dry_run_succeeded and errors []', () =>
      expect(exchange.body).toEqual({
        detail: DRY_RUN_MESSAGE,
        code: 'dry_run_succeeded',
        errors: [],
      }),
    );
  });

  test('[PRC-6] after a dry run the account is still staged and can be processed', async ({
    api,
    lifecycle,
  }) => {
    const account = lifecycle.domesticAccount();
    const external = account.external_account_number as string;
    await lifecycle.stage(account);
    expect(
      (await api.process(processRequest(lifecycle.supplier, external, lifecycle.team, true)))
        .status,
    ).toBe(400);
    expect((await api.transferStatus(lifecycle.supplier, external)).body).toMatchObject({
      status: 'UNKNOWN',
      service_account_number: '',
    });
    const pending = await api.list('pending', lifecycle.supplier);
    expect(pending.body).toContainEqual(
      expect.objectContaining({
        external_account_number: external,
        service_account_number: null,
        account_created_at: null,
      }),
    );
    const imported = await api.list('imported', lifecycle.supplier);
    expect(
      (imported.body as { external_account_number?: string }[]).map(
        (s) => s.external_account_number,
      ),
    ).not.toContain(external);
    expect(
      (await api.process(processRequest(lifecycle.supplier, external, lifecycle.team))).status,
    ).toBe(201);
  });

  test('[PRC-7] a dry run that would fail gives the real errors, not the dry-run message', async ({
    api,
    lifecycle,
  }) => {
    const account = lifecycle.domesticAccount();
    const external = account.external_account_number as string;
    await lifecycle.stage(account);
    const exchange = await api.process(
      processRequest(lifecycle.supplier, external, `NO-TEAM-${external}`, true),
    );
    expectErrorBody(exchange, api.dialect);
    expect(exchange.text).not.toContain(DRY_RUN_MESSAGE);
  });

  test('[PRC-7] [ERR-1] a request without operations_team_name fails with 400 and the validation error body', {
    tag: REQUEST_VIOLATION,
  }, async ({ api, lifecycle, accounts, kit }) => {
    const exchange = await api.process(
      { import_supplier_code: lifecycle.supplier, external_account_number: accounts.next() },
      { invalid: true },
    );
    const body = expectErrorBody(exchange, api.dialect);
    await kit.platform(
      'The missing team is reported at its own attr with the platform code operations_team_should_be_provided',
      () =>
        expect(body.errors).toContainEqual(
          errorAt(exchange, api.dialect, {
            attr: 'operations_team_name',
            code: 'operations_team_should_be_provided',
          }),
        ),
    );
  });

  test('[PRC-8] processing an imported account again gets 400 carrying external_account_number and service_account_number', async ({
    api,
    lifecycle,
  }) => {
    const account = lifecycle.domesticAccount();
    const external = account.external_account_number as string;
    const number = await lifecycle.import(account);
    const exchange = await api.process(
      processRequest(lifecycle.supplier, external, lifecycle.team),
    );
    expect(exchange.status).toBe(400);
    expect(exchange.body).toMatchObject({
      external_account_number: external,
      service_account_number: number,
    });
  });

  test('[PRC-10] [SUP-3] processing under a Paused supplier gets an error', async ({
    api,
    lifecycle,
    control,
    kit,
  }) => {
    await expectProcessRefusedUnder('Paused', { api, lifecycle, control, kit });
  });

  test('[PRC-10] [SUP-3] processing under a Complete supplier gets an error', async ({
    api,
    lifecycle,
    control,
    kit,
  }) => {
    await expectProcessRefusedUnder('Complete', { api, lifecycle, control, kit });
  });

  test('[PRC-9] the concurrency limit is disabled by default: simultaneous process requests all succeed', async ({
    api,
    lifecycle,
    kit,
  }) => {
    const staged = [
      lifecycle.domesticAccount(),
      lifecycle.domesticAccount(),
      lifecycle.domesticAccount(),
    ];
    for (const account of staged) await lifecycle.stage(account);
    const results = await Promise.all(
      staged.map((a) =>
        api.process(
          processRequest(lifecycle.supplier, a.external_account_number as string, lifecycle.team),
        ),
      ),
    );
    await kit.assume(
      'The target runs with the limit disabled, as the reference says it currently is',
      () => expect(results.map((r) => r.status)).toEqual([201, 201, 201]),
    );
  });

  test('[GEN-9] every created account gets its own service account number', async ({
    lifecycle,
  }) => {
    const numbers = new Set<string>();
    for (let i = 0; i < 3; i++) numbers.add(await lifecycle.import(lifecycle.domesticAccount()));
    expect(numbers.size).toBe(3);
  });

  test('[SUP-4] with the supplier’s e-mails on migration on, the customers get an e-mail', async ({
    lifecycle,
    control,
  }) => {
    const supplier = await control.supplier({ emails_on_migration: true });
    const account = lifecycle.domesticAccount(supplier);
    const number = await lifecycle.import(account);
    const outbox = await control.outbox(supplier, account.external_account_number as string);
    const emails = ((account.customers as Json[] | undefined) ?? [])
      .map((c) => c.email as string | undefined)
      .filter((e): e is string => !!e);
    expect(outbox.map((e) => e.to).sort()).toEqual([...emails].sort());
    for (const entry of outbox) expect(entry.service_account_number).toBe(number);
  });

  test('[SUP-4] with e-mails on migration off, nobody gets an e-mail', async ({
    lifecycle,
    control,
  }) => {
    const supplier = await control.supplier({ emails_on_migration: false });
    const account = lifecycle.domesticAccount(supplier);
    await lifecycle.import(account);
    expect(await control.outbox(supplier, account.external_account_number as string)).toEqual([]);
  });
});
