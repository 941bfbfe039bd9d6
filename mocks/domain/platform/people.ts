/**
 * The platform's validators of the people on an account (platform: EnergyCustomer, BusinessUser,
 * consents, PSR, alternative numbers, customer details), where the interface reference is silent
 * (GEN-6, decisions 014 and 015). Each reads the payload and the context and answers the
 * platform's own code on the field it concerns, its detail the spec's template beside the code;
 * an object-level validator of the platform answers on the object's path. The account's billing
 * details and its complaints are families of their own (billing.ts, complaints.ts).
 */
import { isValidUkPhoneNumber } from '../../../spec/formats/index.ts';
import type { components, FieldError, PlatformCatalogue } from '../../../spec/index.ts';
import { deliveryPointRules } from './billing.ts';
import type { Account, PlatformContext } from './context.ts';
import {
  given,
  givenText,
  hasType,
  isInternalEmail,
  isObject,
  isTestEmail,
  list,
  report,
} from './rule-helpers.ts';

type Schemas = components['schemas'];
/** Any person of an account: a domestic or business customer, or a business user. */
type Person = Partial<Schemas['DomesticCustomer']> & Partial<Schemas['BusinessUser']>;
type Psr = Schemas['PsrRecord'];

/** A PSR industry code of the right form (PsrRecord's pattern): only such a code is looked up. */
const PSR_CODE = /^\d{2}$/;

/**
 * The catalogue read once per account, as sets and maps, so that every lookup below is constant
 * time and the rules stay linear in the payload.
 */
interface PeopleLookups {
  electricityCodes: Set<string>;
  gasCodes: Set<string>;
  descriptions: Set<string>;
  temporaryCodes: { electricity: Set<string>; gas: Set<string>; descriptions: Set<string> };
  namespaces: Map<string, PlatformCatalogue['customer_detail_namespaces'][number]>;
  exclusiveRoles: Set<string>;
}

/**
 * What the person rules read besides the person: the catalogue's lookups, the context and, for
 * customers, the values of unique detail namespaces seen so far (namespace and value to the
 * customer's path).
 */
interface PersonScope {
  look: PeopleLookups;
  ctx: PlatformContext;
  uniques?: Map<string, string>;
}

const lookupCache = new WeakMap<PlatformCatalogue, PeopleLookups>();
const patternCache = new Map<string, RegExp>();

function lookups(catalogue: PlatformCatalogue): PeopleLookups {
  const hit = lookupCache.get(catalogue);
  if (hit) return hit;
  const needs = catalogue.psr_needs ?? [];
  const temporary = needs.filter((n) => n.temporary);
  const codes = (items: typeof needs, key: 'electricity_code' | 'gas_code') =>
    new Set(items.map((n) => n[key]).filter((c): c is string => typeof c === 'string'));
  const built: PeopleLookups = {
    electricityCodes: codes(needs, 'electricity_code'),
    gasCodes: codes(needs, 'gas_code'),
    descriptions: new Set(needs.map((n) => n.description.toLowerCase())),
    temporaryCodes: {
      electricity: codes(temporary, 'electricity_code'),
      gas: codes(temporary, 'gas_code'),
      descriptions: new Set(temporary.map((n) => n.description.toLowerCase())),
    },
    namespaces: new Map((catalogue.customer_detail_namespaces ?? []).map((n) => [n.namespace, n])),
    exclusiveRoles: new Set(catalogue.exclusive_customer_roles ?? []),
  };
  lookupCache.set(catalogue, built);
  return built;
}

function pattern(source: string): RegExp {
  let re = patternCache.get(source);
  if (!re) {
    re = new RegExp(source);
    patternCache.set(source, re);
  }
  return re;
}

/** GEN-6: the platform's validators of the account's people, in the platform's order. */
export function peopleRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const look = lookups(ctx.catalogue);
  consentRules(account.consents, 'consents', ctx, errors);
  customerRules(account, look, ctx, errors);
  // The business's users.
  const business: unknown = account.business;
  const users = isObject(business) ? list<Person>(business.users) : [];
  users.forEach((user, k) => {
    if (!isObject(user)) return;
    const at = `business.users.${k}`;
    personRules(user, at, { look, ctx }, errors);
    phoneRules(user.landline, `${at}.landline`, errors);
    phoneRules(user.mobile, `${at}.mobile`, errors);
  });
  // The supply addresses' identifiers.
  (account.supply_addresses ?? []).forEach((address, s) => {
    deliveryPointRules(
      address.supply_delivery_point_identifier,
      `supply_addresses.${s}.supply_delivery_point_identifier`,
      errors,
    );
  });
  return errors;
}

/**
 * The customers: a business account has some; each one's person rules, and a domestic one's
 * roles, PSR and consents; a value of a unique detail namespace on one customer only.
 */
function customerRules(
  account: Account,
  look: PeopleLookups,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  const customers = list<Person>(account.customers);
  const isBusinessForm = isBusinessAccount(account);
  if (isBusinessForm && account.unknown_occupier !== true && customers.length === 0) {
    report(errors, 'business_account_missing_customers', 'customers');
  }
  const uniques = new Map<string, string>();
  let repeated = false;
  customers.forEach((customer, i) => {
    if (!isObject(customer)) return;
    const at = `customers.${i}`;
    if (personRules(customer, at, { look, ctx, uniques }, errors)) repeated = true;
    if (isBusinessForm) {
      if (ctx.catalogue.sends_registration_flows && !given(customer.given_name)) {
        report(errors, 'customer_given_name_required', `${at}.given_name`);
      }
      return;
    }
    roleRules(customer, at, look, errors);
    psrRules(customer, at, look, errors);
    if (customer.consents !== undefined && customer.customer_preferences !== undefined) {
      report(errors, 'fields_are_mutually_exclusive', at);
    } else consentRules(customer.consents, `${at}.consents`, ctx, errors);
  });
  if (repeated) {
    report(errors, 'repeated_values_for_unique_customer_detail_namespace', 'customers');
  }
}

/** The e-mail rules the platform applies to a person's e-mail: not a test, not its own mailbox. */
function emailRules(
  email: unknown,
  attr: string,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  if (typeof email !== 'string' || email === '') return;
  if (isTestEmail(email)) {
    report(errors, 'possible_test_email_address', attr, { email });
  } else if (isInternalEmail(email, ctx.catalogue)) {
    report(errors, 'internal_email_address', attr, { email });
  }
}

/** platform: "Validate phone number" on the text fields the spec does not type as PhoneNumber. */
function phoneRules(value: unknown, attr: string, errors: FieldError[]): void {
  if (typeof value === 'string' && value !== '' && !isValidUkPhoneNumber(value)) {
    report(errors, 'invalid_phone_number', attr, { value });
  }
}

function isOccupierName(person: Person): boolean {
  const name = `${person.given_name ?? ''} ${person.family_name ?? ''}`.trim().toLowerCase();
  return name === 'the occupier' || name === 'occupier';
}

/** Whether a person carries anything to contact them by. */
function hasContactDetails(person: Person): boolean {
  return (
    given(person.email) ||
    given(person.mobile) ||
    given(person.landline) ||
    (Array.isArray(person.alternative_phone_numbers) &&
      person.alternative_phone_numbers.length > 0) ||
    (Array.isArray(person.contact_emails) && person.contact_emails.length > 0)
  );
}

/**
 * The occupier rules: a customer named "The Occupier" is refused, and one error per customer: a
 * named occupier who can be contacted is someone known, which is the more specific of the two.
 */
function occupierRules(person: Person, at: string, errors: FieldError[]): void {
  if (!isOccupierName(person)) return;
  if (hasContactDetails(person)) {
    report(errors, 'contact_details_for_occupier', at);
  } else {
    const field = givenText(person.family_name) ? 'family_name' : 'given_name';
    report(errors, 'customer_may_not_be_named_the_occupier', `${at}.${field}`);
  }
}

/**
 * platform: "Validate user details": a namespace the deployment registered, a value of its type
 * and, for text with a pattern, matching it. Returns whether the value is usable.
 */
function detailRules(
  namespace: string,
  value: unknown,
  attr: string,
  look: PeopleLookups,
  errors: FieldError[],
): boolean {
  const registered = look.namespaces.get(namespace);
  if (!registered) {
    report(errors, 'customer_detail_not_registered', attr, { namespace });
    return false;
  }
  if (!hasType(value, registered.type)) {
    report(errors, 'customer_detail_incorrect_value_type', attr, {
      namespace,
      type: registered.type,
    });
    return false;
  }
  if (registered.pattern && typeof value === 'string' && !pattern(registered.pattern).test(value)) {
    report(errors, 'customer_detail_failed_validation', attr, {
      fault: `The value of ${namespace} does not have the form the deployment expects.`,
    });
    return false;
  }
  return true;
}

/**
 * The rules every person of an account shares (a domestic or business customer, a business
 * user): test and internal e-mails, phones the spec does not type, the occupier, customer
 * details. `uniques` collects the values of unique detail namespaces across customers; the
 * answer is whether this person repeats another's.
 */
function personRules(
  person: Person,
  at: string,
  scope: PersonScope,
  errors: FieldError[],
): boolean {
  const { ctx } = scope;
  emailRules(person.email, `${at}.email`, ctx, errors);
  list(person.alternative_phone_numbers).forEach((number, k) => {
    if (isObject(number)) {
      phoneRules(number.phone_number, `${at}.alternative_phone_numbers.${k}.phone_number`, errors);
    }
  });
  occupierRules(person, at, errors);
  return customerDetailRules(person, at, scope, errors);
}

/**
 * A person's customer details, as user_details or the deprecated details (not both): each
 * registered and well formed, the required ones given, unique ones unrepeated across customers.
 */
function customerDetailRules(
  person: Person,
  at: string,
  { look, ctx, uniques }: PersonScope,
  errors: FieldError[],
): boolean {
  let repeated = false;
  const hasDetails = person.details !== undefined && person.details !== null;
  if (hasDetails && person.user_details !== undefined) {
    report(errors, 'customer_details_and_user_details_both_provided', at);
    return false;
  }
  const seen = new Set<string>();
  const record = (namespace: string, value: unknown) => {
    seen.add(namespace);
    if (!uniques || !look.namespaces.get(namespace)?.unique) return;
    // Unique across customers: one customer may repeat its own value.
    const key = `${namespace}\u0000${JSON.stringify(value)}`;
    const owner = uniques.get(key);
    if (owner !== undefined && owner !== at) repeated = true;
    else uniques.set(key, at);
  };
  if (hasDetails) {
    if (!isObject(person.details)) {
      report(errors, 'customer_detail_failed_validation', `${at}.details`, {
        fault: 'Customer details are an object of namespace and value.',
      });
    } else {
      for (const [namespace, value] of Object.entries(person.details)) {
        if (detailRules(namespace, value, `${at}.details.${namespace}`, look, errors)) {
          record(namespace, value);
        }
      }
    }
  }
  list(person.user_details).forEach((detail, k) => {
    if (!isObject(detail) || typeof detail.namespace !== 'string') return;
    if (detailRules(detail.namespace, detail.value, `${at}.user_details.${k}`, look, errors)) {
      record(detail.namespace, detail.value);
    }
  });
  const missing = (ctx.catalogue.customer_detail_namespaces ?? []).find(
    (n) => n.required && !seen.has(n.namespace),
  );
  if (missing) {
    report(errors, 'required_customer_details_namespace_missing', `${at}.user_details`, {
      namespace: missing.namespace,
    });
  }
  return repeated;
}

/** The platform's role rules of a domestic customer (EnergyCustomer). */
function roleRules(customer: Person, at: string, look: PeopleLookups, errors: FieldError[]): void {
  const accountRoles = Array.isArray(customer.account_roles) ? customer.account_roles : undefined;
  const portfolioRoles = Array.isArray(customer.portfolio_roles)
    ? customer.portfolio_roles
    : undefined;
  const roles: string[] = [
    ...(accountRoles ?? []),
    ...(portfolioRoles ?? []),
    ...(given(customer.role) ? [customer.role] : []),
  ];
  // The platform's own example customer gives no role at all and is accepted: the rule asks for
  // a role only of a customer who supplies the role lists, and then refuses them empty.
  if ((accountRoles !== undefined || portfolioRoles !== undefined) && roles.length === 0) {
    report(errors, 'required_user_role', at);
    return;
  }
  const distinct = new Set(roles);
  const exclusive = [...distinct].find((r) => look.exclusiveRoles.has(r));
  if (exclusive !== undefined && distinct.size > 1) {
    report(errors, 'customer_has_exclusive_role_conflict', at, { role: exclusive });
  }
}

/** The platform's PSR validators (EnergyPSR) over one customer's records. */
function psrRules(customer: Person, at: string, look: PeopleLookups, errors: FieldError[]): void {
  list<Psr>(customer.psr).forEach((record, j) => {
    if (!isObject(record)) return;
    const here = `${at}.psr.${j}`;
    const elec = record.elec_industry_code;
    const gas = record.gas_industry_code;
    // A code of the wrong form is the spec's psr_invalid_industry_code already; a well-formed
    // one must name a need the deployment knows.
    if (typeof elec === 'string' && PSR_CODE.test(elec) && !look.electricityCodes.has(elec)) {
      report(errors, 'electricity_psr_record_not_found', `${here}.elec_industry_code`, {
        code: elec,
      });
    }
    if (typeof gas === 'string' && PSR_CODE.test(gas) && !look.gasCodes.has(gas)) {
      report(errors, 'gas_psr_record_not_found', `${here}.gas_industry_code`, { code: gas });
    }
    const description = record.description;
    if (
      typeof description === 'string' &&
      description !== '' &&
      !look.descriptions.has(description.toLowerCase())
    ) {
      report(errors, 'psr_record_description_not_found', `${here}.description`, { description });
    }
    if (isTemporary(record, look) && !given(record.effective_to)) {
      report(errors, 'temporary_psr_does_not_have_end_date', here);
    }
  });
}

/** Whether a PSR record names a need the deployment marks temporary, by code or description. */
function isTemporary(record: Psr, look: PeopleLookups): boolean {
  const { elec_industry_code: elec, gas_industry_code: gas, description } = record;
  return (
    (typeof elec === 'string' && look.temporaryCodes.electricity.has(elec)) ||
    (typeof gas === 'string' && look.temporaryCodes.gas.has(gas)) ||
    (typeof description === 'string' &&
      look.temporaryCodes.descriptions.has(description.toLowerCase()))
  );
}

/** platform: consents are refused where the deployment has them off, and signed in the future. */
function consentRules(
  consents: unknown,
  at: string,
  ctx: PlatformContext,
  errors: FieldError[],
): void {
  if (consents === undefined || consents === null) return;
  if (ctx.catalogue.consents_enabled === false) {
    report(errors, 'field_not_enabled', at);
    return;
  }
  list(consents).forEach((consent, j) => {
    const signed = isObject(consent) ? consent.signed_at : undefined;
    if (typeof signed === 'string' && signed > ctx.now) {
      report(errors, 'date_in_future', `${at}.${j}.signed_at`, { signed_at: signed });
    }
  });
}

/** The account types of the business form (decision 014). */
const BUSINESS_TYPES = new Set(['BUSINESS', 'MANAGED', 'PORTFOLIO_LEAD', 'SYSTEM']);

function isBusinessAccount(account: Account): boolean {
  const type = String(account.account_type ?? '');
  return BUSINESS_TYPES.has(type) || type.startsWith('BUSINESS_');
}
