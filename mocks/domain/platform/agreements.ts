/**
 * The platform's validators of an account's agreements and contracts (platform: electricity and
 * gas agreements, products and tariffs, rate bands, characteristics, bespoke rates, business
 * contract identifiers, intermediaries, commission contracts, contribution schemes, partner
 * organisations and tax exemptions), where the interface reference is silent (GEN-6, decisions
 * 014 and 015). Each answers the platform's own code on the field it concerns; the products,
 * schemes and organisations are the operator's platform catalogue (`ctx.catalogue`).
 *
 * An agreement runs from effective_from (inclusive) to effective_to (exclusive), or, open-ended,
 * until the next agreement of its meter point starts (MeterPoint's rules).
 */
import { addDays } from '../../../spec/formats/dates.ts';
import {
  type CatalogueProduct,
  findTariff,
  isValidMpanCore,
  isValidMprn,
  productAvailableFrom,
  productAvailableTo,
  type ResolvedTariff,
} from '../../../spec/formats/index.ts';
import type { components, FieldCode, FieldError } from '../../../spec/index.ts';
import { fieldError } from '../result.ts';
import type { Account, PlatformContext } from './context.ts';

type Schemas = components['schemas'];
type Agreement = Schemas['EnergyAgreement'];
type Meter = {
  is_prepay?: boolean | null;
  removed_on?: string | null;
  registers?: { is_settlement?: boolean | null }[];
};
type EnergyPoint = {
  supply_type: 'ELECTRICITY' | 'GAS';
  supply_start_date: string;
  last_billed_to_date?: string;
  supply_end_date?: string | null;
  agreements?: Agreement[];
  meters?: Meter[];
  ccl_exemptions?: Schemas['EnergyTaxExemption'][];
  vat_exemptions?: Schemas['EnergyTaxExemption'][];
};

/** platform: AgreementIntermediaryDetails.portfolio_number is `P-` and 8 capitals or digits. */
export const PORTFOLIO_NUMBER_PATTERN = /^P-[A-Z0-9]{8}$/;

const push = (errors: FieldError[], code: FieldCode, attr: string, detail: string): number =>
  errors.push(fieldError(code, attr, undefined, detail));

/** The day an agreement's period ends (exclusive), or undefined while it is open. */
function endOf(
  agreements: readonly Agreement[],
  i: number,
  order: readonly number[],
): string | undefined {
  const own = agreements[i]!.effective_to;
  if (own) return own;
  const position = order.indexOf(i);
  const next = order[position + 1];
  return next === undefined ? undefined : agreements[next]!.effective_from;
}

/** The indexes of a point's agreements by effective_from. */
function chronological(agreements: readonly Agreement[]): number[] {
  return agreements
    .map((_, i) => i)
    .sort((a, b) => agreements[a]!.effective_from.localeCompare(agreements[b]!.effective_from));
}

/** The account's declared business contract identifiers (BusinessWithExistingContracts). */
function declaredContracts(account: Account): Set<string> {
  const business = (account as { business?: Record<string, unknown> }).business;
  const out = new Set<string>();
  const list = business?.business_contract_identifiers;
  if (Array.isArray(list)) for (const id of list) if (typeof id === 'string') out.add(id);
  if (typeof business?.business_contract_identifier === 'string')
    out.add(business.business_contract_identifier);
  return out;
}

/** Whether a meter is still on the meter point today. */
function active(meter: Meter, today: string): boolean {
  return !meter.removed_on || meter.removed_on > today;
}

/** The tariff type an electricity meter point's active meters need, by settlement registers. */
function meterPointTariffType(point: EnergyPoint, today: string): string | undefined {
  let most = 0;
  for (const meter of point.meters ?? []) {
    if (!active(meter, today)) continue;
    const count = (meter.registers ?? []).filter((r) => r.is_settlement !== false).length;
    most = Math.max(most, count);
  }
  if (most === 0) return undefined;
  return most === 1 ? '1R' : most === 2 ? '2R' : '4R';
}

/** The agreement in force today: the latest that has started, unless it has ended. */
function currentAgreement(
  agreements: readonly Agreement[],
  order: readonly number[],
  today: string,
): number | undefined {
  let current: number | undefined;
  for (const i of order) if (agreements[i]!.effective_from <= today) current = i;
  if (current === undefined) return undefined;
  const end = endOf(agreements, current, order);
  return end !== undefined && end <= today ? undefined : current;
}

interface PointScope {
  at: string;
  point: EnergyPoint;
  /** The first day the platform bills this meter point. */
  billingFrom: string;
  contracts: Set<string>;
}

function tariffChecks(
  errors: FieldError[],
  scope: PointScope,
  agreement: Agreement,
  at: string,
  end: string | undefined,
  resolved: ResolvedTariff,
): void {
  const { product, tariff } = resolved;
  if (productAvailableTo(product) !== undefined && !agreement.effective_to) {
    push(
      errors,
      'open_ended_agreement_for_end_dated_product',
      at,
      `Product ${product.code} comes off sale on ${productAvailableTo(product)}; its agreement needs an effective_to.`,
    );
  }
  (agreement.rate_overrides ?? []).forEach((override, j) => {
    if (!tariff.rate_bands.includes(override.rate_band)) {
      push(
        errors,
        'rate_band_does_not_exist',
        `${at}.rate_overrides.${j}.rate_band`,
        `Tariff ${agreement.tariff_code} has no rate band ${override.rate_band}; it has ${tariff.rate_bands.join(', ')}.`,
      );
    }
  });
  const allowed = new Map((tariff.characteristics ?? []).map((c) => [c.code, c.values]));
  (agreement.characteristics ?? []).forEach((characteristic, j) => {
    const values = allowed.get(characteristic.code);
    if (!values) {
      push(
        errors,
        'characteristic_code_not_found',
        `${at}.characteristics.${j}.code`,
        `Tariff ${agreement.tariff_code} has no characteristic ${characteristic.code}.`,
      );
    } else if (!values.includes(characteristic.value)) {
      push(
        errors,
        'invalid_characteristic_value',
        `${at}.characteristics.${j}.value`,
        `${characteristic.value} is not a value of ${characteristic.code} on tariff ${agreement.tariff_code}.`,
      );
    }
  });
  availabilityChecks(errors, scope, agreement, at, end, product);
}

/**
 * Agreements effective before their variable or tracker product went on sale: on a declared
 * business contract at all, otherwise when the platform bills part of them before the launch.
 */
function availabilityChecks(
  errors: FieldError[],
  scope: PointScope,
  agreement: Agreement,
  at: string,
  end: string | undefined,
  product: CatalogueProduct,
): void {
  const from = productAvailableFrom(product);
  if (product.kind === 'FIXED' || agreement.effective_from >= from) return;
  const contract = agreement.business_contract_identifier;
  if (typeof contract === 'string' && scope.contracts.has(contract)) {
    push(
      errors,
      'agreement_cannot_start_before_product_available',
      `${at}.effective_from`,
      `The agreement of contract ${contract} starts on ${agreement.effective_from}, before its variable product ${product.code} is available (${from}).`,
    );
    return;
  }
  const billedFrom =
    agreement.effective_from > scope.billingFrom ? agreement.effective_from : scope.billingFrom;
  if (billedFrom < from && (end === undefined || billedFrom < end)) {
    push(
      errors,
      'agreement_effective_from_before_product_available_from',
      `${at}.effective_from`,
      `The agreement starts on ${agreement.effective_from} and is billed from ${billedFrom}, before product ${product.code} is available (${from}).`,
    );
  }
}

/** One agreement's own validators (ElectricityAgreement, GasAgreement). */
function agreementChecks(
  errors: FieldError[],
  scope: PointScope,
  agreement: Agreement,
  at: string,
  end: string | undefined,
  products: readonly CatalogueProduct[],
): void {
  if (agreement.effective_to && agreement.effective_to < agreement.effective_from) {
    push(
      errors,
      'start_date_later_than_end_date',
      `${at}.effective_to`,
      `The agreement ends on ${agreement.effective_to}, before it starts on ${agreement.effective_from}.`,
    );
  }
  (agreement.bespoke_tariff_rates ?? []).forEach((rate, j) => {
    (rate.registers ?? []).forEach((register, k) => {
      if (!register.register_id && !register.rate_type) {
        push(
          errors,
          'no_register_id_or_rate_type_provided_for_bespoke_elec_rate',
          `${at}.bespoke_tariff_rates.${j}.registers.${k}`,
          'A bespoke register rate needs a register_id or a rate_type.',
        );
      }
    });
  });
  const rateKeys = new Set<string>();
  for (const rate of agreement.bespoke_tariff_rates ?? []) {
    // A meter and payment method have one bespoke rate.
    const key = `${rate.meter_serial_number ?? ''}|${rate.payment_method ?? ''}`;
    if (rateKeys.has(key)) {
      push(
        errors,
        'duplicate_bespoke_rates',
        `${at}.bespoke_tariff_rates`,
        `Two bespoke rates are given for meter ${rate.meter_serial_number ?? '(any)'} and payment method ${rate.payment_method || '(any)'}.`,
      );
      break;
    }
    rateKeys.add(key);
  }
  const codes = new Set<string>();
  for (const characteristic of agreement.characteristics ?? []) {
    if (codes.has(characteristic.code)) {
      push(
        errors,
        'children_with_duplicate_values',
        `${at}.characteristics`,
        `The characteristic ${characteristic.code} is given twice.`,
      );
      break;
    }
    codes.add(characteristic.code);
  }
  const contract = agreement.business_contract_identifier;
  if (typeof contract === 'string' && !scope.contracts.has(contract)) {
    push(
      errors,
      'agreement_business_contract_identifier_not_declared',
      `${at}.business_contract_identifier`,
      `The business contract ${contract} is not one of the account's business_contract_identifiers.`,
    );
  }
  const portfolio = agreement.intermediary?.portfolio_number;
  if (typeof portfolio === 'string' && !PORTFOLIO_NUMBER_PATTERN.test(portfolio)) {
    push(
      errors,
      'invalid_portfolio_number',
      `${at}.intermediary.portfolio_number`,
      `${portfolio} is not a portfolio number (P- and 8 capital letters or digits).`,
    );
  }
  const resolved = findTariff(products, agreement.tariff_code);
  if (!resolved || resolved.tariff.fuel !== scope.point.supply_type) {
    push(
      errors,
      'tariff_code_not_found',
      `${at}.tariff_code`,
      `No ${scope.point.supply_type.toLowerCase()} tariff has the code ${agreement.tariff_code}.`,
    );
    return;
  }
  tariffChecks(errors, scope, agreement, at, end, resolved);
}

/** Consecutive agreements (gaps_or_overlaps_in_agreement_dates) where an effective_to is given. */
function continuityChecks(
  errors: FieldError[],
  scope: PointScope,
  agreements: readonly Agreement[],
  order: readonly number[],
): void {
  for (let k = 0; k + 1 < order.length; k++) {
    const before = agreements[order[k]!]!;
    const after = agreements[order[k + 1]!]!;
    // The kit's account rules refuse two agreements starting on one day; historic agreements
    // before the supply start may leave gaps.
    if (!before.effective_to || before.effective_from === after.effective_from) continue;
    if (before.effective_to < scope.point.supply_start_date) continue;
    if (before.effective_to !== after.effective_from) {
      push(
        errors,
        'gaps_or_overlaps_in_agreement_dates',
        `${scope.at}.agreements.${order[k + 1]}.effective_from`,
        `The agreement before this one ends on ${before.effective_to}, not on ${after.effective_from} when this one starts.`,
      );
    }
  }
}

/** The meter point's current tariff against its meters (EnergyAccount validators). */
function meterChecks(
  errors: FieldError[],
  scope: PointScope,
  agreements: readonly Agreement[],
  order: readonly number[],
  products: readonly CatalogueProduct[],
  today: string,
): void {
  const i = currentAgreement(agreements, order, today);
  if (i === undefined) return;
  const agreement = agreements[i]!;
  const resolved = findTariff(products, agreement.tariff_code);
  if (!resolved || resolved.tariff.fuel !== scope.point.supply_type) return;
  const at = `${scope.at}.agreements.${i}.tariff_code`;
  const meters = (scope.point.meters ?? []).filter((m) => active(m, today));
  if (meters.length > 0) {
    const prepay = meters.some((m) => m.is_prepay === true);
    if (prepay !== resolved.product.is_prepay) {
      push(
        errors,
        'tariff_type_does_not_match_meter_type',
        at,
        prepay
          ? `The meter point has a prepayment meter; tariff ${agreement.tariff_code} is not a prepay tariff.`
          : `Tariff ${agreement.tariff_code} is a prepay tariff; the meter point has no prepayment meter.`,
      );
    }
  }
  if (scope.point.supply_type === 'ELECTRICITY') {
    const type = meterPointTariffType(scope.point, today);
    if (type !== undefined && type !== resolved.tariff.tariff_type) {
      push(
        errors,
        'tariff_type_does_not_match_meter_point_type',
        at,
        `Tariff ${agreement.tariff_code} is a ${resolved.tariff.tariff_type} tariff; the meter point's settlement registers need ${type}.`,
      );
    }
  }
}

function pointChecks(
  errors: FieldError[],
  scope: PointScope,
  products: readonly CatalogueProduct[],
  today: string,
  lastBilled: string | undefined,
): void {
  const agreements = scope.point.agreements ?? [];
  const order = chronological(agreements);
  agreements.forEach((agreement, i) => {
    agreementChecks(
      errors,
      scope,
      agreement,
      `${scope.at}.agreements.${i}`,
      endOf(agreements, i, order),
      products,
    );
  });
  continuityChecks(errors, scope, agreements, order);
  const supplyEnd = scope.point.supply_end_date;
  if (supplyEnd) {
    agreements.forEach((agreement, i) => {
      if (agreement.effective_from >= supplyEnd) {
        push(
          errors,
          'meterpoint_with_agreement_not_on_supply',
          `${scope.at}.agreements.${i}.effective_from`,
          `The agreement starts on ${agreement.effective_from}, when the meter point's supply has ended (${supplyEnd}).`,
        );
      }
    });
  }
  meterChecks(errors, scope, agreements, order, products, today);
  if (lastBilled && agreements.length > 0 && scope.point.supply_start_date <= lastBilled) {
    const covered = order.some((i) => {
      const end = endOf(agreements, i, order);
      return agreements[i]!.effective_from <= lastBilled && (end === undefined || end > lastBilled);
    });
    if (!covered) {
      push(
        errors,
        'no_agreement_covering_last_billed_to_date',
        `${scope.at}.agreements`,
        `No agreement of the meter point covers its last billed-to date ${lastBilled}.`,
      );
    }
  }
  for (const list of ['ccl_exemptions', 'vat_exemptions'] as const) {
    (scope.point[list] ?? []).forEach((exemption, i) => {
      if (exemption.effective_to && exemption.effective_to <= exemption.effective_from) {
        push(
          errors,
          'start_date_same_as_end_date',
          `${scope.at}.${list}.${i}.effective_to`,
          `The exemption ends on ${exemption.effective_to}, not after it starts on ${exemption.effective_from}.`,
        );
      }
    });
  }
}

/** Contribution scheme agreements and their periods (ContributionSchemeAgreement). */
function contributionChecks(errors: FieldError[], account: Account, schemes: Set<string>): void {
  const agreements = account.contribution_agreements ?? [];
  agreements.forEach((agreement, i) => {
    const at = `contribution_agreements.${i}`;
    if (!schemes.has(agreement.scheme)) {
      push(
        errors,
        'invalid_contribution_scheme',
        `${at}.scheme`,
        `There is no contribution scheme ${agreement.scheme}.`,
      );
    }
    const start = agreement.active_period_start_date;
    const end = agreement.active_period_end_date ?? undefined;
    if (end !== undefined && end < start) {
      push(
        errors,
        'start_date_later_than_end_date',
        `${at}.active_period_end_date`,
        `The active period ends on ${end}, before it starts on ${start}.`,
      );
    }
    const periods = agreement.periods ?? [];
    periods.forEach((period, j) => {
      const pat = `${at}.periods.${j}`;
      if (period.end_date < period.start_date) {
        push(
          errors,
          'start_date_later_than_end_date',
          `${pat}.end_date`,
          `The period ends on ${period.end_date}, before it starts on ${period.start_date}.`,
        );
      }
      if (period.start_date < start) {
        push(
          errors,
          'invalid_contribution_period_start_date',
          `${pat}.start_date`,
          `The period starts on ${period.start_date}, before the active period starts on ${start}.`,
        );
      }
      if (end !== undefined && period.end_date > end) {
        push(
          errors,
          'invalid_contribution_period_end_date',
          `${pat}.end_date`,
          `The period ends on ${period.end_date}, after the active period ends on ${end}.`,
        );
      }
    });
    const byStart = [...periods].sort((a, b) => a.start_date.localeCompare(b.start_date));
    for (let k = 0; k + 1 < byStart.length; k++) {
      if (byStart[k]!.end_date > byStart[k + 1]!.start_date) {
        push(
          errors,
          'overlapping_contribution_periods',
          `${at}.periods`,
          `The period from ${byStart[k]!.start_date} runs past the start of the next one (${byStart[k + 1]!.start_date}).`,
        );
        break;
      }
    }
  });
  // Agreements of one scheme may not overlap (end dates exclusive, none = open-ended).
  const byScheme = new Map<string, { start: string; end?: string }[]>();
  for (const agreement of agreements) {
    const list = byScheme.get(agreement.scheme) ?? [];
    list.push({
      start: agreement.active_period_start_date,
      ...(agreement.active_period_end_date ? { end: agreement.active_period_end_date } : {}),
    });
    byScheme.set(agreement.scheme, list);
  }
  for (const [scheme, list] of byScheme) {
    list.sort((a, b) => a.start.localeCompare(b.start));
    for (let k = 0; k + 1 < list.length; k++) {
      const end = list[k]!.end;
      if (end === undefined || end > list[k + 1]!.start) {
        push(
          errors,
          'overlapping_contribution_agreements',
          'contribution_agreements',
          `Two agreements of the scheme ${scheme} overlap from ${list[k + 1]!.start}.`,
        );
        return;
      }
    }
  }
}

/** Commission contracts (EnergyCommissionContract). */
function commissionChecks(errors: FieldError[], account: Account, affiliates: Set<string>): void {
  (account.commission_contracts ?? []).forEach((contract, i) => {
    const at = `commission_contracts.${i}`;
    if (!affiliates.has(contract.affiliate_organisation_name)) {
      push(
        errors,
        'affiliate_organisation_does_not_exist',
        `${at}.affiliate_organisation_name`,
        `There is no affiliate organisation named ${contract.affiliate_organisation_name}.`,
      );
    }
    if (contract.effective_to < contract.effective_from) {
      push(
        errors,
        'start_date_later_than_end_date',
        `${at}.effective_to`,
        `The contract ends on ${contract.effective_to}, before it starts on ${contract.effective_from}.`,
      );
    }
    if (!isValidMpanCore(contract.mpxn) && !isValidMprn(contract.mpxn)) {
      push(
        errors,
        'invalid_supply_point_identifier',
        `${at}.mpxn`,
        `${contract.mpxn} is neither a valid MPAN core nor a valid MPRN.`,
      );
    }
    const hasValue = contract.value !== undefined && contract.value !== null;
    const hasUplift =
      (contract.unit_rate_uplift !== undefined && contract.unit_rate_uplift !== null) ||
      (contract.standing_charge_uplift !== undefined && contract.standing_charge_uplift !== null);
    // The deprecated commission_type names what the deprecated value is; the uplifts replace both.
    if (hasValue && hasUplift) {
      push(
        errors,
        'uplift_and_value_conflict',
        at,
        'Give either the uplifts (unit_rate_uplift, standing_charge_uplift) or the deprecated value, not both.',
      );
    } else if (contract.commission_type !== undefined && !hasValue) {
      push(
        errors,
        'commission_type_requires_value',
        `${at}.value`,
        `A commission of type ${contract.commission_type} needs its value.`,
      );
    }
  });
}

/** Partner organisations (PartnerOrganisation). */
function partnerChecks(errors: FieldError[], account: Account, known: Set<string>): void {
  (account.partner_organisations ?? []).forEach((partner, i) => {
    const at = `partner_organisations.${i}`;
    if (!known.has(partner.organisation_number)) {
      push(
        errors,
        'partner_organisation_does_not_exist',
        `${at}.organisation_number`,
        `There is no partner organisation ${partner.organisation_number}.`,
      );
    }
    if (partner.valid_to < partner.valid_from) {
      push(
        errors,
        'start_date_later_than_end_date',
        `${at}.valid_to`,
        `The partnership ends at ${partner.valid_to}, before it starts at ${partner.valid_from}.`,
      );
    }
  });
}

/** GEN-6: the platform's validators of the account's agreements and contracts. */
export function agreementRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const products = ctx.catalogue.products;
  const contracts = declaredContracts(account);
  (account.supply_addresses ?? []).forEach((address, a) => {
    (address.meter_points ?? []).forEach((raw, p) => {
      if (raw.supply_type !== 'ELECTRICITY' && raw.supply_type !== 'GAS') return;
      const point = raw as unknown as EnergyPoint;
      const lastBilled = point.last_billed_to_date ?? account.last_billed_to_date;
      const scope: PointScope = {
        at: `supply_addresses.${a}.meter_points.${p}`,
        point,
        billingFrom: lastBilled ? addDays(lastBilled, 1) : point.supply_start_date,
        contracts,
      };
      pointChecks(errors, scope, products, ctx.today, lastBilled);
    });
  });
  contributionChecks(errors, account, new Set(ctx.catalogue.contribution_schemes));
  commissionChecks(errors, account, new Set(ctx.catalogue.affiliate_organisations));
  partnerChecks(errors, account, new Set(ctx.catalogue.partner_organisations));
  return errors;
}
