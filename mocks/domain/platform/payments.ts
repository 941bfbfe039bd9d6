/**
 * The platform's validators of an account's payments (platform: payment schedules, plans and
 * instalments, payment instructions and preferences, payment adequacy, debt and CAIS, deposits,
 * FiT payment details), where the interface reference is silent (GEN-6, decision 015). Each
 * answers the platform's own code on the field it concerns, its detail the spec's template beside
 * the code. A schedule's trigger is REGULAR when absent, as on the platform; a plan goes on the
 * catalogue's payment plan ledger, as does a schedule without a ledger_code.
 */

import { addDays } from '../../../spec/formats/dates.ts';
import type { components, FieldError } from '../../../spec/index.ts';
import { accountKey } from '../state.ts';
import type { Account, PlatformContext } from './context.ts';
import { given, isObject, pence, report } from './rule-helpers.ts';

type Schemas = components['schemas'];
type Schedule = Schemas['PaymentSchedule'];
type Trigger = NonNullable<Schedule['trigger']>;
type AdequacyChange = Schemas['PaymentAdequacyChange'];
type Debt = Schemas['Debt'];

/** GEN-6: the platform's validators of the account's payments, in the platform's order. */
export function paymentRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const schedules = account.payment_schedules ?? [];
  schedules.forEach((schedule, i) => {
    scheduleRules(schedule, `payment_schedules.${i}`, ctx, errors);
  });
  scheduleSetRules(schedules, ctx, errors);
  planRules(account, ctx, errors);
  instructionRules(account, errors);
  preferenceRules(account, errors);
  adequacyRules(account, ctx, errors);
  debtRules(account, ctx, errors);
  depositRules(account, errors);
  fitRules(account, errors);
  occupierRules(account, errors);
  return errors;
}

/** One payment schedule's own validators (platform: PaymentSchedule), in the platform's order. */
function scheduleRules(s: Schedule, at: string, ctx: PlatformContext, errors: FieldError[]): void {
  const trigger = s.trigger ?? 'REGULAR';
  fixedScheduleRules(s, trigger, at, ctx, errors);
  debtRepaymentRules(s, at, errors);
  if (s.exempt_from_payment_adequacy === true && trigger !== 'REGULAR') {
    report(
      errors,
      'invalid_payment_schedule_to_exempt_from_payment_adequacy',
      `${at}.exempt_from_payment_adequacy`,
    );
  }
  instalmentRules(s, trigger, at, errors);
  delayRules(s, trigger, at, errors);
  standaloneMethodRules(s, at, ctx, errors);
}

/**
 * A fixed schedule's payment day, frequency, balance threshold and amount (platform: "Validate
 * regular payment schedule frequency provided", "... has payment day", "Validate payment schedule
 * balance threshold provided", "... amount ... within the minor currency unit range"), the day and
 * amount limits the catalogue's.
 */
function fixedScheduleRules(
  s: Schedule,
  trigger: Trigger,
  at: string,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  const days = ctx.catalogue.payment_day_of_month;
  if (
    typeof s.day_of_month === 'number' &&
    (s.day_of_month < days.min || s.day_of_month > days.max)
  ) {
    report(errors, 'invalid_payment_day_for_payment_schedule', `${at}.day_of_month`, {
      min: days.min,
      max: days.max,
    });
  }
  if (trigger === 'REGULAR') {
    if (!given(s.frequency)) {
      report(errors, 'fixed_payment_schedule_missing_frequency', `${at}.frequency`);
    }
    if (!given(s.day_of_month)) {
      report(errors, 'fixed_payment_schedule_missing_day_of_month', `${at}.day_of_month`);
    }
  }
  // platform: "Validate payment schedule balance threshold provided": the balance the ledger must
  // drop below is what triggers a BALANCE schedule, so one without it never collects.
  if (trigger === 'BALANCE' && !given(s.balance_threshold)) {
    report(errors, 'balance_triggered_schedule_missing_threshold', `${at}.balance_threshold`);
  }
  if (trigger !== 'BILL' && given(s.amount)) {
    const amount = pence(s.amount);
    const range = ctx.catalogue.fixed_payment_schedule_amount;
    const max = range.max === null ? Number.POSITIVE_INFINITY : Math.round(range.max * 100);
    // Zero is zero_payment_schedule_amount's (money); this rule takes the rest of the range.
    if (amount !== 0 && (amount < Math.round(range.min * 100) || amount > max)) {
      // The catalogue leaves the top open with null; the detail then names no bound.
      report(errors, 'fixed_payment_schedule_amount_out_of_range', `${at}.amount`, {
        min: range.min,
        max: range.max ?? 'any amount',
      });
    }
  }
}

/** platform: "Validate debt repayment end date provided" and "... not later than schedule end date". */
function debtRepaymentRules(s: Schedule, at: string, errors: FieldError[]): void {
  if (given(s.debt_repayment_element) && !given(s.debt_repayment_end_date)) {
    report(errors, 'debt_repayment_missing_end_date', `${at}.debt_repayment_end_date`);
  }
  if (
    given(s.debt_repayment_end_date) &&
    given(s.end_date) &&
    s.debt_repayment_end_date > s.end_date
  ) {
    report(
      errors,
      'debt_repayment_end_date_after_schedule_end_date',
      `${at}.debt_repayment_end_date`,
    );
  }
}

/** A planned schedule's instalments: present, within its dates, adding up to its amount. */
function instalmentRules(s: Schedule, trigger: Trigger, at: string, errors: FieldError[]): void {
  const instalments = s.instalments ?? [];
  if (trigger === 'PLAN' && instalments.length === 0) {
    report(errors, 'payment_instalments_not_provided', `${at}.instalments`);
  }
  if (instalments.length === 0) return;
  if (given(s.amount)) {
    const total = instalments.reduce((sum, item) => sum + pence(item.amount), 0);
    if (total !== pence(s.amount)) {
      report(errors, 'payment_instalments_do_not_sum_to_total', `${at}.instalments`);
    }
  }
  instalments.forEach((item, j) => {
    const date = item.payment_date;
    if ((given(s.start_date) && date < s.start_date) || (given(s.end_date) && date > s.end_date)) {
      report(
        errors,
        'payment_instalments_date_outside_of_payment_schedule_active_period',
        `${at}.instalments.${j}.payment_date`,
      );
    }
  });
}

/** platform: "Validate that the delayer days is set if delayer strategy is set" (a BILL trigger too). */
function delayRules(s: Schedule, trigger: Trigger, at: string, errors: FieldError[]): void {
  if ((given(s.delay_strategy) || given(s.delay_days)) && trigger !== 'BILL') {
    report(errors, 'payment_schedule_delay_must_have_bill_trigger', `${at}.trigger`);
  }
  if (given(s.delay_strategy) && !given(s.delay_days)) {
    report(errors, 'payment_schedule_delay_strategy_missing_delay_days', `${at}.delay_days`);
  }
}

/** platform: "Standalone payment request method code is unexpected" and "... is valid". */
function standaloneMethodRules(
  s: Schedule,
  at: string,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  const method = s.standalone_payment_request_method_code;
  if (!given(method)) return;
  const attr = `${at}.standalone_payment_request_method_code`;
  if (s.means !== 'MANUAL') {
    report(errors, 'standalone_payment_request_method_code_unexpected', attr);
  } else if (!ctx.catalogue.standalone_payment_request_methods.includes(method)) {
    report(errors, 'standalone_payment_request_method_code_invalid', attr, { method });
  }
}

/**
 * The validators over the account's schedules together (platform: EnergyAccount.payment_schedules):
 * ledger codes on all or none; then, per ledger, the rules of ledgerScheduleRules.
 */
function scheduleSetRules(schedules: Schedule[], ctx: PlatformContext, errors: FieldError[]): void {
  const coded = schedules.filter((s) => given(s.ledger_code)).length;
  if (coded > 0 && coded < schedules.length) {
    report(errors, 'payment_schedules_ledger_code_uniformity_failed', 'payment_schedules');
  }
  const groups = new Map<string, Schedule[]>();
  for (const s of schedules) {
    if (s.is_debt_repayment_plan === true || !given(s.start_date)) continue;
    const key = s.ledger_code ?? '';
    const group = groups.get(key);
    if (group) group.push(s);
    else groups.set(key, [s]);
  }
  for (const group of groups.values()) {
    if (group.length >= 2) ledgerScheduleRules(group, ctx, errors);
  }
}

/**
 * One ledger's schedules, debt repayment plans aside: one open-ended schedule, no overlaps (nor
 * two on the same start date), and no gap before a schedule that starts in the future.
 */
function ledgerScheduleRules(group: Schedule[], ctx: PlatformContext, errors: FieldError[]): void {
  // The detail names the ledger when the schedules give one.
  const data = { on_ledger: group[0]?.ledger_code ? ` on ledger ${group[0].ledger_code}` : '' };
  if (group.filter((s) => !given(s.end_date)).length > 1) {
    report(errors, 'multiple_open_ended_payment_schedules', 'payment_schedules', data);
  }
  const sorted = [...group].sort((a, b) => (a.start_date < b.start_date ? -1 : 1));
  let overlap = false;
  let gap = false;
  for (let k = 1; k < sorted.length; k++) {
    const prev = sorted[k - 1]!;
    const cur = sorted[k]!;
    const start = cur.start_date;
    if (start === prev.start_date) overlap = true;
    else if (!given(prev.end_date)) {
      // Two open-ended schedules are multiple_open_ended_payment_schedules already.
      if (given(cur.end_date)) overlap = true;
    } else if (start <= prev.end_date) overlap = true;
    else if (start > ctx.today && addDays(prev.end_date, 1) < start) gap = true;
  }
  if (overlap) report(errors, 'payment_schedule_date_overlaps', 'payment_schedules', data);
  if (gap) report(errors, 'payment_schedule_date_gaps', 'payment_schedules', data);
}

/** Payment plans (platform: PaymentPlan, PaymentPlanPayment; EnergyAccount's plan-or-schedule rule). */
function planRules(account: Account, ctx: PlatformContext, errors: FieldError[]): void {
  const plans = account.payment_plans ?? [];
  plans.forEach((plan, i) => {
    const at = `payment_plans.${i}`;
    const strategy = plan.strategy_name;
    if (given(strategy) && !ctx.catalogue.payment_plan_strategies.includes(strategy)) {
      report(errors, 'payment_plan_strategy_does_not_exist', `${at}.strategy_name`, { strategy });
    }
    const seen = new Set<string>();
    let duplicate = false;
    (plan.payments ?? []).forEach((payment, j) => {
      const components = payment.amount_components ?? [];
      for (const c of components) {
        const key = `${payment.payment_date}|${c.component_type}`;
        if (seen.has(key)) duplicate = true;
        seen.add(key);
      }
      const sum = components.reduce((total, c) => total + c.amount, 0);
      // An empty list means the payment is not broken down.
      if (components.length > 0 && sum !== payment.total_amount) {
        report(
          errors,
          'payment_plan_payment_components_do_not_sum_to_total',
          `${at}.payments.${j}.amount_components`,
        );
      }
    });
    if (duplicate) report(errors, 'duplicate_payment_component_combinations', `${at}.payments`);
  });
  const ledger = ctx.catalogue.payment_plan_ledger_code;
  if (
    plans.length > 0 &&
    (account.payment_schedules ?? []).some((s) => (s.ledger_code ?? ledger) === ledger)
  ) {
    report(
      errors,
      'payment_plan_and_payment_schedule_not_allowed_on_same_ledger',
      'payment_plans',
      {
        ledger,
      },
    );
  }
}

/** Payment instructions' ledger codes: on all or none (platform: EnergyAccount). */
function instructionRules(account: Account, errors: FieldError[]): void {
  const instructions = account.payment_instructions ?? [];
  const coded = instructions.filter((p) => given(p.ledger_code)).length;
  if (coded > 0 && coded < instructions.length) {
    report(errors, 'payment_instructions_ledger_code_uniformity_failed', 'payment_instructions');
  }
}

/** The instruction identifier a payment preference's new-instruction form names, if any. */
function preferenceInstruction(preference: Schemas['PaymentPreference']): unknown {
  // Read as JSON: the existing-instruction form names a vendor reference instead.
  const params: unknown =
    'instruction_reference_params' in preference
      ? preference.instruction_reference_params
      : undefined;
  return isObject(params) ? params.instruction_identifier : undefined;
}

/**
 * The payment preferences: each on a ledger of the account, one per ledger, and an ACTIVE_NEW one
 * naming one of the payment instructions (platform: EnergyAccount.payment_preferences).
 */
function preferenceRules(account: Account, errors: FieldError[]): void {
  const preferences = account.payment_preferences ?? [];
  if (preferences.length === 0) return;
  const ledgers = new Set((account.ledgers ?? []).map((l) => l.ledger_identifier).filter(given));
  const instructions = account.payment_instructions ?? [];
  const identifiers = new Set<unknown>(
    instructions.map((p) => p.instruction_identifier).filter(given),
  );
  const referenced = new Set<string>();
  preferences.forEach((preference, i) => {
    const at = `payment_preferences.${i}`;
    const ledger = preference.ledger_identifier ?? '';
    if (!ledgers.has(ledger)) {
      report(errors, 'invalid_payment_preference_ledger_identifier', `${at}.ledger_identifier`, {
        ledger,
      });
    } else if (referenced.has(ledger)) {
      report(errors, 'duplicate_ledger_in_payment_preferences', `${at}.ledger_identifier`, {
        ledger,
      });
    }
    referenced.add(ledger);
    const identifier = preferenceInstruction(preference);
    if (preference.type === 'ACTIVE_NEW' && !(given(identifier) && identifiers.has(identifier))) {
      report(
        errors,
        'active_new_payment_preference_invalid_instruction_identifier',
        `${at}.instruction_reference_params${given(identifier) ? '.instruction_identifier' : ''}`,
      );
    }
  });
}

/** Payment adequacy reviews (platform: PaymentAdequacyChange; EnergyAccount's either-or rule). */
function adequacyRules(account: Account, ctx: PlatformContext, errors: FieldError[]): void {
  const changes = account.payment_adequacy_changes ?? [];
  if (changes.length > 0 && given(account.last_payment_review_date)) {
    report(
      errors,
      'payment_adequacy_changes_and_last_payment_review_date_provided',
      'last_payment_review_date',
    );
  }
  changes.forEach((change, i) => {
    const at = `payment_adequacy_changes.${i}`;
    adequacyDateRules(change, at, ctx, errors);
    adequacyAmountRules(change, at, ctx, errors);
  });
}

/**
 * platform: "Validate payment adequacy change created before applied" (neither in the future) and
 * "... applied or reason provided".
 */
function adequacyDateRules(
  c: AdequacyChange,
  at: string,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  const now = Date.parse(ctx.now);
  const created = given(c.created_at) ? Date.parse(c.created_at) : undefined;
  const applied = given(c.applied_at) ? Date.parse(c.applied_at) : undefined;
  if (created !== undefined && created > now) {
    report(errors, 'payment_adequacy_invalid_dates', `${at}.created_at`, {
      fault: 'cannot be created in the future',
    });
  }
  if (applied !== undefined && applied > now) {
    report(errors, 'payment_adequacy_invalid_dates', `${at}.applied_at`, {
      fault: 'cannot be applied in the future',
    });
  } else if (applied !== undefined && created !== undefined && created > applied) {
    report(errors, 'payment_adequacy_invalid_dates', `${at}.applied_at`, {
      fault: 'is applied after it is created',
    });
  }
  const reason = given(c.should_not_be_applied_reason);
  if (applied === undefined && !reason) {
    report(errors, 'payment_adequacy_missing_reason', `${at}.should_not_be_applied_reason`);
  } else if (applied !== undefined && reason) {
    report(errors, 'payment_adequacy_should_not_have_been_applied', `${at}.applied_at`);
  }
}

/**
 * platform: "Validate average monthly charge equal to sum", "... non zero balance adjustment equal
 * to monthly difference" (spread over the catalogue's months) and "... direct debit between
 * existing and max payment".
 */
function adequacyAmountRules(
  c: AdequacyChange,
  at: string,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  const { average_monthly_charge: charge, balance_adjustment: adjustment } = c;
  if (
    typeof charge === 'number' &&
    charge !== (c.average_monthly_elec_charge ?? 0) + (c.average_monthly_gas_charge ?? 0)
  ) {
    report(errors, 'payment_adequacy_monthly_charges_unequal', `${at}.average_monthly_charge`);
  }
  if (typeof adjustment === 'number' && adjustment !== 0) {
    const months = ctx.catalogue.payment_adequacy_spread_months;
    const difference = (c.target_balance ?? 0) - (c.current_balance ?? 0);
    // The difference spread over the catalogue's months, to the nearest penny either way.
    if (Math.abs(adjustment * months - difference) >= months) {
      report(errors, 'payment_adequacy_balance_adjustment_mismatch', `${at}.balance_adjustment`, {
        months,
      });
    }
  }
  const existing = c.existing_direct_debit_payment;
  if (
    typeof charge === 'number' &&
    typeof existing === 'number' &&
    typeof c.new_direct_debit === 'number'
  ) {
    const most = charge + (adjustment ?? 0);
    if (
      c.new_direct_debit < Math.min(existing, most) ||
      c.new_direct_debit > Math.max(existing, most)
    ) {
      report(errors, 'payment_adequacy_new_direct_debit_amount_mismatch', `${at}.new_direct_debit`);
    }
  }
}

/**
 * Whether another imported account holds a CAIS reference (platform: "Validate CAIS reference is
 * not in use on another account"). Only an account created on the platform holds its reference;
 * staged data is a draft that staging again replaces (a migration stages and restages the same
 * debts). The account itself, by its key and by the payload's supplier and account number, is
 * not another account. Answered from the account map's index, not by reading the accounts.
 */
function caisInUse(account: Account, ctx: PlatformContext, reference: string): boolean {
  const except: string[] = [];
  if (ctx.accountKey !== undefined) except.push(ctx.accountKey);
  if (
    typeof account.import_supplier === 'string' &&
    typeof account.external_account_number === 'string'
  ) {
    except.push(accountKey(account.import_supplier, account.external_account_number));
  }
  return ctx.state.accounts.holderOf('cais', reference, except) !== undefined;
}

/** Debts (platform: Debt; EnergyAccount's debt-or-debts rule); only the domestic form has them. */
function debtRules(account: Account, ctx: PlatformContext, errors: FieldError[]): void {
  const debt = 'debt' in account ? account.debt : undefined;
  const debts = 'debts' in account ? account.debts : undefined;
  if (debt !== undefined && debts !== undefined) {
    report(errors, 'debt_and_debts_are_defined', 'debt');
  }
  const all: [Debt, string][] = (debts ?? []).map((d, i) => [d, `debts.${i}`]);
  if (debt) all.push([debt, 'debt']);
  for (const [item, at] of all) {
    agencyRules(item, at, ctx, errors);
    caisRules(account, item, at, ctx, errors);
  }
}

/** platform: "Validate debt collection agency" (named when the debt has started; a known one). */
function agencyRules(debt: Debt, at: string, ctx: PlatformContext, errors: FieldError[]): void {
  const agency = debt.agency_name;
  if (given(debt.start_date) && !given(agency)) {
    report(errors, 'debt_collection_agency_name_required', `${at}.agency_name`);
  } else if (given(agency) && !ctx.catalogue.debt_collection_agencies.includes(agency)) {
    report(errors, 'debt_collection_agency_does_not_exist', `${at}.agency_name`, { agency });
  }
}

/** A debt's CAIS reference: the deployment takes them, and no other account holds it. */
function caisRules(
  account: Account,
  debt: Debt,
  at: string,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  const reference = debt.cais_reference;
  if (!given(reference)) return;
  if (!ctx.catalogue.cais_references_supported) {
    report(errors, 'cais_references_not_supported', `${at}.cais_reference`);
  } else if (caisInUse(account, ctx, reference)) {
    report(errors, 'cais_reference_already_in_use_on_another_account', `${at}.cais_reference`, {
      reference,
    });
  }
}

/** Deposit agreements (platform: DepositAgreement; one per account). */
function depositRules(account: Account, errors: FieldError[]): void {
  const deposits = account.deposit_agreements ?? [];
  if (deposits.length > 1) {
    report(errors, 'multiple_active_deposits_not_allowed', 'deposit_agreements');
  }
  deposits.forEach((d, i) => {
    const at = `deposit_agreements.${i}`;
    if (!given(d.last_interest_date)) return;
    if (!given(d.fulfilled_at)) {
      report(errors, 'last_interest_date_not_allowed', `${at}.last_interest_date`);
    } else if (d.fulfilled_at.slice(0, 10) > d.last_interest_date) {
      report(errors, 'fulfilled_at_greater_than_last_interest_date', `${at}.fulfilled_at`);
    }
  });
}

/** platform: "Validate payment instruction details are complete" (a Bacs payee of FiT needs both). */
function fitRules(account: Account, errors: FieldError[]): void {
  const fit = account.fit;
  if (fit?.payment_method !== 'BACS') return;
  if (!given(fit.vendor_name) || !given(fit.instruction_reference)) {
    const missing = !given(fit.vendor_name) ? 'vendor_name' : 'instruction_reference';
    report(errors, 'payment_instruction_details_incomplete', `fit.${missing}`);
  }
}

/** platform: "Validate no direct debit reference for the occupier": a mandate implies a known payer. */
function occupierRules(account: Account, errors: FieldError[]): void {
  if (account.unknown_occupier === true && given(account.dd_reference)) {
    report(errors, 'dd_reference_for_occupier_account', 'dd_reference');
  }
}
