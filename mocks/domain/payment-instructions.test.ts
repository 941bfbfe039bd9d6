import { describe, expect, test } from 'vitest';
import { errorCatalogue } from '../../spec/index.ts';
import { importedState } from '../test-support.ts';
import {
  cancelPaymentInstruction,
  createPaymentInstruction,
  setPaymentVendorFault,
} from './payment-instructions.ts';

const request = (reference: string) => ({
  import_supplier: 'DEMO_ENERGY',
  external_account_number: 'EXTERNAL-1234',
  vendor: 'STRIPE' as const,
  reference,
  type: 'CARD' as const,
});

describe('the simulated payment vendor (PAY-2, PAY-4, PAY-5)', () => {
  test('[PAY-4] an active instruction is refused before the vendor is called (no fault is used up)', () => {
    const { state, env } = importedState();
    expect(createPaymentInstruction(state, env, request('R-1')).ok).toBe(true);
    setPaymentVendorFault(state, { supplier: 'DEMO_ENERGY' }, { kind: 'persistent', remaining: 1 });
    expect(createPaymentInstruction(state, env, request('R-2'))).toMatchObject({
      ok: false,
      error: { code: 'active_payment_instruction_exists' },
    });
    expect(state.paymentVendor.supplierFaults.DEMO_ENERGY).toEqual({
      kind: 'persistent',
      remaining: 1,
    });
  });

  test('[PAY-5] a magic intermittent reference fails once per new instruction: after it is ended, it fails once again', () => {
    const { state, env, key } = importedState();
    const statuses = () => {
      const result = createPaymentInstruction(state, env, request('FAIL-INTERMITTENT-1'));
      return result.ok ? 201 : errorCatalogue.status(result.error.code);
    };
    expect([statuses(), statuses()]).toEqual([500, 201]);
    expect(state.paymentVendor.intermittentFailed).toEqual([]);
    cancelPaymentInstruction(state, key);
    expect([statuses(), statuses()]).toEqual([500, 201]);
  });

  test('[PAY-4] an operator fault of the next N calls counts down and disappears', () => {
    const { state, env, key } = importedState();
    setPaymentVendorFault(state, { account: key }, { kind: 'persistent', remaining: 2 });
    const status = () => {
      const result = createPaymentInstruction(state, env, request('R-1'));
      return result.ok ? 201 : errorCatalogue.status(result.error.code);
    };
    expect(status()).toBe(400);
    expect(state.paymentVendor.accountFaults[key]).toEqual({ kind: 'persistent', remaining: 1 });
    expect([status(), status()]).toEqual([400, 201]);
    expect(state.paymentVendor.accountFaults).toEqual({});
  });

  test('setPaymentVendorFault refuses an unknown supplier or account and a remaining count below 1', () => {
    const { state } = importedState();
    const before = JSON.stringify(state);
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
        { kind: 'intermittent', remaining: 1.5 },
      ),
    ).toMatchObject({ ok: false, error: { code: 'request_failed_validation' } });
    expect(JSON.stringify(state)).toBe(before);
  });
});

describe('the platform validators of the payment instruction (GEN-6)', () => {
  test('[GEN-6] a ledger code the catalogue lacks is ledger_code_does_not_exist and stores nothing', () => {
    const { state, env } = importedState();
    const before = JSON.stringify(state);
    expect(
      createPaymentInstruction(state, env, { ...request('R-1'), ledger_code: 'HOLIDAY_FUND' }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'request_failed_validation',
        errors: [{ attr: 'ledger_code', code: 'ledger_code_does_not_exist' }],
      },
    });
    expect(JSON.stringify(state)).toBe(before);
    expect(
      createPaymentInstruction(state, env, { ...request('R-1'), ledger_code: 'ENERGY' }).ok,
    ).toBe(true);
  });
});
