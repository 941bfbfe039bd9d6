/**
 * The platform's validators of an account's payments (platform: payment schedules, plans and
 * instalments, payment instructions and preferences, payment adequacy, debt and CAIS, deposits,
 * FiT payment details), where the interface reference is silent (GEN-6, decision 015). Each
 * answers the platform's own code on the field it concerns. A schedule's trigger is REGULAR when
 * absent, as on the platform; a plan goes on the catalogue's payment plan ledger, as does a
 * schedule without a ledger_code.
 */

import { addDays } from '../../../spec/formats/dates.ts';
import type { FieldError } from '../../../spec/index.ts';
import { fieldError } from '../result.ts';
import { accountKey } from '../state.ts';
import type { Account, PlatformContext } from './context.ts';

type Amount = string | number | undefined;

interface Schedule {
  amount?: string | number;
  day_of_month?: number | null;
  frequency?: string;
  means?: string;
  start_date?: string;
  end_date?: string | null;
  is_debt_repayment_plan?: boolean;
  debt_repayment_element?: string | number;
  debt_repayment_end_date?: string;
  delay_days?: number;
  delay_strategy?: string;
  exempt_from_payment_adequacy?: boolean;
  instalments?: { amount: string | number; payment_date: string }[];
  ledger_code?: string;
  trigger?: string;
  standalone_payment_request_method_code?: string;
}

interface PlanPayment {
  amount_components?: { amount: number; component_type: string }[];
  payment_date?: string;
  total_amount?: number;
}

interface Plan {
  strategy_name?: string;
  payments?: PlanPayment[];
}

interface Preference {
  type?: string;
  ledger_identifier?: string;
  instruction_reference_params?: { instruction_identifier?: string; vendor_reference?: string };
}

interface AdequacyChange {
  applied_at?: string | null;
  created_at?: string;
  should_not_be_applied_reason?: string | null;
  average_monthly_charge?: number;
  average_monthly_elec_charge?: number;
  average_monthly_gas_charge?: number;
  balance_adjustment?: number;
  current_balance?: number;
  target_balance?: number;
  existing_direct_debit_payment?: number;
  new_direct_debit?: number;
}

interface Debt {
  agency_name?: string;
  start_date?: string;
  cais_reference?: string;
}

interface Deposit {
  fulfilled_at?: string | null;
  last_interest_date?: string | null;
}

/** The account's payment parts, read loosely: both forms carry them, debts the domestic one. */
interface PaymentParts {
  import_supplier?: string;
  external_account_number?: string;
  unknown_occupier?: boolean | null;
  dd_reference?: string;
  last_payment_review_date?: string;
  ledgers?: { ledger_identifier?: string }[];
  payment_schedules?: Schedule[];
  payment_plans?: Plan[];
  payment_instructions?: { ledger_code?: string; instruction_identifier?: string }[];
  payment_preferences?: Preference[];
  payment_adequacy_changes?: AdequacyChange[];
  debt?: Debt;
  debts?: Debt[];
  deposit_agreements?: Deposit[];
  fit?: { payment_method?: string; vendor_name?: string; instruction_reference?: string };
}

/** An amount in pence (decimal strings and numbers alike). */
function pence(amount: Amount): number {
  return Math.round(Number(amount) * 100);
}

function given<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null && value !== '';
}

/** GEN-6: the platform's validators of the account's payments. */
export function paymentRules(account: Account, ctx: PlatformContext): FieldError[] {
  const parts = account as PaymentParts;
  const errors: FieldError[] = [];
  const schedules = parts.payment_schedules ?? [];
  schedules.forEach((schedule, i) => {
    scheduleRules(schedule, `payment_schedules.${i}`, ctx, errors);
  });
  scheduleSetRules(schedules, ctx, errors);
  planRules(parts, ctx, errors);
  instructionAndPreferenceRules(parts, errors);
  adequacyRules(parts, ctx, errors);
  debtRules(parts, ctx, errors);
  depositRules(parts, errors);
  const fit = parts.fit;
  if (fit?.payment_method === 'BACS') {
    // platform: "Validate payment instruction details are complete" (a Bacs payee needs both).
    const missing = !given(fit.vendor_name) ? 'vendor_name' : 'instruction_reference';
    if (!given(fit.vendor_name) || !given(fit.instruction_reference)) {
      errors.push(
        fieldError(
          'payment_instruction_details_incomplete',
          `fit.${missing}`,
          undefined,
          'FiT payments by BACS need both a vendor_name and an instruction_reference.',
        ),
      );
    }
  }
  if (parts.unknown_occupier === true && given(parts.dd_reference)) {
    // platform: "Validate no direct debit reference for the occupier": a mandate implies a known payer.
    errors.push(
      fieldError(
        'dd_reference_for_occupier_account',
        'dd_reference',
        undefined,
        'An unknown occupier account has no Direct Debit reference: a mandate names its payer.',
      ),
    );
  }
  return errors;
}

/** One payment schedule's own validators (platform: PaymentSchedule). */
function scheduleRules(s: Schedule, at: string, ctx: PlatformContext, errors: FieldError[]): void {
  const trigger = s.trigger ?? 'REGULAR';
  const days = ctx.catalogue.payment_day_of_month;
  if (
    typeof s.day_of_month === 'number' &&
    (s.day_of_month < days.min || s.day_of_month > days.max)
  ) {
    errors.push(
      fieldError(
        'invalid_payment_day_for_payment_schedule',
        `${at}.day_of_month`,
        undefined,
        `A payment schedule collects on a day from ${days.min} to ${days.max} of the month.`,
      ),
    );
  }
  if (trigger === 'REGULAR') {
    if (!given(s.frequency)) {
      errors.push(
        fieldError(
          'fixed_payment_schedule_missing_frequency',
          `${at}.frequency`,
          undefined,
          'A regular payment schedule needs a frequency.',
        ),
      );
    }
    if (!given(s.day_of_month)) {
      errors.push(
        fieldError(
          'fixed_payment_schedule_missing_day_of_month',
          `${at}.day_of_month`,
          undefined,
          'A regular payment schedule needs a day of the month.',
        ),
      );
    }
  }
  if (trigger !== 'BILL' && given(s.amount)) {
    const amount = pence(s.amount);
    const range = ctx.catalogue.fixed_payment_schedule_amount;
    const max = range.max === null ? Number.POSITIVE_INFINITY : Math.round(range.max * 100);
    // Zero is zero_payment_schedule_amount's (money); this rule takes the rest of the range.
    if (amount !== 0 && (amount < Math.round(range.min * 100) || amount > max)) {
      errors.push(
        fieldError(
          'fixed_payment_schedule_amount_out_of_range',
          `${at}.amount`,
          undefined,
          `A payment schedule amount is from ${range.min} to ${range.max ?? 'any amount'}.`,
        ),
      );
    }
  }
  if (given(s.debt_repayment_element) && !given(s.debt_repayment_end_date)) {
    errors.push(
      fieldError(
        'debt_repayment_missing_end_date',
        `${at}.debt_repayment_end_date`,
        undefined,
        'A debt repayment element needs the date it ends.',
      ),
    );
  }
  if (
    given(s.debt_repayment_end_date) &&
    given(s.end_date) &&
    s.debt_repayment_end_date > s.end_date
  ) {
    errors.push(
      fieldError(
        'debt_repayment_end_date_after_schedule_end_date',
        `${at}.debt_repayment_end_date`,
        undefined,
        'The debt repayment cannot end after the payment schedule does.',
      ),
    );
  }
  if (s.exempt_from_payment_adequacy === true && trigger !== 'REGULAR') {
    errors.push(
      fieldError(
        'invalid_payment_schedule_to_exempt_from_payment_adequacy',
        `${at}.exempt_from_payment_adequacy`,
        undefined,
        'Only a regular payment schedule may be exempt from payment adequacy.',
      ),
    );
  }
  instalmentRules(s, trigger, at, errors);
  if ((given(s.delay_strategy) || given(s.delay_days)) && trigger !== 'BILL') {
    errors.push(
      fieldError(
        'payment_schedule_delay_must_have_bill_trigger',
        `${at}.trigger`,
        undefined,
        'A payment delay applies only to a bill-triggered schedule (trigger BILL).',
      ),
    );
  }
  if (given(s.delay_strategy) && !given(s.delay_days)) {
    errors.push(
      fieldError(
        'payment_schedule_delay_strategy_missing_delay_days',
        `${at}.delay_days`,
        undefined,
        'A delay strategy needs its delay_days.',
      ),
    );
  }
  const method = s.standalone_payment_request_method_code;
  if (given(method)) {
    if (s.means !== 'MANUAL') {
      errors.push(
        fieldError(
          'standalone_payment_request_method_code_unexpected',
          `${at}.standalone_payment_request_method_code`,
          undefined,
          'A standalone payment request method is only for a MANUAL payment schedule.',
        ),
      );
    } else if (!ctx.catalogue.standalone_payment_request_methods.includes(method)) {
      errors.push(
        fieldError(
          'standalone_payment_request_method_code_invalid',
          `${at}.standalone_payment_request_method_code`,
          undefined,
          `${method} is not a registered standalone payment request method.`,
        ),
      );
    }
  }
}

/** A planned schedule's instalments: present, within its dates, adding up to its amount. */
function instalmentRules(s: Schedule, trigger: string, at: string, errors: FieldError[]): void {
  const instalments = s.instalments ?? [];
  if (trigger === 'PLAN' && instalments.length === 0) {
    errors.push(
      fieldError(
        'payment_instalments_not_provided',
        `${at}.instalments`,
        undefined,
        'A planned payment schedule (trigger PLAN) needs its instalments.',
      ),
    );
  }
  if (instalments.length === 0) return;
  if (given(s.amount)) {
    const total = instalments.reduce((sum, item) => sum + pence(item.amount), 0);
    if (total !== pence(s.amount)) {
      errors.push(
        fieldError(
          'payment_instalments_do_not_sum_to_total',
          `${at}.instalments`,
          undefined,
          'The instalments add up to a different total from the schedule amount.',
        ),
      );
    }
  }
  instalments.forEach((item, j) => {
    const date = item.payment_date;
    if ((given(s.start_date) && date < s.start_date) || (given(s.end_date) && date > s.end_date)) {
      errors.push(
        fieldError(
          'payment_instalments_date_outside_of_payment_schedule_active_period',
          `${at}.instalments.${j}.payment_date`,
          undefined,
          'An instalment falls outside the dates of its payment schedule.',
        ),
      );
    }
  });
}

/**
 * The validators over the account's schedules together (platform: EnergyAccount.payment_schedules):
 * ledger codes on all or none; per ledger, among the schedules that are not debt repayment plans,
 * one open-ended schedule, no overlaps (nor two on the same start date), and no gap before a
 * schedule that starts in the future.
 */
function scheduleSetRules(schedules: Schedule[], ctx: PlatformContext, errors: FieldError[]): void {
  const coded = schedules.filter((s) => given(s.ledger_code)).length;
  if (coded > 0 && coded < schedules.length) {
    errors.push(
      fieldError(
        'payment_schedules_ledger_code_uniformity_failed',
        'payment_schedules',
        undefined,
        'Either every payment schedule has a ledger_code or none has.',
      ),
    );
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
    if (group.length < 2) continue;
    const ledger = group[0]?.ledger_code ? ` on ledger ${group[0].ledger_code}` : '';
    if (group.filter((s) => !given(s.end_date)).length > 1) {
      errors.push(
        fieldError(
          'multiple_open_ended_payment_schedules',
          'payment_schedules',
          undefined,
          `Only one payment schedule${ledger} may be open-ended (no end_date), debt repayment plans aside.`,
        ),
      );
    }
    const sorted = [...group].sort((a, b) => (a.start_date! < b.start_date! ? -1 : 1));
    let overlap = false;
    let gap = false;
    for (let k = 1; k < sorted.length; k++) {
      const prev = sorted[k - 1]!;
      const cur = sorted[k]!;
      const start = cur.start_date!;
      if (start === prev.start_date) overlap = true;
      else if (!given(prev.end_date)) {
        // Two open-ended schedules are multiple_open_ended_payment_schedules already.
        if (given(cur.end_date)) overlap = true;
      } else if (start <= prev.end_date) overlap = true;
      else if (start > ctx.today && addDays(prev.end_date, 1) < start) gap = true;
    }
    if (overlap) {
      errors.push(
        fieldError(
          'payment_schedule_date_overlaps',
          'payment_schedules',
          undefined,
          `Payment schedules${ledger} overlap or start on the same date, debt repayment plans aside.`,
        ),
      );
    }
    if (gap) {
      errors.push(
        fieldError(
          'payment_schedule_date_gaps',
          'payment_schedules',
          undefined,
          `A future payment schedule${ledger} does not start the day after the one before it ends.`,
        ),
      );
    }
  }
}

/** Payment plans (platform: PaymentPlan, PaymentPlanPayment; EnergyAccount's plan-or-schedule rule). */
function planRules(parts: PaymentParts, ctx: PlatformContext, errors: FieldError[]): void {
  const plans = parts.payment_plans ?? [];
  plans.forEach((plan, i) => {
    const at = `payment_plans.${i}`;
    if (
      given(plan.strategy_name) &&
      !ctx.catalogue.payment_plan_strategies.includes(plan.strategy_name)
    ) {
      errors.push(
        fieldError(
          'payment_plan_strategy_does_not_exist',
          `${at}.strategy_name`,
          undefined,
          `${plan.strategy_name} is not a payment plan strategy of the platform.`,
        ),
      );
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
        errors.push(
          fieldError(
            'payment_plan_payment_components_do_not_sum_to_total',
            `${at}.payments.${j}.amount_components`,
            undefined,
            'The amount components add up to a different total from total_amount.',
          ),
        );
      }
    });
    if (duplicate) {
      errors.push(
        fieldError(
          'duplicate_payment_component_combinations',
          `${at}.payments`,
          undefined,
          'A component type appears twice on the same payment date.',
        ),
      );
    }
  });
  const ledger = ctx.catalogue.payment_plan_ledger_code;
  if (
    plans.length > 0 &&
    (parts.payment_schedules ?? []).some((s) => (s.ledger_code ?? ledger) === ledger)
  ) {
    errors.push(
      fieldError(
        'payment_plan_and_payment_schedule_not_allowed_on_same_ledger',
        'payment_plans',
        undefined,
        `Payment plans make their own schedule on ledger ${ledger}; no payment schedule may be on it too.`,
      ),
    );
  }
}

/** Payment instructions' ledger codes and the preferences that point at ledgers and instructions. */
function instructionAndPreferenceRules(parts: PaymentParts, errors: FieldError[]): void {
  const instructions = parts.payment_instructions ?? [];
  const coded = instructions.filter((p) => given(p.ledger_code)).length;
  if (coded > 0 && coded < instructions.length) {
    errors.push(
      fieldError(
        'payment_instructions_ledger_code_uniformity_failed',
        'payment_instructions',
        undefined,
        'Either every payment instruction has a ledger_code or none has.',
      ),
    );
  }
  const preferences = parts.payment_preferences ?? [];
  if (preferences.length === 0) return;
  const ledgers = new Set((parts.ledgers ?? []).map((l) => l.ledger_identifier).filter(given));
  const identifiers = new Set(instructions.map((p) => p.instruction_identifier).filter(given));
  const referenced = new Set<string>();
  preferences.forEach((preference, i) => {
    const at = `payment_preferences.${i}`;
    const ledger = preference.ledger_identifier ?? '';
    if (!ledgers.has(ledger)) {
      errors.push(
        fieldError(
          'invalid_payment_preference_ledger_identifier',
          `${at}.ledger_identifier`,
          undefined,
          `No ledger of the account has the identifier ${ledger}.`,
        ),
      );
    } else if (referenced.has(ledger)) {
      errors.push(
        fieldError(
          'duplicate_ledger_in_payment_preferences',
          `${at}.ledger_identifier`,
          undefined,
          `Ledger ${ledger} has a payment preference already.`,
        ),
      );
    }
    referenced.add(ledger);
    const identifier = preference.instruction_reference_params?.instruction_identifier;
    if (preference.type === 'ACTIVE_NEW' && !(given(identifier) && identifiers.has(identifier))) {
      errors.push(
        fieldError(
          'active_new_payment_preference_invalid_instruction_identifier',
          `${at}.instruction_reference_params${given(identifier) ? '.instruction_identifier' : ''}`,
          undefined,
          'An ACTIVE_NEW payment preference names the instruction_identifier of one of the payment_instructions.',
        ),
      );
    }
  });
}

function instant(value: string): number {
  return Date.parse(value);
}

/** Payment adequacy reviews (platform: PaymentAdequacyChange; EnergyAccount's either-or rule). */
function adequacyRules(parts: PaymentParts, ctx: PlatformContext, errors: FieldError[]): void {
  const changes = parts.payment_adequacy_changes ?? [];
  if (changes.length > 0 && given(parts.last_payment_review_date)) {
    errors.push(
      fieldError(
        'payment_adequacy_changes_and_last_payment_review_date_provided',
        'last_payment_review_date',
        undefined,
        'Give payment_adequacy_changes or last_payment_review_date, not both.',
      ),
    );
  }
  const now = instant(ctx.now);
  const months = ctx.catalogue.payment_adequacy_spread_months;
  changes.forEach((c, i) => {
    const at = `payment_adequacy_changes.${i}`;
    const created = given(c.created_at) ? instant(c.created_at) : undefined;
    const applied = given(c.applied_at) ? instant(c.applied_at) : undefined;
    if (created !== undefined && created > now) {
      errors.push(
        fieldError(
          'payment_adequacy_invalid_dates',
          `${at}.created_at`,
          undefined,
          'A payment adequacy change cannot be created in the future.',
        ),
      );
    }
    if (applied !== undefined && applied > now) {
      errors.push(
        fieldError(
          'payment_adequacy_invalid_dates',
          `${at}.applied_at`,
          undefined,
          'A payment adequacy change cannot be applied in the future.',
        ),
      );
    } else if (applied !== undefined && created !== undefined && created > applied) {
      errors.push(
        fieldError(
          'payment_adequacy_invalid_dates',
          `${at}.applied_at`,
          undefined,
          'A payment adequacy change is applied after it is created.',
        ),
      );
    }
    const reason = given(c.should_not_be_applied_reason);
    if (applied === undefined && !reason) {
      errors.push(
        fieldError(
          'payment_adequacy_missing_reason',
          `${at}.should_not_be_applied_reason`,
          undefined,
          'A payment adequacy change not applied needs the reason why.',
        ),
      );
    } else if (applied !== undefined && reason) {
      errors.push(
        fieldError(
          'payment_adequacy_should_not_have_been_applied',
          `${at}.applied_at`,
          undefined,
          'A payment adequacy change with a reason not to apply it cannot have been applied.',
        ),
      );
    }
    const { average_monthly_charge: charge, balance_adjustment: adjustment } = c;
    if (
      typeof charge === 'number' &&
      charge !== (c.average_monthly_elec_charge ?? 0) + (c.average_monthly_gas_charge ?? 0)
    ) {
      errors.push(
        fieldError(
          'payment_adequacy_monthly_charges_unequal',
          `${at}.average_monthly_charge`,
          undefined,
          'The average monthly charge is the electricity and gas monthly charges added together.',
        ),
      );
    }
    if (typeof adjustment === 'number' && adjustment !== 0) {
      const difference = (c.target_balance ?? 0) - (c.current_balance ?? 0);
      // The difference spread over the catalogue's months, to the nearest penny either way.
      if (Math.abs(adjustment * months - difference) >= months) {
        errors.push(
          fieldError(
            'payment_adequacy_balance_adjustment_mismatch',
            `${at}.balance_adjustment`,
            undefined,
            `The balance adjustment is the difference between target and current balance over ${months} months.`,
          ),
        );
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
        errors.push(
          fieldError(
            'payment_adequacy_new_direct_debit_amount_mismatch',
            `${at}.new_direct_debit`,
            undefined,
            'The new Direct Debit lies between the existing one and the monthly charge plus the balance adjustment.',
          ),
        );
      }
    }
  });
}

/**
 * Whether another imported account holds a CAIS reference (platform: "Validate CAIS reference is
 * not in use on another account"). Only an account created on the platform holds its reference;
 * staged data is a draft that staging again replaces (a migration stages and restages the same
 * debts). The account itself, by its key and by the payload's supplier and account number, is
 * not another account. Answered from the account map's index, not by reading the accounts.
 */
function caisInUse(parts: PaymentParts, ctx: PlatformContext, reference: string): boolean {
  const except: string[] = [];
  if (ctx.accountKey !== undefined) except.push(ctx.accountKey);
  if (
    typeof parts.import_supplier === 'string' &&
    typeof parts.external_account_number === 'string'
  ) {
    except.push(accountKey(parts.import_supplier, parts.external_account_number));
  }
  return ctx.state.accounts.holderOf('cais', reference, except) !== undefined;
}

/** Debts (platform: Debt; EnergyAccount's debt-or-debts rule). */
function debtRules(parts: PaymentParts, ctx: PlatformContext, errors: FieldError[]): void {
  if (parts.debt !== undefined && parts.debts !== undefined) {
    errors.push(
      fieldError(
        'debt_and_debts_are_defined',
        'debt',
        undefined,
        'Give debts, or the deprecated debt, not both.',
      ),
    );
  }
  const all: [Debt, string][] = (parts.debts ?? []).map((d, i) => [d, `debts.${i}`]);
  if (parts.debt) all.push([parts.debt, 'debt']);
  for (const [debt, at] of all) {
    if (given(debt.start_date) && !given(debt.agency_name)) {
      errors.push(
        fieldError(
          'debt_collection_agency_name_required',
          `${at}.agency_name`,
          undefined,
          'A debt with a start date names its collection agency.',
        ),
      );
    } else if (
      given(debt.agency_name) &&
      !ctx.catalogue.debt_collection_agencies.includes(debt.agency_name)
    ) {
      errors.push(
        fieldError(
          'debt_collection_agency_does_not_exist',
          `${at}.agency_name`,
          undefined,
          `${debt.agency_name} is not a debt collection agency of the platform.`,
        ),
      );
    }
    if (given(debt.cais_reference)) {
      if (!ctx.catalogue.cais_references_supported) {
        errors.push(
          fieldError(
            'cais_references_not_supported',
            `${at}.cais_reference`,
            undefined,
            'This deployment does not take CAIS references.',
          ),
        );
      } else if (caisInUse(parts, ctx, debt.cais_reference)) {
        errors.push(
          fieldError(
            'cais_reference_already_in_use_on_another_account',
            `${at}.cais_reference`,
            undefined,
            `CAIS reference ${debt.cais_reference} belongs to another account.`,
          ),
        );
      }
    }
  }
}

/** Deposit agreements (platform: DepositAgreement; one per account). */
function depositRules(parts: PaymentParts, errors: FieldError[]): void {
  const deposits = parts.deposit_agreements ?? [];
  if (deposits.length > 1) {
    errors.push(
      fieldError(
        'multiple_active_deposits_not_allowed',
        'deposit_agreements',
        undefined,
        'An account migrates with one deposit agreement at most.',
      ),
    );
  }
  deposits.forEach((d, i) => {
    const at = `deposit_agreements.${i}`;
    if (!given(d.last_interest_date)) return;
    if (!given(d.fulfilled_at)) {
      errors.push(
        fieldError(
          'last_interest_date_not_allowed',
          `${at}.last_interest_date`,
          undefined,
          'Interest is only calculated on a fulfilled deposit: no last_interest_date without fulfilled_at.',
        ),
      );
    } else if (d.fulfilled_at.slice(0, 10) > d.last_interest_date) {
      errors.push(
        fieldError(
          'fulfilled_at_greater_than_last_interest_date',
          `${at}.fulfilled_at`,
          undefined,
          'A deposit is fulfilled on or before its last interest date.',
        ),
      );
    }
  });
}
