/**
 * The platform's account-level validators outside people, supply, agreements and money
 * (platform: account type, metadata, campaigns, references, portfolios, business details and
 * contracts, billing options, tax exemptions, Warm Home Discount, smart refusal, dunning,
 * operations teams), where the interface reference is silent (GEN-6, decisions 014 and 015).
 * Each answers the platform's own code on the field it concerns; the rules that need the
 * deployment's own data read the platform catalogue (`ctx.catalogue`).
 */
import type { FieldError } from '../../../spec/index.ts';
import { fieldError } from '../result.ts';
import { type MockState, referenceIdentifier } from '../state.ts';
import type { Account, PlatformContext } from './context.ts';

type Json = Record<string, unknown>;

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

/** Text that counts as given: the platform treats null and "" as absent. */
function given(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

function list(value: unknown): Json[] {
  return Array.isArray(value) ? (value as Json[]) : [];
}

/** Whether the account takes the business form (account_type BUSINESS_*, MANAGED, ...). */
export function isBusinessForm(account: Account): boolean {
  const type = (account as Json).account_type;
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

/** platform: "Validate account type is valid" and "Validate managed account type is allowed". */
function accountTypeRules(a: Json, ctx: PlatformContext, errors: FieldError[]): void {
  // The deprecated flags select a type of their own; together with another they conflict.
  const selected = new Set<string>();
  if (given(a.account_type)) selected.add(a.account_type);
  if (a.is_managed === true) selected.add('MANAGED');
  if (a.is_portfolio_lead === true) selected.add('PORTFOLIO_LEAD');
  if (selected.size > 1) {
    const attr =
      a.is_portfolio_lead === true && a.account_type !== 'PORTFOLIO_LEAD'
        ? 'is_portfolio_lead'
        : 'is_managed';
    errors.push(
      fieldError(
        'multiple_account_types_selected',
        attr,
        undefined,
        `The account selects more than one account type: ${[...selected].join(', ')}.`,
      ),
    );
  }
  if (!ctx.catalogue.managed_accounts_allowed && selected.has('MANAGED')) {
    errors.push(
      fieldError(
        'managed_accounts_are_not_allowed',
        a.account_type === 'MANAGED' ? 'account_type' : 'is_managed',
        undefined,
        'This deployment does not allow managed accounts.',
      ),
    );
  }
}

/** platform: "Validate metadata": no key twice. */
function metadataRules(a: Json, errors: FieldError[]): void {
  const keys = new Set<unknown>();
  list(a.metadata).forEach((entry, i) => {
    const key = entry.key;
    if (key === undefined) return;
    if (keys.has(key)) {
      errors.push(
        fieldError(
          'metadata_has_duplicate_keys',
          `metadata.${i}.key`,
          undefined,
          `The metadata key ${String(key)} occurs more than once.`,
        ),
      );
    }
    keys.add(key);
  });
}

/**
 * platform: the account campaign validators: a slug or a name but not both, a campaign the
 * deployment runs, an expiry after the start, one way of naming campaigns across the list, and
 * no campaign twice.
 */
function campaignRules(a: Json, ctx: PlatformContext, errors: FieldError[]): void {
  const campaigns = list(a.account_campaigns);
  if (campaigns.length === 0) return;
  const bySlug = new Set(ctx.catalogue.campaigns.map((c) => c.slug));
  const byName = new Set(ctx.catalogue.campaigns.map((c) => c.name));
  let kind: 'slug' | 'campaign_name' | undefined;
  let inconsistent = false;
  let duplicate = false;
  const seen = new Set<string>();
  campaigns.forEach((campaign, i) => {
    const at = `account_campaigns.${i}`;
    const slug = given(campaign.slug);
    const name = given(campaign.campaign_name);
    if (slug && name) {
      errors.push(
        fieldError(
          'campaign_name_and_slug_provided',
          at,
          undefined,
          'Name the campaign by its slug or by its name, not both.',
        ),
      );
    } else if (!slug && !name) {
      errors.push(
        fieldError(
          'campaign_name_or_slug_not_provided',
          at,
          undefined,
          'A campaign needs its slug (or its deprecated name).',
        ),
      );
    } else {
      const field = slug ? 'slug' : 'campaign_name';
      const value = campaign[field] as string;
      if (!(slug ? bySlug : byName).has(value)) {
        errors.push(
          fieldError(
            'campaign_not_found',
            `${at}.${field}`,
            undefined,
            `The deployment runs no campaign ${value}.`,
          ),
        );
      }
      kind ??= field;
      if (kind !== field) inconsistent = true;
      if (seen.has(value)) duplicate = true;
      seen.add(value);
    }
    const start = campaign.start_date;
    const expiry = campaign.expiry_date;
    if (given(start) && given(expiry) && expiry <= start) {
      errors.push(
        fieldError(
          'start_date_same_as_end_date',
          `${at}.expiry_date`,
          undefined,
          `The campaign expires on ${expiry}, not after its start on ${start}.`,
        ),
      );
    }
  });
  if (inconsistent) {
    errors.push(
      fieldError(
        'inconsistent_campaign_identifiers',
        'account_campaigns',
        undefined,
        'Name every campaign of the account the same way: all by slug or all by name.',
      ),
    );
  }
  if (duplicate) {
    errors.push(
      fieldError(
        'duplicate_account_campaigns',
        'account_campaigns',
        undefined,
        'A campaign occurs more than once on the account.',
      ),
    );
  }
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
function referenceRules(a: Json, ctx: PlatformContext, errors: FieldError[]): void {
  const references = list(a.references);
  if (references.length === 0) return;
  const namespaces = new Set(ctx.catalogue.account_reference_namespaces);
  references.forEach((ref, i) => {
    if (typeof ref.namespace === 'string' && !namespaces.has(ref.namespace)) {
      errors.push(
        fieldError(
          'invalid_reference_namespace',
          `references.${i}.namespace`,
          undefined,
          `${ref.namespace} is not an account reference namespace of this deployment.`,
        ),
      );
      return;
    }
    // The account itself does not clash with its own references.
    const except = ctx.accountKey === undefined ? [] : [ctx.accountKey];
    const holder = ctx.state.accounts.holderOf(
      'reference',
      referenceIdentifier(ref.namespace, ref.value),
      except,
    );
    if (holder !== undefined) {
      errors.push(
        fieldError(
          'reference_already_exists',
          `references.${i}`,
          undefined,
          `Another account already holds the reference ${String(ref.namespace)} ${String(ref.value)}.`,
        ),
      );
    }
  });
}

/** The portfolio reference rules of one portfolio (AccountPortfolio, BusinessPortfolio). */
function portfolioReferenceRules(
  portfolio: Json,
  at: string,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  const references = list(portfolio.portfolio_references);
  const settings =
    portfolio.portfolio_settings !== undefined && portfolio.portfolio_settings !== null;
  if (ctx.catalogue.create_new_portfolios && references.length > 0) {
    errors.push(
      fieldError(
        'portfolio_references_provided',
        `${at}.portfolio_references`,
        undefined,
        'The import supplier creates new portfolios, so portfolio references are not taken.',
      ),
    );
  } else if (!ctx.catalogue.create_new_portfolios && settings && references.length === 0) {
    errors.push(
      fieldError(
        'portfolio_references_missing',
        `${at}.portfolio_references`,
        undefined,
        'Portfolio settings need a portfolio reference naming the portfolio.',
      ),
    );
  }
  const namespaces = new Set<unknown>();
  references.forEach((ref, j) => {
    if (namespaces.has(ref.namespace)) {
      errors.push(
        fieldError(
          'duplicate_portfolio_references',
          `${at}.portfolio_references.${j}.namespace`,
          undefined,
          `The portfolio reference namespace ${String(ref.namespace)} occurs more than once.`,
        ),
      );
    }
    namespaces.add(ref.namespace);
  });
}

/** platform: the portfolio validators of the account and of its business. */
function portfolioRules(a: Json, ctx: PlatformContext, errors: FieldError[]): void {
  const portfolio = a.portfolio as Json | null | undefined;
  if (portfolio) {
    const lead = a.account_type === 'PORTFOLIO_LEAD' || a.is_portfolio_lead === true;
    if (
      !lead &&
      portfolio.portfolio_settings !== undefined &&
      portfolio.portfolio_settings !== null
    ) {
      errors.push(
        fieldError(
          'portfolio_settings_included_when_not_lead',
          'portfolio.portfolio_settings',
          undefined,
          'Only the lead account of a portfolio carries its settings.',
        ),
      );
    }
    portfolioReferenceRules(portfolio, 'portfolio', ctx, errors);
  }
  const business = a.business as Json | undefined;
  list(business?.portfolios).forEach((p, k) => {
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

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && DATE.test(value);
    default:
      return true;
  }
}

/** Business information the contract rules look for (who the business is). */
const BUSINESS_INFORMATION = ['company_name', 'company_number', 'business_type'] as const;

/**
 * platform: the business validators: business fields only on business accounts, company
 * numbers, registered detail keys with values of their type, and the business contract rules
 * the import supplier's switches turn on.
 */
function businessRules(
  a: Json,
  business: boolean,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  for (const field of ['business_type', 'company_number'] as const) {
    if (!given(a[field])) continue;
    if (!business) {
      errors.push(
        fieldError(
          'business_fields_provided_for_domestic_accounts',
          field,
          undefined,
          `${field} belongs to business accounts only.`,
        ),
      );
    } else if (field === 'company_number' && !isCompanyNumber(a[field])) {
      errors.push(
        fieldError(
          'invalid_company_number',
          field,
          undefined,
          `${a[field]} is not a company number.`,
        ),
      );
    }
  }
  const b = a.business as Json | undefined;
  const { catalogue } = ctx;
  if (b === undefined || b === null) {
    if (business && catalogue.enforce_business_contracts_exist) {
      errors.push(
        fieldError(
          'business_field_required',
          'business',
          undefined,
          'The import supplier links business accounts to business contracts: give the business.',
        ),
      );
    }
    return;
  }
  if (given(b.company_number) && !isCompanyNumber(b.company_number)) {
    errors.push(
      fieldError(
        'invalid_company_number',
        'business.company_number',
        undefined,
        `${b.company_number} is not a company number.`,
      ),
    );
  }
  const keys = new Map(catalogue.business_detail_keys.map((k) => [k.key, k]));
  const seen = new Set<unknown>();
  list(b.details).forEach((detail, j) => {
    const at = `business.details.${j}`;
    if (seen.has(detail.key)) {
      errors.push(
        fieldError(
          'children_with_duplicate_values',
          `${at}.key`,
          undefined,
          `The business detail ${String(detail.key)} occurs more than once.`,
        ),
      );
      return;
    }
    seen.add(detail.key);
    const registered = keys.get(detail.key as string);
    if (!registered) return;
    if (!hasType(detail.value, registered.type)) {
      errors.push(
        fieldError(
          'business_detail_incorrect_value_type',
          `${at}.value`,
          undefined,
          `The business detail ${registered.key} takes a value of type ${registered.type}.`,
        ),
      );
      return;
    }
    const pattern = registered.pattern === undefined ? null : detailPattern(registered.pattern);
    if (pattern && typeof detail.value === 'string' && !pattern.test(detail.value)) {
      errors.push(
        fieldError(
          'business_detail_failed_validation',
          `${at}.value`,
          undefined,
          `${detail.value} is not a valid ${registered.key}.`,
        ),
      );
    }
  });
  if (!catalogue.enforce_business_contracts_exist) return;
  // The import supplier enforces contracts: the business is the form with contract identifiers.
  if (
    !given(b.business_contract_identifier) &&
    list(b.business_contract_identifiers).length === 0
  ) {
    errors.push(
      fieldError(
        'missing_contract_identifier',
        'business',
        undefined,
        'Give business_contract_identifiers naming the contract the account joins.',
      ),
    );
  }
  const information = BUSINESS_INFORMATION.some((f) => given(b[f]));
  if (catalogue.link_account_to_business_with_contract && information) {
    errors.push(
      fieldError(
        'business_information_not_required_if_linking_via_contract',
        'business',
        undefined,
        'The account joins the business holding the contract: leave out the business information.',
      ),
    );
  } else if (!catalogue.link_account_to_business_with_contract && !information) {
    errors.push(
      fieldError(
        'business_information_required_if_not_linking_via_contract',
        'business',
        undefined,
        'Give the business information (company name, number or type) of the business.',
      ),
    );
  }
}

/**
 * platform: "Validate industry billing or period provided", "Validate business account has
 * account billing options with period_start_day and period_length" and "Validate next bill due
 * date provided for quarterly billing". Only the business form carries the options (VAL-5).
 */
function billingOptionRules(a: Json, errors: FieldError[]): void {
  const options = a.account_billing_options as Json | undefined | null;
  if (!options) return;
  const period = (f: string) => options[f] !== undefined && options[f] !== null;
  if (options.use_industry_billing === true) {
    if (period('period_start_day') || period('period_length') || period('period_start_month')) {
      errors.push(
        fieldError(
          'account_billing_options_industry_billing_with_period_data',
          'account_billing_options',
          undefined,
          'An account billed on industry data takes no billing period.',
        ),
      );
    }
    return;
  }
  if (!period('period_start_day') || !period('period_length')) {
    // Said outright (use_industry_billing false) the period is required; left unsaid, the
    // business account's options lack the period the platform would otherwise default.
    errors.push(
      fieldError(
        options.use_industry_billing === false
          ? 'account_billing_options_period_data_required'
          : 'business_account_missing_billing_options',
        'account_billing_options',
        undefined,
        'Billing options of an account billed by the supplier need period_start_day and period_length.',
      ),
    );
    return;
  }
  if (options.period_length === 'QUARTERLY' && !given(a.next_bill_due_date)) {
    errors.push(
      fieldError(
        'next_bill_to_date_not_provided_for_quarterly_billing',
        'next_bill_due_date',
        undefined,
        'An account billed quarterly by the supplier needs next_bill_due_date.',
      ),
    );
  }
}

/** platform: tax exemptions (CCL, VAT) belong to business accounts (their periods are the agreements family's). */
function taxExemptionRules(a: Json, business: boolean, errors: FieldError[]): void {
  list(a.supply_addresses).forEach((address, s) => {
    list(address.meter_points).forEach((point, p) => {
      for (const field of ['ccl_exemptions', 'vat_exemptions'] as const) {
        const exemptions = list(point[field]);
        const at = `supply_addresses.${s}.meter_points.${p}.${field}`;
        if (!business && exemptions.length > 0) {
          errors.push(
            fieldError(
              'tax_exemptions_provided_for_domestic_account',
              at,
              undefined,
              'Tax exemptions belong to business accounts only.',
            ),
          );
        }
      }
    });
  });
}

/** platform: "Validate smart refusal reason": a reason only for a customer who is not interested. */
function smartRefusalRules(a: Json, errors: FieldError[]): void {
  list(a.supply_addresses).forEach((address, s) => {
    list(address.meter_points).forEach((point, p) => {
      const interest = point.smart_refusal_interest as Json | undefined | null;
      if (interest?.type === 'INTERESTED' && given(interest.refusal_reason)) {
        errors.push(
          fieldError(
            'smart_refusal_reason_given_for_interest',
            `supply_addresses.${s}.meter_points.${p}.smart_refusal_interest.refusal_reason`,
            undefined,
            'A customer interested in a smart meter gives no refusal reason.',
          ),
        );
      }
    });
  });
}

/** platform: "Validate dunning path supported" (the domestic form's dunning_path, VAL-5). */
function dunningRules(a: Json, ctx: PlatformContext, errors: FieldError[]): void {
  const path = a.dunning_path as Json | undefined | null;
  if (!path || typeof path.path_name !== 'string') return;
  if (!ctx.catalogue.dunning_paths.includes(path.path_name)) {
    errors.push(
      fieldError(
        'dunning_path_not_found',
        'dunning_path.path_name',
        undefined,
        `The deployment offers no dunning path ${path.path_name}.`,
      ),
    );
  }
}

/**
 * platform: "Validate auto allocation of operations team" and "Validate that an operations team
 * exists" on the account payload. The team of a v1 account is given to process (PRC-1, PRC-3),
 * so an account without one is accepted (VAL-2: the reference's example names none); a team the
 * payload names must exist, and none may be named when the supplier allocates teams itself.
 */
function operationsTeamRules(a: Json, ctx: PlatformContext, errors: FieldError[]): void {
  const team = a.operations_team_name;
  if (!given(team)) return;
  if (ctx.catalogue.operations_team_auto_allocation) {
    errors.push(
      fieldError(
        'operations_team_provided_when_using_auto_allocation',
        'operations_team_name',
        undefined,
        'The import supplier allocates operations teams automatically: leave the team out.',
      ),
    );
  } else if (!ctx.state.operationsTeams.includes(team)) {
    errors.push(
      fieldError('operations_team_name_does_not_exist', 'operations_team_name', {
        operations_team_name: team,
      }),
    );
  }
}

/** GEN-6: the platform's account-level validators. */
export function accountRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const a = account as unknown as Json;
  const business = isBusinessForm(account);
  accountTypeRules(a, ctx, errors);
  metadataRules(a, errors);
  campaignRules(a, ctx, errors);
  referenceRules(a, ctx, errors);
  portfolioRules(a, ctx, errors);
  businessRules(a, business, ctx, errors);
  billingOptionRules(a, errors);
  taxExemptionRules(a, business, errors);
  smartRefusalRules(a, errors);
  dunningRules(a, ctx, errors);
  operationsTeamRules(a, ctx, errors);
  return errors;
}
