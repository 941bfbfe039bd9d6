/**
 * The platform's account-level validators outside people, supply, agreements and money
 * (platform: account type, metadata, campaigns, references, portfolios, business details and
 * contracts, billing options, tax exemptions, Warm Home Discount, smart refusal, dunning,
 * operations teams), where the interface reference is silent (GEN-6, decisions 014 and 015).
 * Each answers the platform's own code on the field it concerns, its detail the spec's template
 * beside the code; the rules that need the deployment's own data read the platform catalogue
 * (`ctx.catalogue`).
 */
import type { components, FieldError } from '../../../spec/index.ts';
import { type MockState, referenceIdentifier } from '../state.ts';
import type { Account, PlatformContext } from './context.ts';
import { givenText, hasType, isObject, list, report, reportWording } from './rule-helpers.ts';

type Schemas = components['schemas'];
type Campaign = Schemas['AccountCampaign'];
type Portfolio = Schemas['AccountPortfolio'] | Schemas['BusinessPortfolio'];
/** The business either form gives: the contract identifiers are the enforcing form's. */
type Business = Partial<Schemas['BusinessWithExistingContracts']>;
/** What these rules read of a meter point: the certificate points carry none of it. */
type PointParts = Partial<
  Pick<
    Schemas['ElectricityMeterPoint'],
    'ccl_exemptions' | 'vat_exemptions' | 'smart_refusal_interest'
  >
>;

/** The account types of the business form (Account's if/then/else, decision 014). */
const BUSINESS_TYPES = new Set([
  'BUSINESS',
  'BUSINESS_VACANT',
  'BUSINESS_OCCUPIER',
  'BUSINESS_THIRD_PARTY_BILLED',
  'MANAGED',
  'PORTFOLIO_LEAD',
  'SYSTEM',
]);

/** Whether the account takes the business form (account_type BUSINESS_*, MANAGED, ...). */
export function isBusinessForm(account: Account): boolean {
  const type: unknown = account.account_type;
  return typeof type === 'string' && BUSINESS_TYPES.has(type);
}

/**
 * platform: "Validate company number". A Companies House number: eight digits (shorter ones are
 * padded with leading zeros), two letters and six digits (SC, NI, OC ...), or one letter and
 * seven digits (R0000123); spaces are ignored and letters may be lower case.
 */
export function isCompanyNumber(value: string): boolean {
  return COMPANY_NUMBER.test(value.replace(/\s+/g, '').toUpperCase());
}
const COMPANY_NUMBER = /^(?:[0-9]{1,8}|[A-Z]{2}[0-9]{6}|[A-Z][0-9]{7})$/;

/** GEN-6: the platform's account-level validators, in the platform's order. */
export function accountRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const business = isBusinessForm(account);
  accountTypeRules(account, ctx, errors);
  metadataRules(account, errors);
  campaignRules(account, ctx, errors);
  referenceRules(account, ctx, errors);
  portfolioRules(account, ctx, errors);
  businessRules(account, business, ctx, errors);
  billingOptionRules(account, errors);
  taxExemptionRules(account, business, errors);
  smartRefusalRules(account, errors);
  dunningRules(account, ctx, errors);
  operationsTeamRules(account, ctx, errors);
  return errors;
}

/** platform: "Validate account type is valid" and "Validate managed account type is allowed". */
function accountTypeRules(account: Account, ctx: PlatformContext, errors: FieldError[]): void {
  // The deprecated flags select a type of their own; together with another they conflict.
  const selected = new Set<string>();
  if (givenText(account.account_type)) selected.add(account.account_type);
  if (account.is_managed === true) selected.add('MANAGED');
  if (account.is_portfolio_lead === true) selected.add('PORTFOLIO_LEAD');
  if (selected.size > 1) {
    const attr =
      account.is_portfolio_lead === true && account.account_type !== 'PORTFOLIO_LEAD'
        ? 'is_portfolio_lead'
        : 'is_managed';
    report(errors, 'multiple_account_types_selected', attr, { types: [...selected].join(', ') });
  }
  if (!ctx.catalogue.managed_accounts_allowed && selected.has('MANAGED')) {
    const attr = account.account_type === 'MANAGED' ? 'account_type' : 'is_managed';
    report(errors, 'managed_accounts_are_not_allowed', attr);
  }
}

/** platform: "Validate metadata": no key twice. */
function metadataRules(account: Account, errors: FieldError[]): void {
  const keys = new Set<unknown>();
  list<Schemas['MetadataEntry']>(account.metadata).forEach((entry, i) => {
    const key: unknown = entry.key;
    if (key === undefined) return;
    if (keys.has(key)) {
      report(errors, 'metadata_has_duplicate_keys', `metadata.${i}.key`, { key: String(key) });
    }
    keys.add(key);
  });
}

/** The campaigns the catalogue runs, by the field that names them. */
type KnownCampaigns = Record<'slug' | 'campaign_name', Set<string>>;

/**
 * platform: the account campaign validators: a slug or a name but not both, a campaign the
 * deployment runs, an expiry after the start, one way of naming campaigns across the list, and
 * no campaign twice.
 */
function campaignRules(account: Account, ctx: PlatformContext, errors: FieldError[]): void {
  const campaigns = list<Campaign>(account.account_campaigns);
  if (campaigns.length === 0) return;
  const known: KnownCampaigns = {
    slug: new Set(ctx.catalogue.campaigns.map((c) => c.slug)),
    campaign_name: new Set(ctx.catalogue.campaigns.map((c) => c.name)),
  };
  let kind: keyof KnownCampaigns | undefined;
  let inconsistent = false;
  let duplicate = false;
  const seen = new Set<string>();
  campaigns.forEach((campaign, i) => {
    const at = `account_campaigns.${i}`;
    const named = campaignNameRules(campaign, at, known, errors);
    if (named) {
      kind ??= named.field;
      if (kind !== named.field) inconsistent = true;
      if (seen.has(named.value)) duplicate = true;
      seen.add(named.value);
    }
    const { start_date: start, expiry_date: expiry } = campaign;
    if (givenText(start) && givenText(expiry) && expiry <= start) {
      reportWording(errors, 'start_date_same_as_end_date', 'campaign', `${at}.expiry_date`, {
        expiry_date: expiry,
        start_date: start,
      });
    }
  });
  if (inconsistent) report(errors, 'inconsistent_campaign_identifiers', 'account_campaigns');
  if (duplicate) report(errors, 'duplicate_account_campaigns', 'account_campaigns');
}

/** One campaign's name: by slug or by name, a campaign the deployment runs. Answers the name. */
function campaignNameRules(
  campaign: Campaign,
  at: string,
  known: KnownCampaigns,
  errors: FieldError[],
): { field: keyof KnownCampaigns; value: string } | undefined {
  const slug = givenText(campaign.slug);
  const name = givenText(campaign.campaign_name);
  if (slug && name) {
    report(errors, 'campaign_name_and_slug_provided', at);
    return undefined;
  }
  if (!slug && !name) {
    report(errors, 'campaign_name_or_slug_not_provided', at);
    return undefined;
  }
  const field = slug ? 'slug' : 'campaign_name';
  const value = campaign[field] as string;
  if (!known[field].has(value)) {
    report(errors, 'campaign_not_found', `${at}.${field}`, { campaign: value });
  }
  return { field, value };
}

/**
 * Keeps the index of held identifiers current when process creates an account (platform:
 * "Validate account reference does not already exist", "Validate CAIS reference is not in use
 * on another account"): only accounts on the platform hold references and CAIS references;
 * staged data does not. The account map indexes what a record holds when it is `set`
 * (the account map's `holderOf`), so the record, already marked imported, is set again here; a
 * store writes the index in the same transaction as the record (decision 012).
 */
export function recordImportedReferences(state: MockState, key: string, _data?: unknown): void {
  const record = state.accounts.get(key);
  if (record) state.accounts.set(key, record);
}

/** platform: "Validate account reference namespace" and "... does not already exist". */
function referenceRules(account: Account, ctx: PlatformContext, errors: FieldError[]): void {
  const references = list<Schemas['AccountReference']>(account.references);
  if (references.length === 0) return;
  const namespaces = new Set(ctx.catalogue.account_reference_namespaces);
  references.forEach((ref, i) => {
    if (typeof ref.namespace === 'string' && !namespaces.has(ref.namespace)) {
      report(errors, 'invalid_reference_namespace', `references.${i}.namespace`, {
        namespace: ref.namespace,
      });
      return;
    }
    // The account itself does not clash with its own references.
    const except = ctx.accountKey === undefined ? [] : [ctx.accountKey];
    const held = referenceIdentifier(ref.namespace, ref.value);
    if (ctx.state.accounts.holderOf('reference', held, except) !== undefined) {
      report(errors, 'reference_already_exists', `references.${i}`, {
        namespace: String(ref.namespace),
        value: String(ref.value),
      });
    }
  });
}

/** The portfolio reference rules of one portfolio (AccountPortfolio, BusinessPortfolio). */
function portfolioReferenceRules(
  portfolio: Portfolio,
  at: string,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  const references = list<Schemas['PortfolioReference']>(portfolio.portfolio_references);
  const settings =
    portfolio.portfolio_settings !== undefined && portfolio.portfolio_settings !== null;
  if (ctx.catalogue.create_new_portfolios && references.length > 0) {
    report(errors, 'portfolio_references_provided', `${at}.portfolio_references`);
  } else if (!ctx.catalogue.create_new_portfolios && settings && references.length === 0) {
    report(errors, 'portfolio_references_missing', `${at}.portfolio_references`);
  }
  const namespaces = new Set<unknown>();
  references.forEach((ref, j) => {
    if (namespaces.has(ref.namespace)) {
      report(
        errors,
        'duplicate_portfolio_references',
        `${at}.portfolio_references.${j}.namespace`,
        {
          namespace: String(ref.namespace),
        },
      );
    }
    namespaces.add(ref.namespace);
  });
}

/** platform: the portfolio validators of the account and of its business. */
function portfolioRules(account: Account, ctx: PlatformContext, errors: FieldError[]): void {
  const portfolio = account.portfolio;
  if (portfolio) {
    const lead = account.account_type === 'PORTFOLIO_LEAD' || account.is_portfolio_lead === true;
    if (
      !lead &&
      portfolio.portfolio_settings !== undefined &&
      portfolio.portfolio_settings !== null
    ) {
      report(errors, 'portfolio_settings_included_when_not_lead', 'portfolio.portfolio_settings');
    }
    portfolioReferenceRules(portfolio, 'portfolio', ctx, errors);
  }
  const business: Business | undefined = account.business;
  list<Portfolio>(business?.portfolios).forEach((p, k) => {
    portfolioReferenceRules(p, `business.portfolios.${k}`, ctx, errors);
  });
}

/** Compiled patterns of the catalogue's business detail keys, compiled once per pattern. */
const detailPatterns = new Map<string, RegExp | null>();

function detailPattern(pattern: string): RegExp | null {
  let compiled = detailPatterns.get(pattern);
  if (compiled === undefined) {
    try {
      compiled = new RegExp(pattern);
    } catch {
      // An operator's pattern that does not compile checks nothing rather than refusing all.
      compiled = null;
    }
    detailPatterns.set(pattern, compiled);
  }
  return compiled;
}

/** Business information the contract rules look for (who the business is). */
const BUSINESS_INFORMATION = ['company_name', 'company_number', 'business_type'] as const;

/**
 * platform: the business validators: business fields only on business accounts, company
 * numbers, registered detail keys with values of their type, and the business contract rules
 * the import supplier's switches turn on.
 */
function businessRules(
  account: Account,
  business: boolean,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  deprecatedBusinessFieldRules(account, business, errors);
  const b: Business | null | undefined = account.business;
  if (b === undefined || b === null) {
    if (business && ctx.catalogue.enforce_business_contracts_exist) {
      report(errors, 'business_field_required', 'business');
    }
    return;
  }
  if (givenText(b.company_number) && !isCompanyNumber(b.company_number)) {
    report(errors, 'invalid_company_number', 'business.company_number', {
      value: b.company_number,
    });
  }
  businessDetailRules(b, ctx, errors);
  businessContractRules(b, ctx, errors);
}

/** The deprecated business_type and company_number: business accounts only, a company number. */
function deprecatedBusinessFieldRules(
  account: Account,
  business: boolean,
  errors: FieldError[],
): void {
  for (const field of ['business_type', 'company_number'] as const) {
    const value = account[field];
    if (!givenText(value)) continue;
    if (!business) {
      report(errors, 'business_fields_provided_for_domestic_accounts', field, { field });
    } else if (field === 'company_number' && !isCompanyNumber(value)) {
      report(errors, 'invalid_company_number', field, { value });
    }
  }
}

/** The business details: no key twice, a registered key's value of its type and form. */
function businessDetailRules(b: Business, ctx: PlatformContext, errors: FieldError[]): void {
  const keys = new Map(ctx.catalogue.business_detail_keys.map((k) => [k.key, k]));
  const seen = new Set<unknown>();
  list<Schemas['BusinessDetail']>(b.details).forEach((detail, j) => {
    const at = `business.details.${j}`;
    if (seen.has(detail.key)) {
      reportWording(errors, 'children_with_duplicate_values', 'business_detail', `${at}.key`, {
        key: String(detail.key),
      });
      return;
    }
    seen.add(detail.key);
    const registered = keys.get(detail.key);
    if (!registered) return;
    if (!hasType(detail.value, registered.type)) {
      report(errors, 'business_detail_incorrect_value_type', `${at}.value`, {
        key: registered.key,
        type: registered.type,
      });
      return;
    }
    const pattern = registered.pattern === undefined ? null : detailPattern(registered.pattern);
    if (pattern && typeof detail.value === 'string' && !pattern.test(detail.value)) {
      report(errors, 'business_detail_failed_validation', `${at}.value`, {
        value: detail.value,
        key: registered.key,
      });
    }
  });
}

/**
 * The business contract rules, when the import supplier enforces contracts: the business names
 * a contract, and gives its information or not as the supplier links accounts by contract.
 */
function businessContractRules(b: Business, ctx: PlatformContext, errors: FieldError[]): void {
  const { catalogue } = ctx;
  if (!catalogue.enforce_business_contracts_exist) return;
  if (
    !givenText(b.business_contract_identifier) &&
    list(b.business_contract_identifiers).length === 0
  ) {
    report(errors, 'missing_contract_identifier', 'business');
  }
  const information = BUSINESS_INFORMATION.some((f) => givenText(b[f]));
  if (catalogue.link_account_to_business_with_contract && information) {
    report(errors, 'business_information_not_required_if_linking_via_contract', 'business');
  } else if (!catalogue.link_account_to_business_with_contract && !information) {
    report(errors, 'business_information_required_if_not_linking_via_contract', 'business');
  }
}

/**
 * platform: "Validate industry billing or period provided", "Validate business account has
 * account billing options with period_start_day and period_length" and "Validate next bill due
 * date provided for quarterly billing". Only the business form carries the options (VAL-5).
 */
function billingOptionRules(account: Account, errors: FieldError[]): void {
  const options: unknown = account.account_billing_options;
  if (!options) return;
  const field = (name: string): unknown => (isObject(options) ? options[name] : undefined);
  const period = (name: string) => field(name) !== undefined && field(name) !== null;
  const attr = 'account_billing_options';
  if (field('use_industry_billing') === true) {
    if (period('period_start_day') || period('period_length') || period('period_start_month')) {
      report(errors, 'account_billing_options_industry_billing_with_period_data', attr);
    }
    return;
  }
  if (!period('period_start_day') || !period('period_length')) {
    // Said outright (use_industry_billing false) the period is required; left unsaid, the
    // business account's options lack the period the platform would otherwise default.
    const code =
      field('use_industry_billing') === false
        ? 'account_billing_options_period_data_required'
        : 'business_account_missing_billing_options';
    report(errors, code, attr);
    return;
  }
  if (field('period_length') === 'QUARTERLY' && !givenText(account.next_bill_due_date)) {
    report(errors, 'next_bill_to_date_not_provided_for_quarterly_billing', 'next_bill_due_date');
  }
}

/** The account's meter points with their paths, as the point rules below walk them. */
function meterPoints(account: Account): { point: PointParts; at: string }[] {
  return list<Schemas['SupplyAddress']>(account.supply_addresses).flatMap((address, s) =>
    list<PointParts>(address.meter_points).map((point, p) => ({
      point,
      at: `supply_addresses.${s}.meter_points.${p}`,
    })),
  );
}

/** platform: tax exemptions (CCL, VAT) belong to business accounts (their periods are the agreements family's). */
function taxExemptionRules(account: Account, business: boolean, errors: FieldError[]): void {
  if (business) return;
  for (const { point, at } of meterPoints(account)) {
    for (const field of ['ccl_exemptions', 'vat_exemptions'] as const) {
      if (list(point[field]).length > 0) {
        report(errors, 'tax_exemptions_provided_for_domestic_account', `${at}.${field}`);
      }
    }
  }
}

/** platform: "Validate smart refusal reason": a reason only for a customer who is not interested. */
function smartRefusalRules(account: Account, errors: FieldError[]): void {
  for (const { point, at } of meterPoints(account)) {
    const interest: unknown = point.smart_refusal_interest;
    if (
      isObject(interest) &&
      interest.type === 'INTERESTED' &&
      givenText(interest.refusal_reason)
    ) {
      report(
        errors,
        'smart_refusal_reason_given_for_interest',
        `${at}.smart_refusal_interest.refusal_reason`,
      );
    }
  }
}

/** platform: "Validate dunning path supported" (the domestic form's dunning_path, VAL-5). */
function dunningRules(account: Account, ctx: PlatformContext, errors: FieldError[]): void {
  const path: unknown = 'dunning_path' in account ? account.dunning_path : undefined;
  if (!isObject(path) || typeof path.path_name !== 'string') return;
  if (!ctx.catalogue.dunning_paths.includes(path.path_name)) {
    report(errors, 'dunning_path_not_found', 'dunning_path.path_name', { path: path.path_name });
  }
}

/**
 * platform: "Validate auto allocation of operations team" and "Validate that an operations team
 * exists" on the account payload. The team of a v1 account is given to process (PRC-1, PRC-3),
 * so an account without one is accepted (VAL-2: the reference's example names none); a team the
 * payload names must exist, and none may be named when the supplier allocates teams itself.
 */
function operationsTeamRules(account: Account, ctx: PlatformContext, errors: FieldError[]): void {
  const team = account.operations_team_name;
  if (!givenText(team)) return;
  if (ctx.catalogue.operations_team_auto_allocation) {
    report(errors, 'operations_team_provided_when_using_auto_allocation', 'operations_team_name');
  } else if (!ctx.state.operationsTeams.includes(team)) {
    report(errors, 'operations_team_name_does_not_exist', 'operations_team_name', {
      operations_team_name: team,
    });
  }
}
