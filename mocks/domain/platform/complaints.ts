/**
 * The platform's validators of an account's complaints (platform: Complaint, ComplaintContact),
 * where the interface reference is silent (GEN-6, decisions 014 and 015): the complainant's
 * e-mail, the type and subtype, official bodies and statuses, the CHSR letter and the contacts'
 * sources, against the operator's platform catalogue. Each answers the platform's own code on
 * the field it concerns, its detail the spec's template beside the code.
 */
import type { components, FieldError, PlatformCatalogue } from '../../../spec/index.ts';
import type { Account, PlatformContext } from './context.ts';
import { given, isObject, isTestEmail, list, report } from './rule-helpers.ts';

type Complaint = components['schemas']['Complaint'];

/**
 * The catalogue's complaint settings read once per catalogue, as sets and maps, so that every
 * lookup below is constant time and the rules stay linear in the payload.
 */
interface ComplaintLookups {
  types: Map<string, Set<string>>;
  organisations: Map<string, Set<string>>;
  sources: Set<string>;
}

const lookupCache = new WeakMap<PlatformCatalogue, ComplaintLookups>();

function lookups(catalogue: PlatformCatalogue): ComplaintLookups {
  const hit = lookupCache.get(catalogue);
  if (hit) return hit;
  const built: ComplaintLookups = {
    types: new Map((catalogue.complaint_types ?? []).map((t) => [t.type, new Set(t.subtypes)])),
    organisations: new Map(
      (catalogue.official_complaint_organisations ?? []).map((o) => [
        o.organisation,
        new Set(o.statuses),
      ]),
    ),
    sources: new Set(catalogue.complaint_sources ?? []),
  };
  lookupCache.set(catalogue, built);
  return built;
}

/** GEN-6: the platform's validators of the account's complaints, in the platform's order. */
export function complaintRules(account: Account, ctx: PlatformContext): FieldError[] {
  const errors: FieldError[] = [];
  const look = lookups(ctx.catalogue);
  list<Complaint>(account.complaints).forEach((complaint, i) => {
    if (!isObject(complaint)) return;
    const at = `complaints.${i}`;
    const email = complaint.complainant_email;
    if (typeof email === 'string' && isTestEmail(email)) {
      report(errors, 'possible_test_email_address', `${at}.complainant_email`, { email });
    }
    // Read as text, as the detail prints them: a missing type is "undefined" and matches none.
    const type = String(complaint.type_of_complaint);
    const subtype = String(complaint.subtype_of_complaint);
    if (!look.types.get(type)?.has(subtype)) {
      report(errors, 'invalid_complaint_type_or_subtype', at, { type, subtype });
    }
    officialRules(complaint, at, look, errors);
    if (
      complaint.has_eight_week_letter_been_sent === true &&
      complaint.has_chsr_letter_been_sent === false
    ) {
      report(errors, 'chsr_letter_not_sent', at);
    }
    list(complaint.complaint_contacts).forEach((contact, j) => {
      const source = isObject(contact) ? String(contact.communication_source) : undefined;
      if (source !== undefined && !look.sources.has(source)) {
        report(errors, 'invalid_complaint_source', `${at}.complaint_contacts.${j}`, { source });
      }
    });
  });
  return errors;
}

/** An official complaint: reference, organisation and status together, a configured pair. */
function officialRules(
  complaint: Complaint,
  at: string,
  look: ComplaintLookups,
  errors: FieldError[],
): void {
  const official = ['official_reference_number', 'official_entity', 'official_status'] as const;
  const present = official.filter((f) => given(complaint[f]));
  if (present.length > 0 && present.length < official.length) {
    report(errors, 'official_complaint_field_missing', at);
  } else if (present.length === official.length) {
    const organisation = String(complaint.official_entity);
    const status = String(complaint.official_status);
    if (!look.organisations.get(organisation)?.has(status)) {
      report(errors, 'invalid_official_organization_or_status', at, { organisation, status });
    }
  }
}
