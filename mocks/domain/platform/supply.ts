/**
 * The platform's validators of an account's supply (platform: supply addresses and the import
 * configuration's switches for them, meter points on and off supply, market participants, agents
 * and their contracts, capacity and configuration periods, CCL and VAT exemptions, and the
 * account types that may not have a supply address), where the interface reference is silent
 * (GEN-6, decisions 014 and 015). Each answers the platform's own code on the field it concerns.
 * Meters, registers and readings are the meters family's (meters.ts).
 */
import { normalisePostcode } from '../../../spec/formats/index.ts';
import type { components, FieldError, PlatformCatalogue } from '../../../spec/index.ts';
import type { Account, PlatformContext } from './context.ts';
import { givenNonBlank as given, report } from './rule-helpers.ts';

type Schemas = components['schemas'];
type AnyPoint = Schemas['MeterPoint'];
type Point = Schemas['ElectricityMeterPoint'] | Schemas['GasMeterPoint'];
type Address = Schemas['SupplyAddress'];
type AgentContract = Schemas['ElectricityAgentContractReference'];
type Market = 'ELECTRICITY' | 'GAS';
type Role = PlatformCatalogue['market_participants'][number]['roles'][number];

/** A date-bounded entry of a list the platform keeps in order (periods, tax exemptions). */
interface Dated {
  from?: string;
  to?: string | null;
}

/**
 * platform: "Validate that all billable meter points have active meters": the Elexon measurement
 * classes of unmetered supplies (B non-half-hourly, D half-hourly), which need no meter.
 */
const UNMETERED_MEASUREMENT_CLASSES = new Set(['B', 'D']);

/** The account types that hold no supply of their own (their validators' codes). */
const NO_SUPPLY_TYPES = {
  PORTFOLIO_LEAD: 'portfolio_lead_has_a_supply_address',
  SYSTEM: 'system_account_has_a_supply_address',
} as const;

const OCCUPIER_TYPES = new Set(['DOMESTIC_OCCUPIER', 'BUSINESS_OCCUPIER']);

/** The agent contracts of ElectricityAgents and the role each appoints. */
const AGENT_CONTRACTS = [
  ['dc_contract', 'DC'],
  ['da_contract', 'DA'],
  ['mop_contract', 'MOP'],
] as const;

/** The market-participant fields of a meter point: market and role they must name. */
const PARTICIPANT_FIELDS: Record<Market, [field: string, role: Role][]> = {
  ELECTRICITY: [
    ['mpid', 'SUPPLIER'],
    ['dc_to_appoint', 'DC'],
    ['mop_to_appoint', 'MOP'],
  ],
  GAS: [
    ['mpid', 'SUPPLIER'],
    ['shipper_mpid', 'SHIPPER'],
    ['mam_to_appoint', 'MAM'],
  ],
};

/** The deprecated "to appoint" fields an on-market switch may carry (registration flows). */
const TO_APPOINT = ['dc_to_appoint', 'mop_to_appoint', 'mam_to_appoint'] as const;

/** The date the point was billed up to: its own, else the account's. */
function lastBilled(point: AnyPoint, account: Account): string | undefined {
  const own = 'last_billed_to_date' in point ? point.last_billed_to_date : undefined;
  return own ?? account.last_billed_to_date;
}

/**
 * platform: a meter point is billable unless its supply ended on or before the date it was billed
 * up to (a supply that ended later still owes its final bill); certificate accounts have no end.
 */
function isBillable(point: AnyPoint, account: Account): boolean {
  const end = 'supply_end_date' in point ? point.supply_end_date : undefined;
  if (!end) return true;
  const billed = lastBilled(point, account);
  return billed === undefined || end > billed;
}

/** The catalogue's participants as `market/role/MPID` keys, built once per catalogue. */
const participantKeys = new WeakMap<object, Set<string>>();
function participants(catalogue: PlatformCatalogue): Set<string> {
  let keys = participantKeys.get(catalogue.market_participants);
  if (!keys) {
    keys = new Set();
    for (const p of catalogue.market_participants) {
      for (const role of p.roles) keys.add(`${p.market}/${role}/${p.mpid.toUpperCase()}`);
    }
    participantKeys.set(catalogue.market_participants, keys);
  }
  return keys;
}

function knownParticipant(ctx: PlatformContext, market: Market, role: Role, mpid: string): boolean {
  return participants(ctx.catalogue).has(`${market}/${role}/${mpid.trim().toUpperCase()}`);
}

/**
 * platform: "Validate that the agent contract references exists": the supplier's contracts with
 * the agent that match what the payload names and are active on the mock clock's date.
 */
function activeContracts(
  ctx: PlatformContext,
  role: 'DC' | 'DA' | 'MOP',
  contract: AgentContract,
): PlatformCatalogue['agent_contract_references'] {
  const mpid = given(contract.agent_mpid) ? contract.agent_mpid.toUpperCase() : undefined;
  return ctx.catalogue.agent_contract_references.filter(
    (c) =>
      c.role === role &&
      c.reference === contract.contract_reference &&
      (mpid === undefined || c.mpid.toUpperCase() === mpid) &&
      (!given(contract.service_reference) || c.service_reference === contract.service_reference) &&
      (!given(contract.service_level_reference) ||
        c.service_level_reference === contract.service_level_reference) &&
      (c.active_from === undefined || c.active_from <= ctx.today) &&
      (c.active_to === undefined || c.active_to >= ctx.today),
  );
}

/**
 * A text field of a meter point named by the market's field lists (the participant and "to
 * appoint" fields differ by market, so they are read by name).
 */
function pointField(point: Point, field: string): unknown {
  return (point as Readonly<Record<string, unknown>>)[field];
}

/**
 * platform: agents to appoint given one way only, each agent a known market participant with one
 * active contract matching it, and none at all unless the supplier sends registration flows.
 */
function agentRules(point: Point, at: string, ctx: PlatformContext, errors: FieldError[]): void {
  const agents = 'agents' in point ? point.agents : undefined;
  if (agents && typeof agents === 'object') {
    if (given(pointField(point, 'dc_to_appoint')) || given(pointField(point, 'mop_to_appoint'))) {
      report(errors, 'agents_and_mpids_to_appoint_provided', `${at}.agents`);
    }
    for (const [key, role] of AGENT_CONTRACTS) {
      const contract = agents[key];
      if (!contract || typeof contract !== 'object') continue;
      const where = `${at}.agents.${key}`;
      if (
        given(contract.agent_mpid) &&
        !knownParticipant(ctx, 'ELECTRICITY', role, contract.agent_mpid)
      ) {
        report(errors, 'market_participant_not_found', `${where}.agent_mpid`, {
          mpid: contract.agent_mpid,
          market: 'electricity',
          role,
        });
        continue;
      }
      if (!given(contract.contract_reference)) continue;
      const found = activeContracts(ctx, role, contract).length;
      const data = { role, contract_reference: contract.contract_reference, count: found };
      if (found === 0) {
        report(
          errors,
          'agent_contract_reference_does_not_exist',
          `${where}.contract_reference`,
          data,
        );
      } else if (found > 1) {
        report(
          errors,
          'multiple_active_agent_contract_references',
          `${where}.contract_reference`,
          data,
        );
      }
    }
  }
  if (!ctx.catalogue.send_registration_flows) {
    for (const field of TO_APPOINT) {
      if (!given(pointField(point, field))) continue;
      report(errors, 'agents_supplied_for_non_on_market_switch', `${at}.${field}`);
    }
  }
}

function participantRules(
  point: Point,
  market: Market,
  at: string,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  for (const [field, role] of PARTICIPANT_FIELDS[market]) {
    const mpid = pointField(point, field);
    if (!given(mpid) || knownParticipant(ctx, market, role, mpid)) continue;
    report(errors, 'market_participant_not_found', `${at}.${field}`, {
      mpid,
      market: market.toLowerCase(),
      role,
    });
  }
}

/** Sorted by start (then end, open last), with each entry's index in the payload. */
function sortedPeriods(list: Dated[]): { entry: Dated; i: number }[] {
  return list
    .map((entry, i) => ({ entry, i }))
    .filter(({ entry }) => typeof entry.from === 'string')
    .sort(
      (a, b) =>
        (a.entry.from as string).localeCompare(b.entry.from as string) ||
        (a.entry.to ?? '9999-12-31').localeCompare(b.entry.to ?? '9999-12-31'),
    );
}

/**
 * platform: "Validate that the given periods are consecutive and have no gaps": each period ends
 * on the date the next one starts (the end is exclusive), so one that ends where it starts has no
 * length.
 */
function periodRules(
  list: (Schemas['ElectricityCapacityValue'] | Schemas['ElectricityConfigurationPeriod'])[],
  at: string,
  errors: FieldError[],
): void {
  const periods = list.map((p) => ({
    from: p.effective_from_date as string | undefined,
    to: p.effective_to_date as string | undefined,
  }));
  periods.forEach((p, i) => {
    if (p.from !== undefined && p.to === p.from) {
      report(errors, 'zero_length_periods', `${at}.${i}`, { from: p.from });
    }
  });
  const sorted = sortedPeriods(periods);
  for (let k = 0; k + 1 < sorted.length; k++) {
    const { entry } = sorted[k]!;
    const next = sorted[k + 1]!.entry;
    if (entry.to !== next.from) {
      report(errors, 'gaps_or_overlaps_in_periods', at, {
        from: entry.from,
        to: entry.to ?? 'no date',
        next_from: next.from,
      });
      return;
    }
  }
}

/**
 * platform: "Validate that configuration periods start in the past": none starts after today and
 * the latest is open-ended.
 */
function configurationRules(
  list: Schemas['ElectricityConfigurationPeriod'][],
  at: string,
  today: string,
  errors: FieldError[],
): void {
  const sorted = sortedPeriods(
    list.map((p) => ({
      from: p.effective_from_date as string | undefined,
      to: p.effective_to_date as string | undefined,
    })),
  );
  for (const { entry, i } of sorted) {
    if ((entry.from as string) > today) {
      report(errors, 'configuration_period_starts_in_future', `${at}.${i}.effective_from_date`, {
        from: entry.from,
      });
    }
  }
  const latest = sorted.at(-1);
  if (latest?.entry.to) {
    report(
      errors,
      'latest_configuration_period_not_open_ended',
      `${at}.${latest.i}.effective_to_date`,
    );
  }
}

/**
 * platform: "Validate tax exemption end dates" and "Validate no overlapping tax exemptions": at
 * most one exemption without an end, and none starting before the previous one ends (one ending on
 * the day the next starts touches it; two open-ended ones are reported as such, not as overlap).
 */
function exemptionRules(
  list: Schemas['EnergyTaxExemption'][],
  at: string,
  errors: FieldError[],
): void {
  const exemptions = list.map((e) => ({
    from: e.effective_from as string | undefined,
    to: e.effective_to as string | null | undefined,
  }));
  if (exemptions.filter((e) => !e.to).length > 1) {
    report(errors, 'multiple_open_ended_tax_exemptions', at);
  }
  const sorted = sortedPeriods(exemptions);
  for (let k = 0; k + 1 < sorted.length; k++) {
    const { entry } = sorted[k]!;
    const next = sorted[k + 1]!.entry;
    const overlaps = entry.to ? entry.to > (next.from as string) : Boolean(next.to);
    if (overlaps) {
      report(errors, 'overlapping_effective_dates_for_tax_exemptions', at, {
        from: entry.from,
        next_from: next.from,
      });
      return;
    }
  }
}

function hasActiveMeter(point: Point, today: string): boolean {
  return (point.meters ?? []).some((m) => !m.removed_on || m.removed_on > today);
}

/** platform: an unmetered electricity supply (Elexon measurement class B or D) needs no meter. */
function isUnmetered(point: Point): boolean {
  return (
    point.supply_type === 'ELECTRICITY' &&
    UNMETERED_MEASUREMENT_CLASSES.has(point.measurement_class ?? '')
  );
}

/**
 * platform: an electricity meter point's capacity and configuration periods are consecutive, and
 * its configuration periods have started, the latest open-ended.
 */
function electricityPeriodRules(
  point: Schemas['ElectricityMeterPoint'],
  at: string,
  today: string,
  errors: FieldError[],
): void {
  for (const field of ['capacity_values', 'configuration_periods'] as const) {
    const list = point[field];
    if (list) periodRules(list, `${at}.${field}`, errors);
  }
  const configuration = point.configuration_periods;
  if (configuration) {
    configurationRules(configuration, `${at}.configuration_periods`, today, errors);
  }
}

/** platform: the validators of one energy meter point, in the platform's order. */
function meterPointRules(
  account: Account,
  point: AnyPoint,
  at: string,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  if (point.supply_type !== 'ELECTRICITY' && point.supply_type !== 'GAS') return;
  const end = point.supply_end_date;
  if (end && end > ctx.today) {
    // The platform runs both validators on a future end: the account level's and the supply
    // address's (a loss to another supplier is under way).
    report(errors, 'future_supply_end_date', `${at}.supply_end_date`, { supply_end_date: end });
    report(errors, 'loss_in_progress', `${at}.supply_end_date`, { supply_end_date: end });
  }
  participantRules(point, point.supply_type, at, ctx, errors);
  agentRules(point, at, ctx, errors);
  if (isBillable(point, account) && !hasActiveMeter(point, ctx.today) && !isUnmetered(point)) {
    report(errors, 'meter_point_with_no_meters', `${at}.meters`);
  }
  if (point.supply_type === 'ELECTRICITY') electricityPeriodRules(point, at, ctx.today, errors);
  for (const field of ['ccl_exemptions', 'vat_exemptions'] as const) {
    const list = point[field];
    if (list) exemptionRules(list, `${at}.${field}`, errors);
  }
}

/** The identity of a supply address the platform compares: lines 1 and 2 and the postcode. */
function addressKey(address: Address): string {
  const line = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : '');
  const postcode = typeof address.supply_postcode === 'string' ? address.supply_postcode : '';
  return [
    line(address.supply_address1),
    line(address.supply_address2),
    normalisePostcode(postcode) ?? postcode.trim().toUpperCase(),
  ].join('\n');
}

/** The account-level rules on whether the account may have its supply addresses at all. */
function accountTypeRules(account: Account, ctx: PlatformContext, errors: FieldError[]): void {
  const addresses = account.supply_addresses ?? [];
  if (addresses.length === 0) return;
  const flags = account as { account_type?: string; is_portfolio_lead?: boolean | null };
  if (ctx.catalogue.skip_property_creation) {
    report(
      errors,
      'supply_addresses_provided_while_skip_property_creation_enabled',
      'supply_addresses',
    );
  }
  const type = flags.account_type ?? '';
  const noSupply =
    type in NO_SUPPLY_TYPES
      ? NO_SUPPLY_TYPES[type as keyof typeof NO_SUPPLY_TYPES]
      : flags.is_portfolio_lead === true
        ? NO_SUPPLY_TYPES.PORTFOLIO_LEAD
        : undefined;
  if (noSupply) report(errors, noSupply, 'supply_addresses');
  if ((account.unknown_occupier === true || OCCUPIER_TYPES.has(type)) && addresses.length > 1) {
    report(errors, 'occupier_account_with_multiple_supply_addresses', 'supply_addresses', {
      count: addresses.length,
    });
  }
}

/** What the supply rules have seen of the addresses and meter points before the one in hand. */
interface SupplySeen {
  addresses: Set<string>;
  properties: Set<string>;
  /** The first supply address of each meter point identifier. */
  pointAddress: Map<string, number>;
  points: number;
  billable: number;
}

/**
 * platform: no two supply addresses alike (lines 1 and 2 and postcode) or with one property
 * external identifier, and meter points given exactly when the import creates supply points.
 */
function addressRules(
  address: Address,
  here: string,
  seen: SupplySeen,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  const key = addressKey(address);
  if (seen.addresses.has(key)) report(errors, 'duplicate_supply_addresses_found', here);
  seen.addresses.add(key);
  const property = address.property_external_identifier;
  if (given(property)) {
    if (seen.properties.has(property)) {
      report(
        errors,
        'duplicate_property_external_identifiers',
        `${here}.property_external_identifier`,
        {
          property_external_identifier: property,
        },
      );
    }
    seen.properties.add(property);
  }
  const count = (address.meter_points ?? []).length;
  if (ctx.catalogue.skip_supply_point_creation && count > 0) {
    report(
      errors,
      'supply_points_provided_while_skip_supply_point_creation_enabled',
      `${here}.meter_points`,
    );
  } else if (!ctx.catalogue.skip_supply_point_creation && count === 0) {
    report(
      errors,
      'supply_points_not_provided_while_skip_supply_point_creation_disabled',
      `${here}.meter_points`,
    );
  }
}

/**
 * platform: a meter point is given at one supply address only; returns whether it is not billed
 * up to the day the customer left the address (unbilled_former_supply_address).
 */
function addressPointRules(
  account: Account,
  point: AnyPoint,
  a: number,
  at: string,
  leftOn: unknown,
  seen: SupplySeen,
  ctx: PlatformContext,
  errors: FieldError[],
): boolean {
  seen.points += 1;
  if (isBillable(point, account)) seen.billable += 1;
  if (typeof point.identifier === 'string') {
    const first = seen.pointAddress.get(point.identifier);
    if (first !== undefined && first !== a) {
      report(
        errors,
        'duplicate_meter_points_on_different_supply_addresses_provided',
        `${at}.identifier`,
        {
          identifier: point.identifier,
          first,
        },
      );
    } else if (first === undefined) seen.pointAddress.set(point.identifier, a);
  }
  let unbilled = false;
  if (
    typeof leftOn === 'string' &&
    leftOn <= ctx.today &&
    (point.supply_type === 'ELECTRICITY' || point.supply_type === 'GAS')
  ) {
    const billed = lastBilled(point, account);
    if (billed === undefined || billed < leftOn) unbilled = true;
  }
  meterPointRules(account, point, at, ctx, errors);
  return unbilled;
}

/** GEN-6: the platform's validators of the account's supply. */
export function supplyRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  accountTypeRules(account, ctx, errors);
  const addresses = account.supply_addresses ?? [];
  const seen: SupplySeen = {
    addresses: new Set(),
    properties: new Set(),
    pointAddress: new Map(),
    points: 0,
    billable: 0,
  };
  addresses.forEach((address, a) => {
    const here = `supply_addresses.${a}`;
    addressRules(address, here, seen, ctx, errors);
    const leftOn = address.customer_at_supply_address_to_date;
    let unbilled = false;
    (address.meter_points ?? []).forEach((point, p) => {
      const at = `${here}.meter_points.${p}`;
      if (addressPointRules(account, point, a, at, leftOn, seen, ctx, errors)) unbilled = true;
    });
    if (unbilled) {
      report(
        errors,
        'unbilled_former_supply_address',
        `${here}.customer_at_supply_address_to_date`,
        {
          left_on: leftOn,
        },
      );
    }
  });
  if (seen.points > 0 && seen.billable === 0) {
    report(errors, 'no_supply_point_on_supply', 'supply_addresses');
  }
  return errors;
}
