import { describe, expect, test } from 'vitest';
import { createTestClient } from '../test-client.ts';

const VALIDATE = '/v1/data-import/validate-account/';
const PENDING = '/v1/data-import/pending-account-import-processes/DEMO_ENERGY/';

async function loggedIn() {
  const client = createTestClient();
  await client.login();
  return client;
}

describe('validateAccount (POST /v1/data-import/validate-account/)', () => {
  test('[VAL-2] a valid domestic account gets 200 with the validated data', async () => {
    const client = await loggedIn();
    const account = client.account();
    const response = await client.call('POST', VALIDATE, account);
    expect(response).toEqual({ status: 200, body: account });
    expect(client.problems('validateAccount', response)).toEqual([]);
  });

  test('[GEN-4] an AQ entry with effective_to null is open-ended, as without the key', async () => {
    const client = await loggedIn();
    const account = client.account();
    const points = account.supply_addresses![0]!.meter_points as Record<string, unknown>[];
    const gas = points.find((p) => Array.isArray(p.aq_history)) as { aq_history: object[] };
    gas.aq_history = gas.aq_history.map((entry) =>
      'effective_to' in entry ? entry : { ...entry, effective_to: null },
    );
    expect(JSON.stringify(gas.aq_history)).toContain('"effective_to":null');
    expect((await client.call('POST', VALIDATE, account)).status).toBe(200);
  });

  test('[GEN-4] a PSR record whose only industry code is null has none: psr_industry_code_not_provided', async () => {
    const client = await loggedIn();
    const account = client.account();
    const customer = account.customers![0]!;
    const response = await client.call('POST', VALIDATE, {
      ...account,
      customers: [
        { ...customer, psr: [{ elec_industry_code: null, effective_from: '2012-01-01' }] },
      ],
    });
    expect(response).toMatchObject({
      status: 400,
      body: {
        code: 'account_failed_validation',
        errors: [
          {
            attr: 'customers.0.psr.0',
            code: 'psr_industry_code_not_provided',
            detail: 'Either elec_industry_code or gas_industry_code must be provided.',
          },
        ],
      },
    });
  });

  test('[VAL-3] [SUP-1] an import_supplier the mock does not know is import_supplier_not_found, as create-or-update answers it', async () => {
    const client = await loggedIn();
    const account = client.account({ import_supplier: 'NOT_A_SUPPLIER' });
    const validated = await client.call('POST', VALIDATE, account);
    expect(validated).toEqual({
      status: 400,
      body: {
        detail: 'Import supplier NOT_A_SUPPLIER does not exist.',
        code: 'import_supplier_not_found',
        errors: [
          {
            attr: 'import_supplier',
            code: 'import_supplier_not_found',
            detail: 'Import supplier NOT_A_SUPPLIER does not exist.',
          },
        ],
      },
    });
    const staged = await client.call(
      'POST',
      '/v1/data-import/account-import-process/create-or-update/',
      account,
    );
    expect(staged).toEqual(validated);
    expect(client.problems('validateAccount', validated)).toEqual([]);
  });

  test('[VAL-5] a valid business account (billing options, certificate meter points) gets 200', async () => {
    const client = await loggedIn();
    const response = await client.call('POST', VALIDATE, client.businessAccount());
    expect(response.status).toBe(200);
  });

  test("[VAL-2] the real platform's example payload, with the supplier code changed, validates", async () => {
    // The spec's DomesticAccount example is the platform's documented example payload (S1) for DEMO_ENERGY.
    const client = await loggedIn();
    const account = client.account({ external_account_number: 'EXTERNAL-1234' });
    expect((await client.call('POST', VALIDATE, account)).status).toBe(200);
  });

  test('[VAL-3] an invalid payload gets 400 account_failed_validation listing every error', async () => {
    const client = await loggedIn();
    const account = client.account();
    const customer = { ...account.customers![0]!, landline: 'abcde', mobile: '0712345678' };
    const response = await client.call('POST', VALIDATE, {
      ...account,
      customers: [customer],
      billing_postcode: 'W1F 9CE',
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      detail: expect.any(String),
      code: 'account_failed_validation',
      errors: expect.arrayContaining([
        {
          attr: 'customers.0.landline',
          code: 'invalid_phone_number',
          detail: 'abcde is not a valid phone number',
        },
        {
          attr: 'customers.0.mobile',
          code: 'invalid_phone_number',
          detail: '0712345678 is not a valid phone number',
        },
        expect.objectContaining({ attr: 'billing_postcode', code: 'invalid_postcode' }),
      ]),
    });
    expect(client.problems('validateAccount', response)).toEqual([]);
  });

  test('[VAL-4] an invalid landline is rejected with invalid_phone_number at customers.0.landline', async () => {
    const client = await loggedIn();
    const account = client.account();
    const response = await client.call('POST', VALIDATE, {
      ...account,
      customers: [{ ...account.customers![0]!, landline: '07700900123' }],
    });
    expect((response.body as { errors: unknown[] }).errors).toEqual([
      {
        attr: 'customers.0.landline',
        code: 'invalid_phone_number',
        detail: '07700900123 is not a valid phone number',
      },
    ]);
  });

  test('[VAL-5] a business account carrying warm_home_discount is refused', async () => {
    const client = await loggedIn();
    const response = await client.call('POST', VALIDATE, {
      ...client.businessAccount(),
      warm_home_discount: [{ tax_year: '2023/24' }],
    });
    expect(response.status).toBe(400);
    expect((response.body as { errors: unknown[] }).errors).toEqual([
      expect.objectContaining({ attr: 'warm_home_discount', code: 'unknown_field' }),
    ]);
  });

  test('[VAL-6] a business customer carries only given_name, email, landline, salutation and preferences', async () => {
    const client = await loggedIn();
    const account = client.businessAccount();
    const response = await client.call('POST', VALIDATE, {
      ...account,
      customers: [{ ...account.customers![0]!, family_name: 'Smith', mobile: '07123456789' }],
    });
    expect(
      (response.body as { errors: { attr: string }[] }).errors.map((e) => e.attr).sort(),
    ).toEqual(['customers.0.family_name', 'customers.0.mobile']);
  });

  test('[GEN-5] a supplied object without a required field is refused at the field path', async () => {
    const client = await loggedIn();
    const account = client.account();
    const address = { ...account.supply_addresses![0]! } as Record<string, unknown>;
    delete address.supply_postcode;
    const response = await client.call('POST', VALIDATE, {
      ...account,
      supply_addresses: [address],
    });
    expect((response.body as { errors: unknown[] }).errors).toEqual([
      {
        attr: 'supply_addresses.0.supply_postcode',
        code: 'required',
        detail: 'This field is required.',
      },
    ]);
  });

  test('[GEN-6] cross-field rules: an agreement before the supply start date is refused', async () => {
    const client = await loggedIn();
    const account = client.account();
    const point = account.supply_addresses![0]!.meter_points[0]!;
    point.agreements = [
      { tariff_code: 'E-1R-VAR-22-11-01-C', effective_from: '2018-01-01' },
    ] as never;
    const response = await client.call('POST', VALIDATE, account);
    expect((response.body as { errors: unknown[] }).errors).toContainEqual(
      expect.objectContaining({
        attr: 'supply_addresses.0.meter_points.0.agreements.0.effective_from',
        code: 'agreement_start_date_before_supply_start_date',
      }),
    );
  });

  test('[VAL-7] validation stores nothing', async () => {
    const client = await loggedIn();
    const before = client.snapshot();
    await client.call('POST', VALIDATE, client.account());
    expect(client.snapshot()).toBe(before);
    expect((await client.call('GET', PENDING)).body).toEqual([]);
  });
});

describe('createOrUpdateAccountImportProcess (POST .../account-import-process/create-or-update/)', () => {
  test('[STG-2] [STG-4] the first staging returns 201 with import_supplier and external_account_number', async () => {
    const client = await loggedIn();
    const account = client.account();
    const response = await client.stage(account);
    expect(response).toEqual({
      status: 201,
      body: {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: account.external_account_number,
      },
    });
    expect(client.problems('createOrUpdateAccountImportProcess', response)).toEqual([]);
  });

  test('[STG-3] staging again replaces the data and returns 200, any number of times', async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.stage(account);
    for (const name of ['Second Name', 'Third Name']) {
      const response = await client.stage({ ...account, billing_name: name });
      expect(response.status).toBe(200);
      const record = await client.call(
        'GET',
        `/__mock/accounts/DEMO_ENERGY/${account.external_account_number}`,
      );
      expect((record.body as { data: { billing_name: string } }).data.billing_name).toBe(name);
    }
  });

  test('[STG-5] staging an imported account is refused with 400 carrying both numbers', async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.stage(account);
    const created = await client.process(account.external_account_number);
    const response = await client.stage(account);
    expect(response).toEqual({
      status: 400,
      body: {
        detail: expect.any(String),
        code: 'account_already_imported',
        errors: [],
        external_account_number: account.external_account_number,
        service_account_number: (created.body as { service_account_number: string })
          .service_account_number,
      },
    });
    expect(client.problems('createOrUpdateAccountImportProcess', response)).toEqual([]);
  });

  test('[STG-6] staging an account marked to be skipped is refused', async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.call('PUT', `/__mock/skip-marks/DEMO_ENERGY/${account.external_account_number}`);
    const before = client.snapshot();
    const response = await client.stage(account);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'account_marked_to_be_skipped', errors: [] });
    expect(client.snapshot()).toBe(before);
  });

  test.each([
    ['STG-7', 'DEMO_PAUSED'],
    ['STG-8', 'DEMO_COMPLETE'],
  ])(
    '[%s] staging under supplier %s is refused with import_supplier_migration_not_ongoing',
    async (_rule, code) => {
      const client = await loggedIn();
      const before = client.snapshot();
      const response = await client.stage(client.account({ import_supplier: code }));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'import_supplier_migration_not_ongoing',
        errors: [],
      });
      expect(client.snapshot()).toBe(before);
    },
  );

  test('[STG-1] staging under an unknown supplier is refused with import_supplier_not_found', async () => {
    const client = await loggedIn();
    const response = await client.stage(client.account({ import_supplier: 'NOBODY' }));
    expect(response.body).toMatchObject({
      code: 'import_supplier_not_found',
      errors: [expect.objectContaining({ attr: 'import_supplier' })],
    });
  });

  test('[STG-9] an invalid payload is refused with the validation error body and nothing is staged', async () => {
    const client = await loggedIn();
    const before = client.snapshot();
    const response = await client.stage(client.account({ last_billed_to_date: '01/08/2019' }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'account_failed_validation',
      errors: [expect.objectContaining({ attr: 'last_billed_to_date', code: 'invalid' })],
    });
    expect(client.snapshot()).toBe(before);
  });
});

describe('processAccountImportProcess (POST .../account-import-process/process/)', () => {
  test('[PRC-4] processing a staged account returns 201 with a service account number', async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.stage(account);
    const response = await client.process(account.external_account_number);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      service_account_number: expect.stringMatching(/^A-[0-9A-F]{8}$/),
    });
    expect(client.problems('processAccountImportProcess', response)).toEqual([]);
  });

  test('[PRC-2] an account that is not staged gets 400 import_process_does_not_exist', async () => {
    const client = await loggedIn();
    const response = await client.process('NEVER-STAGED');
    expect(response).toMatchObject({
      status: 400,
      body: { code: 'import_process_does_not_exist' },
    });
  });

  test('[PRC-3] the operations team must exist (400 at operations_team_name)', async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.stage(account);
    const before = client.snapshot();
    const response = await client.process(account.external_account_number, {
      operations_team_name: 'NOBODY',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      errors: [
        {
          attr: 'operations_team_name',
          code: 'operations_team_name_does_not_exist',
          detail: expect.any(String),
        },
      ],
    });
    expect(client.snapshot()).toBe(before);
  });

  test('[PRC-5] [PRC-6] a dry run that would succeed answers 400 with the exact message and changes nothing', async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.stage(account);
    const before = client.snapshot();
    const response = await client.process(account.external_account_number, { dry_run: true });
    expect(response).toEqual({
      status: 400,
      body: {
        detail: 'Account would successfully import. Rolled back due to Dry Run.',
        code: 'dry_run_succeeded',
        errors: [],
      },
    });
    expect(client.snapshot()).toBe(before);
    expect((await client.call('GET', PENDING)).body).toEqual([
      {
        external_account_number: account.external_account_number,
        service_account_number: null,
        account_created_at: null,
      },
    ]);
  });

  test('[PRC-7] a dry run that would fail gives the real errors', async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.stage(account);
    const response = await client.process(account.external_account_number, {
      dry_run: true,
      operations_team_name: 'NOBODY',
    });
    expect(response.body).toMatchObject({
      errors: [expect.objectContaining({ code: 'operations_team_name_does_not_exist' })],
    });
  });

  test('[PRC-7] a staged account whose data no longer passes the rules (clock moved back) gets the rule errors', async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.stage(account);
    await client.call('PUT', '/__mock/clock', { now: '2018-06-01T00:00:00Z' });
    await client.login();
    const response = await client.process(account.external_account_number);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'account_failed_validation',
      errors: expect.arrayContaining([
        expect.objectContaining({ code: 'future_supply_start_date' }),
      ]),
    });
  });

  test('[PRC-8] processing an imported account again gets 400 with both numbers', async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.stage(account);
    const created = (await client.process(account.external_account_number)).body as {
      service_account_number: string;
    };
    const response = await client.process(account.external_account_number);
    expect(response).toEqual({
      status: 400,
      body: expect.objectContaining({
        code: 'account_already_imported',
        external_account_number: account.external_account_number,
        service_account_number: created.service_account_number,
      }),
    });
    expect(client.problems('processAccountImportProcess', response)).toEqual([]);
  });

  test('[PRC-9] with the concurrency limit on, a process request over the limit gets 429', async () => {
    const client = await loggedIn();
    const [a, b] = [client.account(), client.account()];
    await client.stage(a);
    await client.stage(b);
    await client.call('PUT', '/__mock/processing', {
      concurrency_limit: 1,
      processing_time_ms: 200,
    });
    const [first, second] = await Promise.all([
      client.process(a.external_account_number),
      client.process(b.external_account_number),
    ]);
    expect(first.status).toBe(201);
    expect(second).toEqual({
      status: 429,
      body: { detail: expect.any(String), code: 'concurrency_limit_exceeded', errors: [] },
    });
    expect(client.problems('processAccountImportProcess', second)).toEqual([]);
    // Retried once the other account has finished, it succeeds.
    expect((await client.process(b.external_account_number)).status).toBe(201);
  });

  test('[PRC-9] the concurrency limit is disabled by default', async () => {
    const client = await loggedIn();
    const accounts = [client.account(), client.account(), client.account()];
    for (const account of accounts) await client.stage(account);
    const responses = await Promise.all(
      accounts.map((a) => client.process(a.external_account_number)),
    );
    expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
  });

  test('[PRC-10] processing under a Paused supplier gets an error', async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.stage(account);
    await client.call('PUT', '/__mock/suppliers/DEMO_ENERGY', { status: 'Paused' });
    const response = await client.process(account.external_account_number);
    expect(response).toMatchObject({
      status: 400,
      body: { code: 'import_supplier_migration_not_ongoing' },
    });
  });

  test('[GEN-9] service account numbers are unique and never reused, even after a reset', async () => {
    const client = await loggedIn();
    const numbers = new Set<string>();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5; i++) {
        const account = client.account();
        await client.stage(account);
        numbers.add(
          (
            (await client.process(account.external_account_number)).body as {
              service_account_number: string;
            }
          ).service_account_number,
        );
      }
      await client.call('POST', '/__mock/reset');
      await client.login();
    }
    expect(numbers.size).toBe(10);
  });

  test("[SUP-4] with the supplier's e-mails on migration on, each customer gets an outbox entry", async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.stage(account);
    const created = (await client.process(account.external_account_number)).body as {
      service_account_number: string;
    };
    const other = client.account();
    await client.stage(other);
    await client.process(other.external_account_number);
    const outbox = (
      await client.call('GET', '/__mock/outbox', undefined, {
        query: { external_account_number: account.external_account_number },
      })
    ).body as { to: string; service_account_number: string }[];
    // Filtered to the one account, although the other one was migrated too.
    expect(outbox).toEqual([
      expect.objectContaining({
        to: account.customers![0]!.email,
        service_account_number: created.service_account_number,
      }),
    ]);
  });

  test('[SUP-4] with e-mails on migration off, nobody is written to', async () => {
    const client = await loggedIn();
    await client.call('PUT', '/__mock/suppliers/DEMO_ENERGY', { emails_on_migration: false });
    const account = client.account();
    await client.stage(account);
    await client.process(account.external_account_number);
    expect((await client.call('GET', '/__mock/outbox')).body).toEqual([]);
  });

  test('[PRC-1] a request without operations_team_name is refused with the platform code operations_team_should_be_provided', async () => {
    const client = await loggedIn();
    const account = client.account();
    await client.stage(account);
    const response = await client.call('POST', '/v1/data-import/account-import-process/process/', {
      import_supplier_code: 'DEMO_ENERGY',
      external_account_number: account.external_account_number,
    });
    expect(response).toEqual({
      status: 400,
      body: {
        detail: expect.any(String),
        code: 'request_failed_validation',
        errors: [
          {
            attr: 'operations_team_name',
            code: 'operations_team_should_be_provided',
            detail: 'An operations team is required for this import supplier.',
          },
        ],
      },
    });
  });
});

describe('validateAccount normalisation', () => {
  test('[VAL-2] the validated data has postcodes upper-cased with one space, as the platform keeps them', async () => {
    const client = createTestClient();
    await client.login();
    const account = client.account({ billing_postcode: 'w1f9de' });
    const response = await client.call('POST', '/v1/data-import/validate-account/', account);
    expect(response.status).toBe(200);
    expect((response.body as { billing_postcode: string }).billing_postcode).toBe('W1F 9DE');
  });
});
