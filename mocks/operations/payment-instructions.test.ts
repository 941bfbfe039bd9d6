import { describe, expect, test } from 'vitest';
import {
  accountPaymentInstruction,
  cancelPaymentInstruction,
  setPaymentVendorFault,
} from '../domain/payment-instructions.ts';
import { createHarness, specExample } from '../test-support.ts';

const PAYMENT = '/v1/data-import/payment-instruction/create/';

async function withAccount() {
  const h = await createHarness();
  const account = await h.imported();
  const request = (
    reference = 'pm_1OqDemoEnergyCard0001',
    extra: Record<string, unknown> = {},
  ): Record<string, unknown> => ({
    ...specExample<Record<string, unknown>>('CreateCardPaymentInstructionRequest'),
    external_account_number: account.external_account_number,
    reference,
    ...extra,
  });
  const post = (body: unknown) => h.call('POST', PAYMENT, { body });
  const vendorError = (reference: string, error_detail: string) => ({
    error_detail,
    external_account_number: account.external_account_number,
    import_supplier: 'DEMO_ENERGY',
    reference,
  });
  return { h, account, request, post, vendorError };
}

describe('createPaymentInstruction (POST /v1/data-import/payment-instruction/create/)', () => {
  test('[PAY-1][PAY-2][PAY-3] the vendor verifies the instruction: 201 with service_account_number and reference', async () => {
    const { h, account, request, post } = await withAccount();
    expect(await post(request())).toEqual({
      status: 201,
      body: {
        service_account_number: h.serviceAccountNumber(account),
        reference: 'pm_1OqDemoEnergyCard0001',
      },
    });
    expect(accountPaymentInstruction(h.mock.service.state, h.key(account))).toEqual({
      ok: true,
      value: {
        vendor: 'STRIPE',
        reference: 'pm_1OqDemoEnergyCard0001',
        type: 'CARD',
        createdAt: '2024-04-15T10:00:00Z',
      },
    });
  });

  test('[PAY-4] an account has one active instruction: a second gets 400 "Account already has an active instruction"', async () => {
    const { h, request, post, vendorError } = await withAccount();
    await post(request());
    const before = h.snapshot();
    expect(await post(request('DEMO-DD-000123', { type: 'DIRECT_DEBIT' }))).toEqual({
      status: 400,
      body: vendorError('DEMO-DD-000123', 'Account already has an active instruction'),
    });
    expect(h.snapshot()).toBe(before);
  });

  test('[PAY-4] a FAIL-PERSISTENT- reference is a persistent vendor problem: 400, and the same request fails again', async () => {
    const { h, request, post, vendorError } = await withAccount();
    const before = h.snapshot();
    const expected = {
      status: 400,
      body: vendorError(
        'FAIL-PERSISTENT-card',
        'The payment vendor STRIPE does not know the instruction FAIL-PERSISTENT-card.',
      ),
    };
    expect(await post(request('FAIL-PERSISTENT-card'))).toEqual(expected);
    expect(await post(request('FAIL-PERSISTENT-card'))).toEqual(expected);
    expect(h.snapshot()).toBe(before);
  });

  test('[PAY-5] a FAIL-INTERMITTENT- reference is an intermittent vendor problem: 500, and the same request retried succeeds', async () => {
    const { h, account, request, post, vendorError } = await withAccount();
    expect(await post(request('FAIL-INTERMITTENT-card'))).toEqual({
      status: 500,
      body: vendorError(
        'FAIL-INTERMITTENT-card',
        'The payment vendor STRIPE did not answer in time. Retry the request as it is.',
      ),
    });
    expect(accountPaymentInstruction(h.mock.service.state, h.key(account))).toEqual({
      ok: true,
      value: null,
    });
    expect(await post(request('FAIL-INTERMITTENT-card'))).toEqual({
      status: 201,
      body: {
        service_account_number: h.serviceAccountNumber(account),
        reference: 'FAIL-INTERMITTENT-card',
      },
    });
  });

  test('[PAY-5] the operator makes the vendor fail the next N calls of a supplier intermittently', async () => {
    const { h, request, post } = await withAccount();
    expect(
      setPaymentVendorFault(
        h.mock.service.state,
        { supplier: 'DEMO_ENERGY' },
        { kind: 'intermittent', remaining: 2 },
      ),
    ).toEqual({ ok: true, value: { kind: 'intermittent', remaining: 2 } });
    expect((await post(request())).status).toBe(500);
    expect((await post(request())).status).toBe(500);
    expect((await post(request())).status).toBe(201);
    expect(h.mock.service.state.paymentVendor.supplierFaults).toEqual({});
  });

  test("[PAY-4] an account's persistent fault wins over its supplier's and lasts until the operator clears it", async () => {
    const { h, account, request, post, vendorError } = await withAccount();
    const state = h.mock.service.state;
    setPaymentVendorFault(state, { supplier: 'DEMO_ENERGY' }, { kind: 'intermittent' });
    setPaymentVendorFault(state, { account: h.key(account) }, { kind: 'persistent' });
    for (let i = 0; i < 3; i += 1) {
      expect(await post(request())).toEqual({
        status: 400,
        body: vendorError(
          'pm_1OqDemoEnergyCard0001',
          'The payment vendor STRIPE does not know the instruction pm_1OqDemoEnergyCard0001.',
        ),
      });
    }
    setPaymentVendorFault(state, { account: h.key(account) }, null);
    expect((await post(request())).status).toBe(500);
    setPaymentVendorFault(state, { supplier: 'DEMO_ENERGY' }, null);
    expect((await post(request())).status).toBe(201);
  });

  test('[PAY-1] an invalid request gets 400 request_failed_validation', async () => {
    const { request, post } = await withAccount();
    const { vendor: _vendor, ...withoutVendor } = request();
    expect(await post(withoutVendor)).toEqual({
      status: 400,
      body: specExample('PaymentInstructionRequestFailedValidation'),
    });
  });

  test("[PAY-1] an unknown or only staged account gets 400 with the platform's CreatePaymentInstructionError body, and nothing changes", async () => {
    const { h, request, post } = await withAccount();
    const staged = await h.stage(h.account());
    const before = h.snapshot();
    for (const external of [staged.external_account_number, 'NEVER-STAGED-1']) {
      expect(await post(request('x', { external_account_number: external }))).toEqual({
        status: 400,
        body: {
          error_detail: `No imported account was found for import supplier DEMO_ENERGY and external account number ${external}.`,
          external_account_number: external,
          import_supplier: 'DEMO_ENERGY',
          reference: 'x',
        },
      });
    }
    expect(h.snapshot()).toBe(before);
  });

  test("[PAY-1] a Paused supplier gets 400 with the platform's CreatePaymentInstructionError body", async () => {
    const { h, account, request, post } = await withAccount();
    h.mock.service.state.suppliers.DEMO_ENERGY!.status = 'Paused';
    expect(await post(request())).toEqual({
      status: 400,
      body: {
        error_detail:
          'The migration for import supplier DEMO_ENERGY is not ongoing (status Paused).',
        external_account_number: account.external_account_number,
        import_supplier: 'DEMO_ENERGY',
        reference: 'pm_1OqDemoEnergyCard0001',
      },
    });
  });

  test('[ERR-1] an invalid instruction keeps the validation error body the reference gives', async () => {
    const { post, request } = await withAccount();
    const response = await post(request('x', { type: 'NOT_A_TYPE' }));
    expect(response).toMatchObject({ status: 400, body: { code: 'request_failed_validation' } });
    expect(response.body).not.toHaveProperty('error_detail');
  });

  test("[PAY-1][PAY-3] the real platform's payment instruction example (DEMO_ENERGY, account changed) is accepted", async () => {
    const { h, account, post } = await withAccount();
    const response = await post({
      import_supplier: 'DEMO_ENERGY',
      external_account_number: account.external_account_number,
      vendor: 'STRIPE',
      reference: 'THIS-IS-A-FAKE-REFERENCE',
      type: 'CARD',
    });
    expect(response).toEqual({
      status: 201,
      body: {
        service_account_number: h.serviceAccountNumber(account),
        reference: 'THIS-IS-A-FAKE-REFERENCE',
      },
    });
  });

  test('[PAY-4] once the operator ends the active instruction, a new one can be created', async () => {
    const { h, account, request, post } = await withAccount();
    await post(request());
    expect(cancelPaymentInstruction(h.mock.service.state, h.key(account))).toMatchObject({
      ok: true,
      value: { reference: 'pm_1OqDemoEnergyCard0001' },
    });
    expect((await post(request('DEMO-DD-000123'))).status).toBe(201);
  });
});

describe('setPaymentVendorFault (operator)', () => {
  test('refuses an unknown supplier or account and a remaining count below 1', async () => {
    const h = await createHarness();
    const state = h.mock.service.state;
    const before = h.snapshot();
    expect(
      setPaymentVendorFault(state, { supplier: 'NOPE' }, { kind: 'persistent' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(
      setPaymentVendorFault(state, { account: 'NOPE/X' }, { kind: 'persistent' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(
      setPaymentVendorFault(
        state,
        { supplier: 'DEMO_ENERGY' },
        { kind: 'persistent', remaining: 0 },
      ),
    ).toMatchObject({ ok: false, error: { code: 'request_failed_validation' } });
    expect(h.snapshot()).toBe(before);
  });
});
