/**
 * payment-instruction/create (PAY-1..PAY-5). The service asks an upstream payment vendor to
 * verify the instruction. Against the kit's mock the vendor is simulated and its faults are chosen
 * by documented magic references (`FAIL-PERSISTENT-...`, `FAIL-INTERMITTENT-...`) and by the
 * control API; against a real target the positive case needs an instruction its vendor accepts
 * (PAYMENT_VENDOR, PAYMENT_REFERENCE, PAYMENT_TYPE) and the vendor faults cannot be provoked.
 */
import { expect, type Lifecycle, type ResolvedSettings, test } from './fixtures.ts';
import type { CallOptions, DataImportClient } from './support/api-client.ts';
import { operationTitle, REQUEST_VIOLATION } from './support/operations.ts';
import { paymentInstructionRequest } from './support/payloads.ts';

async function importedAccount(
  api: DataImportClient,
  lifecycle: Lifecycle,
  settings: ResolvedSettings,
  supplier?: string,
) {
  const account = lifecycle.domesticAccount(supplier);
  const importSupplier = account.import_supplier as string;
  const external = account.external_account_number as string;
  const number = await lifecycle.import(account);
  const instruction = (overrides: Record<string, unknown> = {}) => ({
    ...paymentInstructionRequest(account, lifecycle.context),
    ...(settings.mode === 'mock' ? {} : settings.payment),
    ...overrides,
  });
  const post = (body: unknown, options?: CallOptions) =>
    api.createPaymentInstruction(body, options);
  return { importSupplier, external, number, instruction, post };
}

function needsInstruction(settings: ResolvedSettings): void {
  test.skip(
    settings.mode !== 'mock' && !settings.payment,
    'Set PAYMENT_VENDOR, PAYMENT_REFERENCE and PAYMENT_TYPE to an instruction the target’s vendor accepts.',
  );
}

function needsMockVendor(settings: { mode: string }): void {
  test.skip(
    settings.mode !== 'mock',
    'Vendor faults are provoked through the kit mock’s simulated vendor (mock mode only).',
  );
}

test.describe(operationTitle('createPaymentInstruction'), () => {
  test('[PAY-1] [PAY-2] [PAY-3] the vendor verifies the instruction: 201 with service_account_number and reference', async ({
    api,
    lifecycle,
    settings,
  }) => {
    needsInstruction(settings);
    const { number, instruction, post } = await importedAccount(api, lifecycle, settings);
    const body = instruction();
    const exchange = await post(body);
    expect(exchange.status).toBe(201);
    expect(exchange.body).toMatchObject({
      service_account_number: number,
      reference: body.reference,
    });
  });

  test('[PAY-4] a second instruction for the same account is refused with 400', async ({
    api,
    lifecycle,
    settings,
    kit,
  }) => {
    needsInstruction(settings);
    const { instruction, post } = await importedAccount(api, lifecycle, settings);
    expect((await post(instruction())).status).toBe(201);
    const second = await post(instruction({ reference: 'DEMO-DD-000123', type: 'DIRECT_DEBIT' }), {
      assumption: 'One active instruction per account, as on the real platform',
    });
    await kit.platform(
      'A second instruction gets 400 "Account already has an active instruction"',
      () => {
        expect(second.status).toBe(400);
        expect(second.text).toContain('Account already has an active instruction');
      },
    );
  });

  test('[PAY-4] a persistent vendor problem gives 400, and the same request fails again', async ({
    api,
    lifecycle,
    settings,
  }) => {
    needsMockVendor(settings);
    const { instruction, post } = await importedAccount(api, lifecycle, settings);
    const body = instruction({ reference: 'FAIL-PERSISTENT-card' });
    expect((await post(body)).status).toBe(400);
    expect((await post(body)).status, 'not to be retried unchanged: it fails again').toBe(400);
  });

  test('[PAY-5] [ERR-6] an intermittent vendor problem gives 500, and the same request retried as it is succeeds', async ({
    api,
    lifecycle,
    settings,
  }) => {
    needsMockVendor(settings);
    const { number, instruction, post } = await importedAccount(api, lifecycle, settings);
    const body = instruction({ reference: 'FAIL-INTERMITTENT-card' });
    // The retry is sent before either answer is judged, as the retrying client PAY-5 describes:
    // the traffic then shows the pair, whatever the first answer was.
    const first = await post(body);
    const retried = await post(body);
    expect(first.status).toBe(500);
    expect(retried.status).toBe(201);
    expect(retried.body).toMatchObject({
      service_account_number: number,
      reference: body.reference,
    });
  });

  test('[PAY-5] the operator makes the vendor fail the next calls intermittently; then it succeeds', async ({
    api,
    lifecycle,
    settings,
    control,
  }) => {
    const { importSupplier, external, instruction, post } = await importedAccount(
      api,
      lifecycle,
      settings,
    );
    await control.paymentFault(importSupplier, external, { kind: 'intermittent', remaining: 2 });
    const body = instruction();
    expect((await post(body)).status).toBe(500);
    expect((await post(body)).status).toBe(500);
    expect((await post(body)).status).toBe(201);
  });

  test('[PAY-4] a persistent fault of the supplier’s vendor gives 400 until the operator clears it', async ({
    api,
    lifecycle,
    settings,
    control,
  }) => {
    const supplier = await control.supplier();
    const { instruction, post } = await importedAccount(api, lifecycle, settings, supplier);
    await control.supplierPaymentFault(supplier, { kind: 'persistent' });
    const body = instruction();
    expect((await post(body)).status).toBe(400);
    expect((await post(body)).status).toBe(400);
    await control.supplierPaymentFault(supplier, null);
    expect((await post(body)).status).toBe(201);
  });

  test('[PAY-1] [ERR-1] a request without vendor, reference and type is refused with 400 and the error body', {
    tag: REQUEST_VIOLATION,
  }, async ({ api, lifecycle, settings, kit }) => {
    const { importSupplier, external, post } = await importedAccount(api, lifecycle, settings);
    const exchange = await post(
      { import_supplier: importSupplier, external_account_number: external },
      { invalid: true, assumption: 'Request validation failures use the error body' },
    );
    expect(exchange.status).toBe(400);
    await kit.platform('The missing fields are listed with code required', () =>
      expect((exchange.body as { errors: { attr: string }[] }).errors.map((e) => e.attr)).toEqual(
        expect.arrayContaining(['vendor', 'reference', 'type']),
      ),
    );
  });

  test('[PAY-1] [GEN-9] an account that is only staged is refused', async ({
    api,
    lifecycle,
    kit,
  }) => {
    const account = lifecycle.domesticAccount();
    await lifecycle.stage(account);
    const request = paymentInstructionRequest(account, lifecycle.context);
    const exchange = await api.createPaymentInstruction(request, {
      assumption:
        'An account that is not imported gets 400 with the platform’s CreatePaymentInstructionError',
      source: 'platform',
    });
    expect(
      exchange.status,
      'no instruction for an account that is not imported',
    ).toBeGreaterThanOrEqual(400);
    expect(exchange.status).toBeLessThan(500);
    await kit.platform(
      'An account that is not imported gets 400 CreatePaymentInstructionError naming the instruction',
      () => {
        expect(exchange.status).toBe(400);
        expect(exchange.body).toEqual({
          error_detail: expect.any(String),
          external_account_number: request.external_account_number,
          import_supplier: request.import_supplier,
          reference: request.reference,
        });
      },
    );
  });
});
