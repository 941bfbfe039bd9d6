import { describe, expect, test } from 'vitest';
import { specExample } from '../../test-support.ts';
import { testContext } from './context.test-helper.ts';
import type { Account, PlatformContext } from './context.ts';
import { paymentRules } from './payments.ts';

type Json = Record<string, unknown>;
const TODAY = '2024-04-15';

function codes(overrides: Json, ctx: PlatformContext = testContext(TODAY)) {
  const account = { ...specExample<Json>('DomesticAccount'), ...overrides } as unknown as Account;
  return paymentRules(account, ctx).map((e) => [e.attr, e.code]);
}

/** A regular monthly Direct Debit schedule, varied by `over`. */
function schedule(over: Json = {}): Json {
  return {
    amount: '60.00',
    day_of_month: 2,
    frequency: 'MONTHLY',
    means: 'DD',
    start_date: '2023-01-01',
    ...over,
  };
}

/** An adequacy review whose figures agree (pence): 40 + 30 a month, £120 short over 12 months. */
function adequacy(over: Json = {}): Json {
  return {
    created_at: '2024-03-01T09:00:00Z',
    applied_at: '2024-03-02T09:00:00Z',
    average_monthly_charge: 7000,
    average_monthly_elec_charge: 4000,
    average_monthly_gas_charge: 3000,
    current_balance: -12000,
    target_balance: 0,
    balance_adjustment: 1000,
    existing_direct_debit_payment: 6000,
    new_direct_debit: 7500,
    ...over,
  };
}

function plan(over: Json = {}): Json {
  return {
    accepted_at: '2024-01-10T10:00:00Z',
    schedule_means: 'DD',
    strategy_name: 'STANDARD_INSTALMENTS',
    payments: [
      {
        payment_date: '2024-02-01',
        total_amount: 5000,
        amount_components: [
          { amount: 3000, component_type: 'USAGE' },
          { amount: 2000, component_type: 'DEBT' },
        ],
      },
    ],
    ...over,
  };
}

describe('the platform validators of payments (validateAccount)', () => {
  test('[GEN-6] the spec example breaks none of them', () => {
    expect(codes({})).toEqual([]);
  });

  test('[GEN-6] a payment day outside the catalogue days is invalid_payment_day_for_payment_schedule', () => {
    expect(codes({ payment_schedules: [schedule({ day_of_month: 29 })] })).toEqual([
      ['payment_schedules.0.day_of_month', 'invalid_payment_day_for_payment_schedule'],
    ]);
    const ctx = testContext(TODAY);
    ctx.catalogue.payment_day_of_month = { min: 1, max: 31 };
    expect(codes({ payment_schedules: [schedule({ day_of_month: 29 })] }, ctx)).toEqual([]);
  });

  test('[GEN-6] a regular schedule without a frequency is fixed_payment_schedule_missing_frequency', () => {
    const s = schedule();
    delete s.frequency;
    expect(codes({ payment_schedules: [s] })).toEqual([
      ['payment_schedules.0.frequency', 'fixed_payment_schedule_missing_frequency'],
    ]);
    expect(codes({ payment_schedules: [{ ...s, trigger: 'BILL' }] })).toEqual([]);
  });

  test('[GEN-6] a regular schedule without a day of the month is fixed_payment_schedule_missing_day_of_month', () => {
    expect(codes({ payment_schedules: [schedule({ day_of_month: null })] })).toEqual([
      ['payment_schedules.0.day_of_month', 'fixed_payment_schedule_missing_day_of_month'],
    ]);
  });

  test('[GEN-6] a balance-triggered schedule without a threshold is balance_triggered_schedule_missing_threshold', () => {
    const s = schedule({ trigger: 'BALANCE', balance_threshold: '25.00' });
    expect(codes({ payment_schedules: [s] })).toEqual([]);
    const missing = [
      ['payment_schedules.0.balance_threshold', 'balance_triggered_schedule_missing_threshold'],
    ];
    const { balance_threshold: _dropped, ...without } = s;
    expect(codes({ payment_schedules: [without] })).toEqual(missing);
    // null and "" read as absence, as on the platform.
    expect(codes({ payment_schedules: [{ ...s, balance_threshold: null }] })).toEqual(missing);
    expect(codes({ payment_schedules: [{ ...s, balance_threshold: '' }] })).toEqual(missing);
    // Only a BALANCE trigger needs one.
    expect(codes({ payment_schedules: [schedule()] })).toEqual([]);
    expect(codes({ payment_schedules: [{ ...without, trigger: 'BILL' }] })).toEqual([]);
  });

  test('[GEN-6] a negative or too large fixed amount is fixed_payment_schedule_amount_out_of_range', () => {
    expect(codes({ payment_schedules: [schedule({ amount: '-5.00' })] })).toEqual([
      ['payment_schedules.0.amount', 'fixed_payment_schedule_amount_out_of_range'],
    ]);
    expect(codes({ payment_schedules: [schedule({ amount: '99999999.00' })] })).toEqual([]);
    const ctx = testContext(TODAY);
    ctx.catalogue.fixed_payment_schedule_amount = { min: 0, max: 1000 };
    expect(codes({ payment_schedules: [schedule({ amount: '1000.01' })] }, ctx)).toEqual([
      ['payment_schedules.0.amount', 'fixed_payment_schedule_amount_out_of_range'],
    ]);
  });

  test('[GEN-6] a debt repayment element without its end date is debt_repayment_missing_end_date', () => {
    const s = schedule({ is_debt_repayment_plan: true, debt_repayment_element: '5.00' });
    expect(codes({ payment_schedules: [s] })).toEqual([
      ['payment_schedules.0.debt_repayment_end_date', 'debt_repayment_missing_end_date'],
    ]);
  });

  test('[GEN-6] a debt repayment ending after its schedule is debt_repayment_end_date_after_schedule_end_date', () => {
    const s = schedule({
      debt_repayment_element: '5.00',
      debt_repayment_end_date: '2024-06-01',
      end_date: '2024-05-31',
    });
    expect(codes({ payment_schedules: [s] })).toEqual([
      [
        'payment_schedules.0.debt_repayment_end_date',
        'debt_repayment_end_date_after_schedule_end_date',
      ],
    ]);
  });

  test('[GEN-6] exempting a schedule that is not regular is invalid_payment_schedule_to_exempt_from_payment_adequacy', () => {
    const s = schedule({ trigger: 'BILL', exempt_from_payment_adequacy: true });
    expect(codes({ payment_schedules: [s] })).toEqual([
      [
        'payment_schedules.0.exempt_from_payment_adequacy',
        'invalid_payment_schedule_to_exempt_from_payment_adequacy',
      ],
    ]);
    expect(
      codes({ payment_schedules: [schedule({ exempt_from_payment_adequacy: true })] }),
    ).toEqual([]);
  });

  test('[GEN-6] a planned schedule without instalments is payment_instalments_not_provided', () => {
    expect(codes({ payment_schedules: [schedule({ trigger: 'PLAN', instalments: [] })] })).toEqual([
      ['payment_schedules.0.instalments', 'payment_instalments_not_provided'],
    ]);
  });

  test('[GEN-6] instalments that miss the amount are payment_instalments_do_not_sum_to_total', () => {
    const instalments = [
      { amount: '30.00', payment_date: '2023-01-01' },
      { amount: '29.99', payment_date: '2023-02-01' },
    ];
    expect(codes({ payment_schedules: [schedule({ trigger: 'PLAN', instalments })] })).toEqual([
      ['payment_schedules.0.instalments', 'payment_instalments_do_not_sum_to_total'],
    ]);
  });

  test('[GEN-6] an instalment outside its schedule is payment_instalments_date_outside_of_payment_schedule_active_period', () => {
    const instalments = [
      { amount: '30.00', payment_date: '2023-01-01' },
      { amount: '30.00', payment_date: '2023-07-01' },
    ];
    const s = schedule({ trigger: 'PLAN', end_date: '2023-06-30', instalments });
    expect(codes({ payment_schedules: [s] })).toEqual([
      [
        'payment_schedules.0.instalments.1.payment_date',
        'payment_instalments_date_outside_of_payment_schedule_active_period',
      ],
    ]);
  });

  test('[GEN-6] a delay on a schedule not triggered by bills is payment_schedule_delay_must_have_bill_trigger', () => {
    const s = schedule({ delay_strategy: 'FIXED', delay_days: 3 });
    expect(codes({ payment_schedules: [s] })).toEqual([
      ['payment_schedules.0.trigger', 'payment_schedule_delay_must_have_bill_trigger'],
    ]);
    expect(codes({ payment_schedules: [{ ...s, trigger: 'BILL' }] })).toEqual([]);
  });

  test('[GEN-6] a delay strategy without days is payment_schedule_delay_strategy_missing_delay_days', () => {
    const s = schedule({ trigger: 'BILL', delay_strategy: 'WORKING_DAYS' });
    expect(codes({ payment_schedules: [s] })).toEqual([
      ['payment_schedules.0.delay_days', 'payment_schedule_delay_strategy_missing_delay_days'],
    ]);
  });

  test('[GEN-6] a request method on a schedule that is not manual is standalone_payment_request_method_code_unexpected', () => {
    const s = schedule({ standalone_payment_request_method_code: 'PAYPOINT' });
    expect(codes({ payment_schedules: [s] })).toEqual([
      [
        'payment_schedules.0.standalone_payment_request_method_code',
        'standalone_payment_request_method_code_unexpected',
      ],
    ]);
    expect(codes({ payment_schedules: [{ ...s, means: 'MANUAL' }] })).toEqual([]);
  });

  test('[GEN-6] an unregistered request method is standalone_payment_request_method_code_invalid', () => {
    const s = schedule({
      means: 'MANUAL',
      standalone_payment_request_method_code: 'CARRIER_PIGEON',
    });
    expect(codes({ payment_schedules: [s] })).toEqual([
      [
        'payment_schedules.0.standalone_payment_request_method_code',
        'standalone_payment_request_method_code_invalid',
      ],
    ]);
  });

  test('[GEN-6] ledger codes on some schedules only is payment_schedules_ledger_code_uniformity_failed', () => {
    const schedules = [
      schedule({ ledger_code: 'ENERGY', end_date: '2023-06-30' }),
      schedule({ start_date: '2023-07-01' }),
    ];
    expect(codes({ payment_schedules: schedules })).toEqual([
      ['payment_schedules', 'payment_schedules_ledger_code_uniformity_failed'],
    ]);
  });

  test('[GEN-6] two open-ended schedules on a ledger are multiple_open_ended_payment_schedules', () => {
    const schedules = [schedule(), schedule({ start_date: '2023-07-01' })];
    expect(codes({ payment_schedules: schedules })).toEqual([
      ['payment_schedules', 'multiple_open_ended_payment_schedules'],
    ]);
    // A debt repayment plan runs beside the regular schedule.
    const repayment = schedule({
      is_debt_repayment_plan: true,
      debt_repayment_element: '5.00',
      debt_repayment_end_date: '2024-12-01',
    });
    expect(codes({ payment_schedules: [schedule(), repayment] })).toEqual([]);
  });

  test('[GEN-6] overlapping schedules are payment_schedule_date_overlaps', () => {
    const schedules = [
      schedule({ end_date: '2023-07-01' }),
      schedule({ start_date: '2023-07-01' }),
    ];
    expect(codes({ payment_schedules: schedules })).toEqual([
      ['payment_schedules', 'payment_schedule_date_overlaps'],
    ]);
    const same = [schedule({ end_date: '2023-07-01' }), schedule()];
    expect(codes({ payment_schedules: same })).toEqual([
      ['payment_schedules', 'payment_schedule_date_overlaps'],
    ]);
  });

  test('[GEN-6] a gap before a future schedule is payment_schedule_date_gaps', () => {
    const schedules = [
      schedule({ end_date: '2024-05-31' }),
      schedule({ start_date: '2024-06-03' }),
    ];
    expect(codes({ payment_schedules: schedules })).toEqual([
      ['payment_schedules', 'payment_schedule_date_gaps'],
    ]);
    const past = [schedule({ end_date: '2023-05-31' }), schedule({ start_date: '2023-06-03' })];
    expect(codes({ payment_schedules: past })).toEqual([]);
    const next = [schedule({ end_date: '2024-05-31' }), schedule({ start_date: '2024-06-01' })];
    expect(codes({ payment_schedules: next })).toEqual([]);
  });

  test('[GEN-6] an unknown payment plan strategy is payment_plan_strategy_does_not_exist', () => {
    expect(
      codes({ payment_schedules: [], payment_plans: [plan({ strategy_name: 'PAY_WHENEVER' })] }),
    ).toEqual([['payment_plans.0.strategy_name', 'payment_plan_strategy_does_not_exist']]);
  });

  test('[GEN-6] a component type twice on a date is duplicate_payment_component_combinations', () => {
    const p = plan();
    const payments = p.payments as Json[];
    payments.push({ ...(payments[0] as Json), total_amount: 5000 });
    expect(codes({ payment_schedules: [], payment_plans: [p] })).toEqual([
      ['payment_plans.0.payments', 'duplicate_payment_component_combinations'],
    ]);
  });

  test('[GEN-6] components that miss the total are payment_plan_payment_components_do_not_sum_to_total', () => {
    const p = plan();
    ((p.payments as Json[])[0] as Json).total_amount = 5001;
    expect(codes({ payment_schedules: [], payment_plans: [p] })).toEqual([
      [
        'payment_plans.0.payments.0.amount_components',
        'payment_plan_payment_components_do_not_sum_to_total',
      ],
    ]);
    ((p.payments as Json[])[0] as Json).amount_components = [];
    expect(codes({ payment_schedules: [], payment_plans: [p] })).toEqual([]);
  });

  test('[GEN-6] a plan beside a schedule on its ledger is payment_plan_and_payment_schedule_not_allowed_on_same_ledger', () => {
    expect(codes({ payment_schedules: [schedule()], payment_plans: [plan()] })).toEqual([
      ['payment_plans', 'payment_plan_and_payment_schedule_not_allowed_on_same_ledger'],
    ]);
    const elsewhere = [schedule({ ledger_code: 'DEBT' })];
    expect(codes({ payment_schedules: elsewhere, payment_plans: [plan()] })).toEqual([]);
  });

  test('[GEN-6] ledger codes on some instructions only is payment_instructions_ledger_code_uniformity_failed', () => {
    const instructions = [
      { reference: 'DDI1', type: 'DIRECT_DEBIT', vendor: 'BOTTOMLINE_PTX', ledger_code: 'ENERGY' },
      { reference: 'pm_1', type: 'CARD', vendor: 'STRIPE' },
    ];
    expect(codes({ payment_instructions: instructions })).toEqual([
      ['payment_instructions', 'payment_instructions_ledger_code_uniformity_failed'],
    ]);
  });

  const ledgers = [{ ledger_identifier: 'L-ENERGY', ledger_code: 'ENERGY' }];

  test('[GEN-6] a preference for a ledger the payload lacks is invalid_payment_preference_ledger_identifier', () => {
    const preferences = [{ type: 'PASSIVE', ledger_identifier: 'L-OTHER' }];
    expect(codes({ ledgers, payment_preferences: preferences })).toEqual([
      ['payment_preferences.0.ledger_identifier', 'invalid_payment_preference_ledger_identifier'],
    ]);
    expect(
      codes({
        ledgers,
        payment_preferences: [{ ...preferences[0], ledger_identifier: 'L-ENERGY' }],
      }),
    ).toEqual([]);
  });

  test('[GEN-6] two preferences for one ledger are duplicate_ledger_in_payment_preferences', () => {
    const preferences = [
      { type: 'PASSIVE', ledger_identifier: 'L-ENERGY' },
      { type: 'PASSIVE', ledger_identifier: 'L-ENERGY' },
    ];
    expect(codes({ ledgers, payment_preferences: preferences })).toEqual([
      ['payment_preferences.1.ledger_identifier', 'duplicate_ledger_in_payment_preferences'],
    ]);
  });

  test('[GEN-6] an ACTIVE_NEW preference naming no new instruction is active_new_payment_preference_invalid_instruction_identifier', () => {
    const instructions = [
      {
        reference: 'DDI1',
        type: 'DIRECT_DEBIT',
        vendor: 'BOTTOMLINE_PTX',
        instruction_identifier: 'PI-1',
      },
    ];
    const preference = (id: string) => ({
      type: 'ACTIVE_NEW',
      ledger_identifier: 'L-ENERGY',
      instruction_reference_params: { instruction_identifier: id },
    });
    expect(
      codes({
        ledgers,
        payment_instructions: instructions,
        payment_preferences: [preference('PI-2')],
      }),
    ).toEqual([
      [
        'payment_preferences.0.instruction_reference_params.instruction_identifier',
        'active_new_payment_preference_invalid_instruction_identifier',
      ],
    ]);
    expect(
      codes({
        ledgers,
        payment_instructions: instructions,
        payment_preferences: [preference('PI-1')],
      }),
    ).toEqual([]);
  });

  test('[GEN-6] adequacy reviews beside a review date are payment_adequacy_changes_and_last_payment_review_date_provided', () => {
    expect(
      codes({ payment_adequacy_changes: [adequacy()], last_payment_review_date: '2024-03-02' }),
    ).toEqual([
      [
        'last_payment_review_date',
        'payment_adequacy_changes_and_last_payment_review_date_provided',
      ],
    ]);
  });

  test('[GEN-6] future or reversed adequacy dates are payment_adequacy_invalid_dates', () => {
    const base = { last_payment_review_date: undefined };
    expect(codes({ ...base, payment_adequacy_changes: [adequacy()] })).toEqual([]);
    expect(
      codes({
        ...base,
        payment_adequacy_changes: [
          adequacy({
            created_at: '2024-04-16T09:00:00Z',
            applied_at: null,
            should_not_be_applied_reason: 'On hold',
          }),
        ],
      }),
    ).toEqual([['payment_adequacy_changes.0.created_at', 'payment_adequacy_invalid_dates']]);
    expect(
      codes({
        ...base,
        payment_adequacy_changes: [adequacy({ applied_at: '2024-04-16T09:00:00Z' })],
      }),
    ).toEqual([['payment_adequacy_changes.0.applied_at', 'payment_adequacy_invalid_dates']]);
    expect(
      codes({
        ...base,
        payment_adequacy_changes: [adequacy({ applied_at: '2024-02-01T09:00:00Z' })],
      }),
    ).toEqual([['payment_adequacy_changes.0.applied_at', 'payment_adequacy_invalid_dates']]);
  });

  test('[GEN-6] an adequacy change neither applied nor explained is payment_adequacy_missing_reason', () => {
    expect(
      codes({
        last_payment_review_date: undefined,
        payment_adequacy_changes: [adequacy({ applied_at: null })],
      }),
    ).toEqual([
      [
        'payment_adequacy_changes.0.should_not_be_applied_reason',
        'payment_adequacy_missing_reason',
      ],
    ]);
  });

  test('[GEN-6] an adequacy change both applied and explained away is payment_adequacy_should_not_have_been_applied', () => {
    const change = adequacy({ should_not_be_applied_reason: 'Customer in hardship' });
    expect(
      codes({ last_payment_review_date: undefined, payment_adequacy_changes: [change] }),
    ).toEqual([
      ['payment_adequacy_changes.0.applied_at', 'payment_adequacy_should_not_have_been_applied'],
    ]);
  });

  test('[GEN-6] a monthly charge other than electricity plus gas is payment_adequacy_monthly_charges_unequal', () => {
    const change = adequacy({ average_monthly_charge: 7001, new_direct_debit: 7000 });
    expect(
      codes({ last_payment_review_date: undefined, payment_adequacy_changes: [change] }),
    ).toEqual([
      [
        'payment_adequacy_changes.0.average_monthly_charge',
        'payment_adequacy_monthly_charges_unequal',
      ],
    ]);
  });

  test('[GEN-6] an adjustment other than the balance gap over the months is payment_adequacy_balance_adjustment_mismatch', () => {
    const change = adequacy({ balance_adjustment: 1100, new_direct_debit: 7000 });
    expect(
      codes({ last_payment_review_date: undefined, payment_adequacy_changes: [change] }),
    ).toEqual([
      [
        'payment_adequacy_changes.0.balance_adjustment',
        'payment_adequacy_balance_adjustment_mismatch',
      ],
    ]);
    const zero = adequacy({ balance_adjustment: 0, new_direct_debit: 6500 });
    expect(
      codes({ last_payment_review_date: undefined, payment_adequacy_changes: [zero] }),
    ).toEqual([]);
  });

  test('[GEN-6] a new Direct Debit beyond the range is payment_adequacy_new_direct_debit_amount_mismatch', () => {
    const change = adequacy({ new_direct_debit: 8001 });
    expect(
      codes({ last_payment_review_date: undefined, payment_adequacy_changes: [change] }),
    ).toEqual([
      [
        'payment_adequacy_changes.0.new_direct_debit',
        'payment_adequacy_new_direct_debit_amount_mismatch',
      ],
    ]);
  });

  test('[GEN-6] debt beside debts is debt_and_debts_are_defined', () => {
    const debts = [{ agency_name: 'Debt R Us' }];
    expect(codes({ debts, debt: { agency_name: 'Debt R Us' } })).toEqual([
      ['debt', 'debt_and_debts_are_defined'],
    ]);
  });

  test('[GEN-6] a dated debt without an agency is debt_collection_agency_name_required', () => {
    expect(codes({ debts: [{ start_date: '2024-01-01' }] })).toEqual([
      ['debts.0.agency_name', 'debt_collection_agency_name_required'],
    ]);
  });

  test('[GEN-6] an agency outside the catalogue is debt_collection_agency_does_not_exist', () => {
    expect(codes({ debts: [{ agency_name: 'Unknown Bailiffs Ltd' }] })).toEqual([
      ['debts.0.agency_name', 'debt_collection_agency_does_not_exist'],
    ]);
  });

  test('[GEN-6] a CAIS reference where CAIS is off is cais_references_not_supported', () => {
    const ctx = testContext(TODAY);
    ctx.catalogue.cais_references_supported = false;
    expect(codes({ debts: [{ agency_name: 'Debt R Us', cais_reference: 'C-1' }] }, ctx)).toEqual([
      ['debts.0.cais_reference', 'cais_references_not_supported'],
    ]);
  });

  test('[GEN-6] a CAIS reference of another imported account is cais_reference_already_in_use_on_another_account', () => {
    const ctx = testContext(TODAY);
    const other: Json = {
      ...specExample<Json>('DomesticAccount'),
      external_account_number: 'OTHER-1',
    };
    other.debts = [{ agency_name: 'Debt R Us', cais_reference: 'C-1' }];
    ctx.state.accounts.set('DEMO_ENERGY/OTHER-1', {
      importSupplier: 'DEMO_ENERGY',
      externalAccountNumber: 'OTHER-1',
      status: 'staged',
      data: other as unknown as Account,
      stagedAt: `${TODAY}T09:00:00Z`,
      updatedAt: `${TODAY}T09:00:00Z`,
    });
    // Staged data holds no reference yet: staging it again must not refuse it.
    expect(codes({ debts: [{ agency_name: 'Debt R Us', cais_reference: 'C-1' }] }, ctx)).toEqual(
      [],
    );
    // Process marks the record imported and sets it again, which indexes what it holds.
    const imported = ctx.state.accounts.get('DEMO_ENERGY/OTHER-1')!;
    imported.status = 'imported';
    ctx.state.accounts.set('DEMO_ENERGY/OTHER-1', imported);
    expect(codes({ debts: [{ agency_name: 'Debt R Us', cais_reference: 'C-1' }] }, ctx)).toEqual([
      ['debts.0.cais_reference', 'cais_reference_already_in_use_on_another_account'],
    ]);
    expect(codes({ debts: [{ agency_name: 'Debt R Us', cais_reference: 'C-2' }] }, ctx)).toEqual(
      [],
    );
  });

  test('[GEN-6] two deposit agreements are multiple_active_deposits_not_allowed', () => {
    const deposit = { deposit_amount: '150.00', reason: 'Credit check' };
    expect(codes({ deposit_agreements: [deposit, deposit] })).toEqual([
      ['deposit_agreements', 'multiple_active_deposits_not_allowed'],
    ]);
  });

  test('[GEN-6] interest on an unfulfilled deposit is last_interest_date_not_allowed', () => {
    const deposit = {
      deposit_amount: '150.00',
      reason: 'Credit check',
      last_interest_date: '2024-01-01',
    };
    expect(codes({ deposit_agreements: [deposit] })).toEqual([
      ['deposit_agreements.0.last_interest_date', 'last_interest_date_not_allowed'],
    ]);
  });

  test('[GEN-6] a deposit fulfilled after its last interest date is fulfilled_at_greater_than_last_interest_date', () => {
    const deposit = {
      deposit_amount: '150.00',
      reason: 'Credit check',
      fulfilled_at: '2024-01-02T10:00:00Z',
      last_interest_date: '2024-01-01',
    };
    expect(codes({ deposit_agreements: [deposit] })).toEqual([
      ['deposit_agreements.0.fulfilled_at', 'fulfilled_at_greater_than_last_interest_date'],
    ]);
    expect(
      codes({ deposit_agreements: [{ ...deposit, last_interest_date: '2024-01-02' }] }),
    ).toEqual([]);
  });

  test('[GEN-6] a BACS FiT payee without an instruction reference is payment_instruction_details_incomplete', () => {
    const fit = {
      payment_method: 'BACS',
      vendor_name: 'BOTTOMLINE_PTX',
      installations: [],
      meters: [],
    };
    expect(codes({ fit })).toEqual([
      ['fit.instruction_reference', 'payment_instruction_details_incomplete'],
    ]);
    expect(codes({ fit: { ...fit, payment_method: 'CHEQUE' } })).toEqual([]);
  });

  test('[GEN-6] a Direct Debit reference on an occupier account is dd_reference_for_occupier_account', () => {
    expect(codes({ unknown_occupier: true, customers: [], dd_reference: 'DDI123456' })).toEqual([
      ['dd_reference', 'dd_reference_for_occupier_account'],
    ]);
    expect(codes({ unknown_occupier: false, dd_reference: 'DDI123456' })).toEqual([]);
  });
});
