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
import type { components, FieldError } from '../../../spec/index.ts';
import type { Account, PlatformContext } from './context.ts';
import { report, reportWording } from './rule-helpers.ts';

type Schemas = components['schemas'];
type Agreement = Schemas['EnergyAgreement'];
type Meter = Schemas['ElectricityMeter'] | Schemas['GasMeter'];
type EnergyPoint = Schemas['ElectricityMeterPoint'] | Schemas['GasMeterPoint'];

/** platform: AgreementIntermediaryDetails.portfolio_number is `P-` and 8 capitals or digits. */
export const PORTFOLIO_NUMBER_PATTERN = /^P-[A-Z0-9]{8}$/;

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
  const out = new Set<string>();
  const business = 'business' in account ? account.business : undefined;
  if (!business) return out;
  // Either name may come alone: the list, or the deprecated single identifier.
  const list =
    'business_contract_identifiers' in business ? business.business_contract_identifiers : [];
  if (Array.isArray(list)) for (const id of list) if (typeof id === 'string') out.add(id);
  const single =
    'business_contract_identifier' in business ? business.business_contract_identifier : undefined;
  if (typeof single === 'string') out.add(single);
  return out;
}

/** Whether a meter is still on the meter point today. */
function active(meter: Meter, today: string): boolean {
  return !meter.removed_on || meter.removed_on > today;
}

/** The tariff type an electricity meter point's active meters need, by settlement registers. */
function meterPointTariffType(
  point: Schemas['ElectricityMeterPoint'],
  today: string,
): string | undefined {
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

/**
 * platform: an end-dated product's agreement has an end, its rate overrides name rate bands of
 * the tariff and its characteristics codes and values of the tariff.
 */
function tariffRules(
  errors: FieldError[],
  scope: PointScope,
  agreement: Agreement,
  at: string,
  end: string | undefined,
  resolved: ResolvedTariff,
): void {
  const { product, tariff } = resolved;
  const tariffCode = agreement.tariff_code;
  const availableTo = productAvailableTo(product);
  if (availableTo !== undefined && !agreement.effective_to) {
    report(errors, 'open_ended_agreement_for_end_dated_product', at, {
      product: product.code,
      available_to: availableTo,
    });
  }
  (agreement.rate_overrides ?? []).forEach((override, j) => {
    if (!tariff.rate_bands.includes(override.rate_band)) {
      report(errors, 'rate_band_does_not_exist', `${at}.rate_overrides.${j}.rate_band`, {
        tariff_code: tariffCode,
        rate_band: override.rate_band,
        rate_bands: tariff.rate_bands.join(', '),
      });
    }
  });
  const allowed = new Map((tariff.characteristics ?? []).map((c) => [c.code, c.values]));
  (agreement.characteristics ?? []).forEach((characteristic, j) => {
    const values = allowed.get(characteristic.code);
    const data = {
      tariff_code: tariffCode,
      code: characteristic.code,
      value: characteristic.value,
    };
    if (!values) {
      report(errors, 'characteristic_code_not_found', `${at}.characteristics.${j}.code`, data);
    } else if (!values.includes(characteristic.value)) {
      report(errors, 'invalid_characteristic_value', `${at}.characteristics.${j}.value`, data);
    }
  });
  availabilityRules(errors, scope, agreement, at, end, product);
}

/**
 * platform: agreements effective before their variable or tracker product went on sale: on a
 * declared business contract at all, otherwise when the platform bills part of them before the
 * launch.
 */
function availabilityRules(
  errors: FieldError[],
  scope: PointScope,
  agreement: Agreement,
  at: string,
  end: string | undefined,
  product: CatalogueProduct,
): void {
  const from = productAvailableFrom(product);
  if (product.kind === 'FIXED' || agreement.effective_from >= from) return;
  const data = {
    effective_from: agreement.effective_from,
    product: product.code,
    available_from: from,
  };
  const contract = agreement.business_contract_identifier;
  if (typeof contract === 'string' && scope.contracts.has(contract)) {
    report(errors, 'agreement_cannot_start_before_product_available', `${at}.effective_from`, {
      ...data,
      contract,
    });
    return;
  }
  const billedFrom =
    // biome-ignore lint/complexity/useMathMinMax: ISO dates compare as text; Math.max gives NaN.
    agreement.effective_from > scope.billingFrom ? agreement.effective_from : scope.billingFrom;
  if (billedFrom < from && (end === undefined || billedFrom < end)) {
    report(
      errors,
      'agreement_effective_from_before_product_available_from',
      `${at}.effective_from`,
      { ...data, billed_from: billedFrom },
    );
  }
}

/**
 * platform: a bespoke register rate names a register or a rate type, and a meter and payment
 * method have one bespoke rate.
 */
function bespokeRateRules(errors: FieldError[], agreement: Agreement, at: string): void {
  (agreement.bespoke_tariff_rates ?? []).forEach((rate, j) => {
    (rate.registers ?? []).forEach((register, k) => {
      if (!register.register_id && !register.rate_type) {
        report(
          errors,
          'no_register_id_or_rate_type_provided_for_bespoke_elec_rate',
          `${at}.bespoke_tariff_rates.${j}.registers.${k}`,
        );
      }
    });
  });
  const rateKeys = new Set<string>();
  for (const rate of agreement.bespoke_tariff_rates ?? []) {
    const key = `${rate.meter_serial_number ?? ''}|${rate.payment_method ?? ''}`;
    if (rateKeys.has(key)) {
      report(errors, 'duplicate_bespoke_rates', `${at}.bespoke_tariff_rates`, {
        meter_serial_number: rate.meter_serial_number ?? '(any)',
        payment_method: rate.payment_method || '(any)',
      });
      break;
    }
    rateKeys.add(key);
  }
}

/** platform: an agreement gives each characteristic once. */
function characteristicRules(errors: FieldError[], agreement: Agreement, at: string): void {
  const codes = new Set<string>();
  for (const characteristic of agreement.characteristics ?? []) {
    if (codes.has(characteristic.code)) {
      reportWording(
        errors,
        'children_with_duplicate_values',
        'characteristic',
        `${at}.characteristics`,
        { code: characteristic.code },
      );
      break;
    }
    codes.add(characteristic.code);
  }
}

/** One agreement's own validators (ElectricityAgreement, GasAgreement), in the platform's order. */
function energyAgreementRules(
  errors: FieldError[],
  scope: PointScope,
  agreement: Agreement,
  at: string,
  end: string | undefined,
  products: readonly CatalogueProduct[],
): void {
  if (agreement.effective_to && agreement.effective_to < agreement.effective_from) {
    reportWording(errors, 'start_date_later_than_end_date', 'agreement', `${at}.effective_to`, {
      effective_to: agreement.effective_to,
      effective_from: agreement.effective_from,
    });
  }
  bespokeRateRules(errors, agreement, at);
  characteristicRules(errors, agreement, at);
  const contract = agreement.business_contract_identifier;
  if (typeof contract === 'string' && !scope.contracts.has(contract)) {
    report(
      errors,
      'agreement_business_contract_identifier_not_declared',
      `${at}.business_contract_identifier`,
      { contract },
    );
  }
  const portfolio = agreement.intermediary?.portfolio_number;
  if (typeof portfolio === 'string' && !PORTFOLIO_NUMBER_PATTERN.test(portfolio)) {
    report(errors, 'invalid_portfolio_number', `${at}.intermediary.portfolio_number`, {
      portfolio_number: portfolio,
    });
  }
  const resolved = findTariff(products, agreement.tariff_code);
  if (!resolved || resolved.tariff.fuel !== scope.point.supply_type) {
    report(errors, 'tariff_code_not_found', `${at}.tariff_code`, {
      fuel: scope.point.supply_type.toLowerCase(),
      tariff_code: agreement.tariff_code,
    });
    return;
  }
  tariffRules(errors, scope, agreement, at, end, resolved);
}

/**
 * platform: consecutive agreements (gaps_or_overlaps_in_agreement_dates) meet where an
 * effective_to is given.
 */
function continuityRules(
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
      report(
        errors,
        'gaps_or_overlaps_in_agreement_dates',
        `${scope.at}.agreements.${order[k + 1]}.effective_from`,
        { effective_to: before.effective_to, effective_from: after.effective_from },
      );
    }
  }
}

/** platform: the meter point's current tariff against its meters (EnergyAccount validators). */
function meterTariffRules(
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
  const tariffCode = agreement.tariff_code;
  const meters = ((scope.point.meters ?? []) as Meter[]).filter((m) => active(m, today));
  if (meters.length > 0) {
    const prepay = meters.some((m) => m.is_prepay === true);
    if (prepay !== resolved.product.is_prepay) {
      const meterFact = 'The meter point has a prepayment meter';
      const tariffFact = `Tariff ${tariffCode} is a prepay tariff`;
      report(
        errors,
        'tariff_type_does_not_match_meter_type',
        at,
        prepay
          ? { lead: meterFact, follow: `tariff ${tariffCode} is not a prepay tariff` }
          : { lead: tariffFact, follow: 'the meter point has no prepayment meter' },
      );
    }
  }
  if (scope.point.supply_type === 'ELECTRICITY') {
    const type = meterPointTariffType(scope.point, today);
    if (type !== undefined && type !== resolved.tariff.tariff_type) {
      report(errors, 'tariff_type_does_not_match_meter_point_type', at, {
        tariff_code: tariffCode,
        tariff_type: resolved.tariff.tariff_type,
        needed: type,
      });
    }
  }
}

/** platform: no agreement starts once the meter point's supply has ended. */
function supplyEndRules(errors: FieldError[], scope: PointScope): void {
  const supplyEnd = scope.point.supply_end_date;
  if (!supplyEnd) return;
  (scope.point.agreements ?? []).forEach((agreement, i) => {
    if (agreement.effective_from >= supplyEnd) {
      report(
        errors,
        'meterpoint_with_agreement_not_on_supply',
        `${scope.at}.agreements.${i}.effective_from`,
        { effective_from: agreement.effective_from, supply_end_date: supplyEnd },
      );
    }
  });
}

/** platform: an agreement of a meter point billed to a date covers that date. */
function lastBilledCoverRules(
  errors: FieldError[],
  scope: PointScope,
  order: readonly number[],
  lastBilled: string | undefined,
): void {
  const agreements = scope.point.agreements ?? [];
  if (!lastBilled || agreements.length === 0 || scope.point.supply_start_date > lastBilled) return;
  const covered = order.some((i) => {
    const end = endOf(agreements, i, order);
    return agreements[i]!.effective_from <= lastBilled && (end === undefined || end > lastBilled);
  });
  if (!covered) {
    report(errors, 'no_agreement_covering_last_billed_to_date', `${scope.at}.agreements`, {
      last_billed_to_date: lastBilled,
    });
  }
}

/** platform: a tax exemption ends after it starts (EnergyTaxExemption). */
function exemptionRules(errors: FieldError[], scope: PointScope): void {
  for (const list of ['ccl_exemptions', 'vat_exemptions'] as const) {
    (scope.point[list] ?? []).forEach((exemption, i) => {
      if (exemption.effective_to && exemption.effective_to <= exemption.effective_from) {
        reportWording(
          errors,
          'start_date_same_as_end_date',
          'tax_exemption',
          `${scope.at}.${list}.${i}.effective_to`,
          { effective_to: exemption.effective_to, effective_from: exemption.effective_from },
        );
      }
    });
  }
}

/** platform: the validators of one energy meter point's agreements, in the platform's order. */
function meterPointRules(
  errors: FieldError[],
  scope: PointScope,
  products: readonly CatalogueProduct[],
  today: string,
  lastBilled: string | undefined,
): void {
  const agreements = scope.point.agreements ?? [];
  const order = chronological(agreements);
  agreements.forEach((agreement, i) => {
    const at = `${scope.at}.agreements.${i}`;
    energyAgreementRules(errors, scope, agreement, at, endOf(agreements, i, order), products);
  });
  continuityRules(errors, scope, agreements, order);
  supplyEndRules(errors, scope);
  meterTariffRules(errors, scope, agreements, order, products, today);
  lastBilledCoverRules(errors, scope, order, lastBilled);
  exemptionRules(errors, scope);
}

type ContributionAgreement = Schemas['ContributionSchemeAgreement'];

/**
 * platform: a contribution period ends after it starts, within its agreement's active period,
 * and does not run into the next one.
 */
function contributionPeriodRules(
  errors: FieldError[],
  agreement: ContributionAgreement,
  at: string,
): void {
  const start = agreement.active_period_start_date;
  const end = agreement.active_period_end_date ?? undefined;
  const periods = agreement.periods ?? [];
  periods.forEach((period, j) => {
    const pat = `${at}.periods.${j}`;
    if (period.end_date < period.start_date) {
      reportWording(errors, 'start_date_later_than_end_date', 'scheme_period', `${pat}.end_date`, {
        end_date: period.end_date,
        start_date: period.start_date,
      });
    }
    if (period.start_date < start) {
      report(errors, 'invalid_contribution_period_start_date', `${pat}.start_date`, {
        start_date: period.start_date,
        active_period_start_date: start,
      });
    }
    if (end !== undefined && period.end_date > end) {
      report(errors, 'invalid_contribution_period_end_date', `${pat}.end_date`, {
        end_date: period.end_date,
        active_period_end_date: end,
      });
    }
  });
  const byStart = [...periods].sort((a, b) => a.start_date.localeCompare(b.start_date));
  for (let k = 0; k + 1 < byStart.length; k++) {
    if (byStart[k]!.end_date > byStart[k + 1]!.start_date) {
      report(errors, 'overlapping_contribution_periods', `${at}.periods`, {
        start_date: byStart[k]!.start_date,
        next_start_date: byStart[k + 1]!.start_date,
      });
      break;
    }
  }
}

/** platform: agreements of one scheme do not overlap (end dates exclusive, none open-ended). */
function schemeOverlapRules(errors: FieldError[], agreements: ContributionAgreement[]): void {
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
        report(errors, 'overlapping_contribution_agreements', 'contribution_agreements', {
          scheme,
          start: list[k + 1]!.start,
        });
        return;
      }
    }
  }
}

/** Contribution scheme agreements and their periods (ContributionSchemeAgreement). */
function contributionRules(errors: FieldError[], account: Account, schemes: Set<string>): void {
  const agreements = account.contribution_agreements ?? [];
  agreements.forEach((agreement, i) => {
    const at = `contribution_agreements.${i}`;
    if (!schemes.has(agreement.scheme)) {
      report(errors, 'invalid_contribution_scheme', `${at}.scheme`, { scheme: agreement.scheme });
    }
    const start = agreement.active_period_start_date;
    const end = agreement.active_period_end_date ?? undefined;
    if (end !== undefined && end < start) {
      reportWording(
        errors,
        'start_date_later_than_end_date',
        'active_period',
        `${at}.active_period_end_date`,
        { active_period_end_date: end, active_period_start_date: start },
      );
    }
    contributionPeriodRules(errors, agreement, at);
  });
  schemeOverlapRules(errors, agreements);
}

/** Commission contracts (EnergyCommissionContract). */
function commissionRules(errors: FieldError[], account: Account, affiliates: Set<string>): void {
  (account.commission_contracts ?? []).forEach((contract, i) => {
    const at = `commission_contracts.${i}`;
    if (!affiliates.has(contract.affiliate_organisation_name)) {
      report(errors, 'affiliate_organisation_does_not_exist', `${at}.affiliate_organisation_name`, {
        affiliate_organisation_name: contract.affiliate_organisation_name,
      });
    }
    if (contract.effective_to < contract.effective_from) {
      reportWording(
        errors,
        'start_date_later_than_end_date',
        'commission_contract',
        `${at}.effective_to`,
        { effective_to: contract.effective_to, effective_from: contract.effective_from },
      );
    }
    if (!isValidMpanCore(contract.mpxn) && !isValidMprn(contract.mpxn)) {
      reportWording(
        errors,
        'invalid_supply_point_identifier',
        'commission_contract',
        `${at}.mpxn`,
        { mpxn: contract.mpxn },
      );
    }
    const hasValue = contract.value !== undefined && contract.value !== null;
    const hasUplift =
      (contract.unit_rate_uplift !== undefined && contract.unit_rate_uplift !== null) ||
      (contract.standing_charge_uplift !== undefined && contract.standing_charge_uplift !== null);
    // The deprecated commission_type names what the deprecated value is; the uplifts replace both.
    if (hasValue && hasUplift) {
      report(errors, 'uplift_and_value_conflict', at);
    } else if (contract.commission_type !== undefined && !hasValue) {
      report(errors, 'commission_type_requires_value', `${at}.value`, {
        commission_type: contract.commission_type,
      });
    }
  });
}

/** Partner organisations (PartnerOrganisation). */
function partnerRules(errors: FieldError[], account: Account, known: Set<string>): void {
  (account.partner_organisations ?? []).forEach((partner, i) => {
    const at = `partner_organisations.${i}`;
    if (!known.has(partner.organisation_number)) {
      report(errors, 'partner_organisation_does_not_exist', `${at}.organisation_number`, {
        organisation_number: partner.organisation_number,
      });
    }
    if (partner.valid_to < partner.valid_from) {
      reportWording(errors, 'start_date_later_than_end_date', 'partnership', `${at}.valid_to`, {
        valid_to: partner.valid_to,
        valid_from: partner.valid_from,
      });
    }
  });
}

/** GEN-6: the platform's validators of the account's agreements and contracts. */
export function agreementRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const products = ctx.catalogue.products;
  const contracts = declaredContracts(account);
  (account.supply_addresses ?? []).forEach((address, a) => {
    (address.meter_points ?? []).forEach((point, p) => {
      if (point.supply_type !== 'ELECTRICITY' && point.supply_type !== 'GAS') return;
      const lastBilled = point.last_billed_to_date ?? account.last_billed_to_date;
      const scope: PointScope = {
        at: `supply_addresses.${a}.meter_points.${p}`,
        point,
        billingFrom: lastBilled ? addDays(lastBilled, 1) : point.supply_start_date,
        contracts,
      };
      meterPointRules(errors, scope, products, ctx.today, lastBilled);
    });
  });
  contributionRules(errors, account, new Set(ctx.catalogue.contribution_schemes));
  commissionRules(errors, account, new Set(ctx.catalogue.affiliate_organisations));
  partnerRules(errors, account, new Set(ctx.catalogue.partner_organisations));
  return errors;
}
