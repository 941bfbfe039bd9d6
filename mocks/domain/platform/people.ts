/**
 * The platform's validators of the people on an account (platform: EnergyCustomer, BusinessUser,
 * consents, PSR, complaints, alternative numbers, property administrators, addresses), where the
 * interface reference is silent (GEN-6, decisions 014 and 015). Each reads the payload and the
 * context and answers the platform's own code on the field it concerns; an object-level validator
 * of the platform answers on the object's path.
 */
import { isValidUkPhoneNumber, isValidUkPostcode } from '../../../spec/formats/index.ts';
import type { FieldError, PlatformCatalogue } from '../../../spec/index.ts';
import { fieldError } from '../result.ts';
import type { Account, PlatformContext } from './context.ts';

type Json = Record<string, unknown>;

/** platform: "Validate email address is not test address": starts test@ or xxx@, or ends @test.com, @test.co.uk, .xxx or .xx. */
export function isTestEmail(email: string): boolean {
  const e = email.toLowerCase();
  return (
    e.startsWith('test@') ||
    e.startsWith('xxx@') ||
    ['@test.com', '@test.co.uk', '.xxx', '.xx'].some((end) => e.endsWith(end))
  );
}

/** platform: "Validate delivery point identifier": capital letters and digits only. */
const DELIVERY_POINT_IDENTIFIER = /^[A-Z0-9]+$/;

/** A date value of a customer detail of type date. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A PSR industry code of the right form (PsrRecord's pattern): only such a code is looked up. */
const PSR_CODE = /^\d{2}$/;

/** The platform refuses a billing e-mail that routes to a black hole (billing_email_not_valid). */
const BLACKHOLE = 'blackhole+';

/**
 * The catalogue read once per account, as sets and maps, so that every lookup below is constant
 * time and the rules stay linear in the payload.
 */
interface PeopleLookups {
  internalEmails: Set<string>;
  electricityCodes: Set<string>;
  gasCodes: Set<string>;
  descriptions: Set<string>;
  temporaryCodes: { electricity: Set<string>; gas: Set<string>; descriptions: Set<string> };
  namespaces: Map<string, PlatformCatalogue['customer_detail_namespaces'][number]>;
  complaintTypes: Map<string, Set<string>>;
  organisations: Map<string, Set<string>>;
  sources: Set<string>;
  exclusiveRoles: Set<string>;
}

const lookupCache = new WeakMap<PlatformCatalogue, PeopleLookups>();
const patternCache = new Map<string, RegExp>();

function lookups(catalogue: PlatformCatalogue): PeopleLookups {
  const hit = lookupCache.get(catalogue);
  if (hit) return hit;
  const needs = catalogue.psr_needs ?? [];
  const temporary = needs.filter((n) => n.temporary);
  const codes = (list: typeof needs, key: 'electricity_code' | 'gas_code') =>
    new Set(list.map((n) => n[key]).filter((c): c is string => typeof c === 'string'));
  const built: PeopleLookups = {
    internalEmails: new Set((catalogue.internal_email_addresses ?? []).map((e) => e.toLowerCase())),
    electricityCodes: codes(needs, 'electricity_code'),
    gasCodes: codes(needs, 'gas_code'),
    descriptions: new Set(needs.map((n) => n.description.toLowerCase())),
    temporaryCodes: {
      electricity: codes(temporary, 'electricity_code'),
      gas: codes(temporary, 'gas_code'),
      descriptions: new Set(temporary.map((n) => n.description.toLowerCase())),
    },
    namespaces: new Map((catalogue.customer_detail_namespaces ?? []).map((n) => [n.namespace, n])),
    complaintTypes: new Map(
      (catalogue.complaint_types ?? []).map((t) => [t.type, new Set(t.subtypes)]),
    ),
    organisations: new Map(
      (catalogue.official_complaint_organisations ?? []).map((o) => [
        o.organisation,
        new Set(o.statuses),
      ]),
    ),
    sources: new Set(catalogue.complaint_sources ?? []),
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

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function given(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}

/** The e-mail rules the platform applies to a person's e-mail (and the account's billing e-mail). */
function emailRules(
  email: unknown,
  attr: string,
  look: PeopleLookups,
  errors: FieldError[],
  testCheck = true,
): void {
  if (typeof email !== 'string' || email === '') return;
  if (testCheck && isTestEmail(email)) {
    errors.push(
      fieldError(
        'possible_test_email_address',
        attr,
        undefined,
        `${email} looks like a test e-mail address.`,
      ),
    );
  } else if (look.internalEmails.has(email.toLowerCase())) {
    errors.push(
      fieldError(
        'internal_email_address',
        attr,
        undefined,
        `${email} is one of the supplier's own mailboxes, not the customer's.`,
      ),
    );
  }
}

/** platform: "Validate phone number" on the text fields the spec does not type as PhoneNumber. */
function phoneRule(value: unknown, attr: string, errors: FieldError[]): void {
  if (typeof value === 'string' && value !== '' && !isValidUkPhoneNumber(value)) {
    errors.push(
      fieldError('invalid_phone_number', attr, undefined, `${value} is not a valid phone number.`),
    );
  }
}

function isOccupierName(person: Json): boolean {
  const name = `${person.given_name ?? ''} ${person.family_name ?? ''}`.trim().toLowerCase();
  return name === 'the occupier' || name === 'occupier';
}

/** Whether a person carries anything to contact them by. */
function hasContactDetails(person: Json): boolean {
  return (
    given(person.email) ||
    given(person.mobile) ||
    given(person.landline) ||
    (Array.isArray(person.alternative_phone_numbers) &&
      person.alternative_phone_numbers.length > 0) ||
    (Array.isArray(person.contact_emails) && person.contact_emails.length > 0)
  );
}

function typeMatches(type: string, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && DATE.test(value);
    default:
      return false;
  }
}

/**
 * platform: "Validate user details": a namespace the deployment registered, a value of its type
 * and, for text with a pattern, matching it. Returns whether the value is usable.
 */
function detailRule(
  namespace: string,
  value: unknown,
  attr: string,
  look: PeopleLookups,
  errors: FieldError[],
): boolean {
  const registered = look.namespaces.get(namespace);
  if (!registered) {
    errors.push(
      fieldError(
        'customer_detail_not_registered',
        attr,
        undefined,
        `${namespace} is not a customer detail namespace of this deployment.`,
      ),
    );
    return false;
  }
  if (!typeMatches(registered.type, value)) {
    errors.push(
      fieldError(
        'customer_detail_incorrect_value_type',
        attr,
        undefined,
        `The value of ${namespace} must be of type ${registered.type}.`,
      ),
    );
    return false;
  }
  if (registered.pattern && typeof value === 'string' && !pattern(registered.pattern).test(value)) {
    errors.push(
      fieldError(
        'customer_detail_failed_validation',
        attr,
        undefined,
        `The value of ${namespace} does not have the form the deployment expects.`,
      ),
    );
    return false;
  }
  return true;
}

/**
 * The rules every person of an account shares (a domestic or business customer, a business
 * user): test and internal e-mails, phones the spec does not type, the occupier, customer
 * details. `uniques` collects the values of unique detail namespaces across customers.
 */
function personRules(
  person: Json,
  at: string,
  look: PeopleLookups,
  ctx: PlatformContext,
  errors: FieldError[],
  uniques?: Map<string, string>,
): boolean {
  let repeated = false;
  emailRules(person.email, `${at}.email`, look, errors);
  (Array.isArray(person.alternative_phone_numbers) ? person.alternative_phone_numbers : []).forEach(
    (number, k) => {
      if (isObject(number))
        phoneRule(number.phone_number, `${at}.alternative_phone_numbers.${k}.phone_number`, errors);
    },
  );
  if (isOccupierName(person)) {
    // One error per customer: a named occupier who can be contacted is someone known, which is
    // the more specific of the platform's two occupier rules.
    if (hasContactDetails(person)) {
      errors.push(
        fieldError(
          'contact_details_for_occupier',
          at,
          undefined,
          'A customer identified as "The Occupier" has no contact details; one with contact details is a known customer.',
        ),
      );
    } else {
      errors.push(
        fieldError(
          'customer_may_not_be_named_the_occupier',
          `${at}.${typeof person.family_name === 'string' && person.family_name !== '' ? 'family_name' : 'given_name'}`,
          undefined,
          'A customer may not be named "The Occupier"; use unknown_occupier instead.',
        ),
      );
    }
  }
  const hasDetails = person.details !== undefined && person.details !== null;
  const userDetails = Array.isArray(person.user_details) ? (person.user_details as unknown[]) : [];
  if (hasDetails && person.user_details !== undefined) {
    errors.push(
      fieldError(
        'customer_details_and_user_details_both_provided',
        at,
        undefined,
        'Give customer details either as user_details or as the deprecated details, not both.',
      ),
    );
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
      errors.push(
        fieldError(
          'customer_detail_failed_validation',
          `${at}.details`,
          undefined,
          'Customer details are an object of namespace and value.',
        ),
      );
    } else {
      for (const [namespace, value] of Object.entries(person.details)) {
        if (detailRule(namespace, value, `${at}.details.${namespace}`, look, errors)) {
          record(namespace, value);
        }
      }
    }
  }
  userDetails.forEach((detail, k) => {
    if (!isObject(detail) || typeof detail.namespace !== 'string') return;
    if (detailRule(detail.namespace, detail.value, `${at}.user_details.${k}`, look, errors)) {
      record(detail.namespace, detail.value);
    }
  });
  const missing = (ctx.catalogue.customer_detail_namespaces ?? []).find(
    (n) => n.required && !seen.has(n.namespace),
  );
  if (missing) {
    errors.push(
      fieldError(
        'required_customer_details_namespace_missing',
        `${at}.user_details`,
        undefined,
        `The deployment requires the customer detail ${missing.namespace}.`,
      ),
    );
  }
  return repeated;
}

/** The platform's role rules of a domestic customer (EnergyCustomer). */
function roleRules(customer: Json, at: string, look: PeopleLookups, errors: FieldError[]): void {
  const accountRoles = Array.isArray(customer.account_roles) ? customer.account_roles : undefined;
  const portfolioRoles = Array.isArray(customer.portfolio_roles)
    ? customer.portfolio_roles
    : undefined;
  const roles = [
    ...(accountRoles ?? []),
    ...(portfolioRoles ?? []),
    ...(given(customer.role) ? [customer.role] : []),
  ] as string[];
  // The platform's own example customer gives no role at all and is accepted: the rule asks for
  // a role only of a customer who supplies the role lists, and then refuses them empty.
  if ((accountRoles !== undefined || portfolioRoles !== undefined) && roles.length === 0) {
    errors.push(
      fieldError(
        'required_user_role',
        at,
        undefined,
        'A customer given role lists holds at least one role (account_roles or portfolio_roles).',
      ),
    );
    return;
  }
  const distinct = new Set(roles);
  const exclusive = [...distinct].find((r) => look.exclusiveRoles.has(r));
  if (exclusive !== undefined && distinct.size > 1) {
    errors.push(
      fieldError(
        'customer_has_exclusive_role_conflict',
        at,
        undefined,
        `The role ${exclusive} is held alone; the customer has other roles as well.`,
      ),
    );
  }
}

/** The platform's PSR validators (EnergyPSR) over one customer's records. */
function psrRules(customer: Json, at: string, look: PeopleLookups, errors: FieldError[]): void {
  const records = Array.isArray(customer.psr) ? (customer.psr as Json[]) : [];
  records.forEach((record, j) => {
    if (!isObject(record)) return;
    const here = `${at}.psr.${j}`;
    const elec = record.elec_industry_code;
    const gas = record.gas_industry_code;
    // A code of the wrong form is the spec's psr_invalid_industry_code already; a well-formed
    // one must name a need the deployment knows.
    if (typeof elec === 'string' && PSR_CODE.test(elec) && !look.electricityCodes.has(elec)) {
      errors.push(
        fieldError(
          'electricity_psr_record_not_found',
          `${here}.elec_industry_code`,
          undefined,
          `No Priority Services need has the electricity code ${elec}.`,
        ),
      );
    }
    if (typeof gas === 'string' && PSR_CODE.test(gas) && !look.gasCodes.has(gas)) {
      errors.push(
        fieldError(
          'gas_psr_record_not_found',
          `${here}.gas_industry_code`,
          undefined,
          `No Priority Services need has the gas code ${gas}.`,
        ),
      );
    }
    const description = record.description;
    if (
      typeof description === 'string' &&
      description !== '' &&
      !look.descriptions.has(description.toLowerCase())
    ) {
      errors.push(
        fieldError(
          'psr_record_description_not_found',
          `${here}.description`,
          undefined,
          `"${description}" is not the description of a Priority Services need.`,
        ),
      );
    }
    const temporary =
      (typeof elec === 'string' && look.temporaryCodes.electricity.has(elec)) ||
      (typeof gas === 'string' && look.temporaryCodes.gas.has(gas)) ||
      (typeof description === 'string' &&
        look.temporaryCodes.descriptions.has(description.toLowerCase()));
    if (temporary && !given(record.effective_to)) {
      errors.push(
        fieldError(
          'temporary_psr_does_not_have_end_date',
          here,
          undefined,
          'A temporary Priority Services need ends: effective_to is required.',
        ),
      );
    }
  });
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
    errors.push(
      fieldError(
        'field_not_enabled',
        at,
        undefined,
        'Consents are not enabled on this deployment.',
      ),
    );
    return;
  }
  (Array.isArray(consents) ? consents : []).forEach((consent, j) => {
    const signed = isObject(consent) ? consent.signed_at : undefined;
    if (typeof signed === 'string' && signed > ctx.now) {
      errors.push(
        fieldError(
          'date_in_future',
          `${at}.${j}.signed_at`,
          undefined,
          `The consent was signed at ${signed}, after now.`,
        ),
      );
    }
  });
}

/** The platform's complaint validators (Complaint, ComplaintContact). */
function complaintRules(account: Json, look: PeopleLookups, errors: FieldError[]): void {
  const complaints = Array.isArray(account.complaints) ? (account.complaints as Json[]) : [];
  complaints.forEach((complaint, i) => {
    if (!isObject(complaint)) return;
    const at = `complaints.${i}`;
    if (
      typeof complaint.complainant_email === 'string' &&
      isTestEmail(complaint.complainant_email)
    ) {
      errors.push(
        fieldError(
          'possible_test_email_address',
          `${at}.complainant_email`,
          undefined,
          `${complaint.complainant_email} looks like a test e-mail address.`,
        ),
      );
    }
    const subtypes = look.complaintTypes.get(String(complaint.type_of_complaint));
    if (!subtypes?.has(String(complaint.subtype_of_complaint))) {
      errors.push(
        fieldError(
          'invalid_complaint_type_or_subtype',
          at,
          undefined,
          `${complaint.type_of_complaint} / ${complaint.subtype_of_complaint} is not a complaint type and subtype this deployment allows.`,
        ),
      );
    }
    const official = ['official_reference_number', 'official_entity', 'official_status'] as const;
    const present = official.filter((f) => given(complaint[f]));
    if (present.length > 0 && present.length < official.length) {
      errors.push(
        fieldError(
          'official_complaint_field_missing',
          at,
          undefined,
          'An official complaint gives its reference number, organisation and status together.',
        ),
      );
    } else if (present.length === official.length) {
      const statuses = look.organisations.get(String(complaint.official_entity));
      if (!statuses?.has(String(complaint.official_status))) {
        errors.push(
          fieldError(
            'invalid_official_organization_or_status',
            at,
            undefined,
            `${complaint.official_entity} with status ${complaint.official_status} is not configured for official complaints.`,
          ),
        );
      }
    }
    if (
      complaint.has_eight_week_letter_been_sent === true &&
      complaint.has_chsr_letter_been_sent === false
    ) {
      errors.push(
        fieldError(
          'chsr_letter_not_sent',
          at,
          undefined,
          'A complaint whose eight-week letter was sent has had its CHSR letter sent as well.',
        ),
      );
    }
    const contacts = Array.isArray(complaint.complaint_contacts)
      ? (complaint.complaint_contacts as Json[])
      : [];
    contacts.forEach((contact, j) => {
      if (isObject(contact) && !look.sources.has(String(contact.communication_source))) {
        errors.push(
          fieldError(
            'invalid_complaint_source',
            `${at}.complaint_contacts.${j}`,
            undefined,
            `${contact.communication_source} is not a complaint communication source of this deployment.`,
          ),
        );
      }
    });
  });
}

/** platform: "Validate delivery point identifier". */
function deliveryPointRule(value: unknown, attr: string, errors: FieldError[]): void {
  if (typeof value === 'string' && value !== '' && !DELIVERY_POINT_IDENTIFIER.test(value)) {
    errors.push(
      fieldError(
        'invalid_delivery_point_identifier',
        attr,
        undefined,
        `${value} is not a delivery point identifier: capital letters and digits only.`,
      ),
    );
  }
}

/**
 * platform: "Validate address" and "Validate and normalize postcode" of the structured Address
 * (the fields of Google's address data): a British address has a street, a post town and a
 * postcode, and the postcode is a British one.
 */
function addressRules(address: unknown, at: string, errors: FieldError[]): void {
  if (!isObject(address)) return;
  deliveryPointRule(address.delivery_point_identifier, `${at}.delivery_point_identifier`, errors);
  if (address.country !== 'GB') return;
  const missing = (['street_address', 'locality', 'postal_code'] as const).filter(
    (f) => typeof address[f] !== 'string' || (address[f] as string).trim() === '',
  );
  if (missing.length > 0) {
    errors.push(
      fieldError(
        'invalid_address',
        at,
        undefined,
        `A British address gives ${missing.join(', ')}.`,
      ),
    );
  } else if (!isValidUkPostcode(address.postal_code as string)) {
    errors.push(
      fieldError(
        'invalid_postcode',
        `${at}.postal_code`,
        undefined,
        `${address.postal_code} is not a valid postcode.`,
      ),
    );
  }
}

const LEGACY_BILLING = [
  'billing_address1',
  'billing_address2',
  'billing_address3',
  'billing_address4',
  'billing_address5',
  'billing_postcode',
] as const;

/** GEN-6: the platform's validators of the account's people. */
export function peopleRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const look = lookups(ctx.catalogue);
  const a = account as unknown as Json;
  const customers = (Array.isArray(a.customers) ? a.customers : []) as Json[];
  const isBusinessForm = isBusinessAccount(account);

  // The account's billing details.
  if (isObject(a.billing_address) && LEGACY_BILLING.some((f) => given(a[f]))) {
    errors.push(
      fieldError(
        'billing_address_new_style_and_legacy',
        'billing_address',
        undefined,
        'Give the billing address either as billing_address or as billing_address1.. and billing_postcode, not both.',
      ),
    );
  }
  addressRules(a.billing_address, 'billing_address', errors);
  deliveryPointRule(
    a.billing_delivery_point_identifier,
    'billing_delivery_point_identifier',
    errors,
  );
  if (typeof a.billing_email === 'string' && a.billing_email.toLowerCase().includes(BLACKHOLE)) {
    errors.push(
      fieldError(
        'billing_email_not_valid',
        'billing_email',
        undefined,
        'A billing e-mail may not route to a blackhole+ mailbox.',
      ),
    );
  } else emailRules(a.billing_email, 'billing_email', look, errors, false);
  consentRules(a.consents, 'consents', ctx, errors);

  // The customers.
  if (isBusinessForm && account.unknown_occupier !== true && customers.length === 0) {
    errors.push(
      fieldError(
        'business_account_missing_customers',
        'customers',
        undefined,
        'A business account has at least one customer, so that its meter points can be registered.',
      ),
    );
  }
  const uniques = new Map<string, string>();
  let repeated = false;
  customers.forEach((customer, i) => {
    if (!isObject(customer)) return;
    const at = `customers.${i}`;
    if (personRules(customer, at, look, ctx, errors, uniques)) repeated = true;
    if (isBusinessForm) {
      if (ctx.catalogue.sends_registration_flows && !given(customer.given_name)) {
        errors.push(
          fieldError(
            'customer_given_name_required',
            `${at}.given_name`,
            undefined,
            'A customer of a business account needs a given name (the company name) for registration.',
          ),
        );
      }
      return;
    }
    roleRules(customer, at, look, errors);
    psrRules(customer, at, look, errors);
    if (customer.consents !== undefined && customer.customer_preferences !== undefined) {
      errors.push(
        fieldError(
          'fields_are_mutually_exclusive',
          at,
          undefined,
          'Give a customer either customer_preferences or consents, not both.',
        ),
      );
    } else consentRules(customer.consents, `${at}.consents`, ctx, errors);
  });
  if (repeated) {
    errors.push(
      fieldError(
        'repeated_values_for_unique_customer_detail_namespace',
        'customers',
        undefined,
        'Two customers share the value of a customer detail that identifies one person.',
      ),
    );
  }

  // The business's users.
  const users = isObject(a.business) && Array.isArray(a.business.users) ? a.business.users : [];
  (users as unknown[]).forEach((user, k) => {
    if (!isObject(user)) return;
    const at = `business.users.${k}`;
    personRules(user, at, look, ctx, errors);
    phoneRule(user.landline, `${at}.landline`, errors);
    phoneRule(user.mobile, `${at}.mobile`, errors);
  });

  // The supply addresses' own people and identifiers.
  (account.supply_addresses ?? []).forEach((address, s) => {
    const supply = address as unknown as Json;
    deliveryPointRule(
      supply.supply_delivery_point_identifier,
      `supply_addresses.${s}.supply_delivery_point_identifier`,
      errors,
    );
  });
  complaintRules(a, look, errors);
  return errors;
}

/** The account types of the business form (decision 014). */
const BUSINESS_TYPES = new Set(['BUSINESS', 'MANAGED', 'PORTFOLIO_LEAD', 'SYSTEM']);

function isBusinessAccount(account: Account): boolean {
  const type = String(account.account_type ?? '');
  return BUSINESS_TYPES.has(type) || type.startsWith('BUSINESS_');
}
