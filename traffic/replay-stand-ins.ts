/**
 * Valid stand-ins for the personal data a recording redacted (decision 029, "Update: replaying a
 * redacted recording"). A recording keeps personal data as pseudonyms, `[REDACTED:<kind>:<n>]`
 * (record-redact.ts), which no validator accepts: replayed as they are, every account a supplier
 * recorded would be refused by the target and the replay would say nothing of the mock's
 * fidelity. Before a request is sent, each pseudonym of a personal field is replaced by a value of
 * the form its field takes (a UK mobile, a postcode, an e-mail, a list of one e-mail...). The same
 * pseudonym always gets the same stand-in, and the answers are compared as before: a value the
 * recording redacted is not compared (fidelity.ts), so a stand-in echoed back is no difference.
 * Secrets (tokens, API keys) are the credentials' business (replay-request.ts), never stood in for.
 */

/** A whole pseudonym of a recording: its kind (the field's name) and its number. */
const PSEUDONYM = /^\[REDACTED:([a-z0-9_-]{1,64}):(\d{1,9})\]$/;

/** Nesting followed; deeper values are sent as recorded. */
const MAX_DEPTH = 64;

/** A value of the form each field takes; fixed values the spec's examples and validators accept. */
const MOBILE = '07123456789';
const LANDLINE = '02079460123';
const POSTCODE = 'EC2A 4NE';
const NAME = 'Redacted';
const ADDRESS_LINE = 'Redacted Street';

/** An e-mail of its own per pseudonym, so that two people's addresses stay two addresses. */
const email = (n: string): string => `redacted.${n}@example.com`;

/** The stand-in of each personal kind the default mask policy names, by the pseudonym's number. */
const STAND_INS = new Map<string, (n: string) => unknown>([
  ['email', email],
  ['billing_email', email],
  ['complainant_email', email],
  ['contact_emails', (n) => [email(n)]],
  ['mobile', () => MOBILE],
  ['phone_number', () => MOBILE],
  ['landline', () => LANDLINE],
  ['alternative_phone_numbers', () => [{ phone_number: MOBILE }]],
  ['postcode', () => POSTCODE],
  ['billing_postcode', () => POSTCODE],
  ['supply_postcode', () => POSTCODE],
  ['date_of_birth', () => '1980-01-01'],
  ['given_name', () => NAME],
  ['family_name', () => NAME],
  ['billing_name', () => NAME],
  ['billing_sub_name', () => NAME],
  ['complainant_name', () => NAME],
  ['account_holder_name', () => NAME],
  ['salutation', () => `Dear ${NAME}`],
  // A British Address (street, post town, postcode) and an installation's EnergyAddress.
  [
    'billing_address',
    (n) => ({
      country: 'GB',
      street_address: `${n} ${ADDRESS_LINE}`,
      locality: NAME,
      postal_code: POSTCODE,
    }),
  ],
  ['address', (n) => ({ line1: `${n} ${ADDRESS_LINE}`, postcode: POSTCODE })],
  ...[
    'address_line_1',
    'address_line_2',
    'address_line_3',
    'street_address',
    'address1',
    'address2',
    'address3',
    'address4',
    'address5',
    'billing_address1',
    'billing_address2',
    'billing_address3',
    'billing_address4',
    'billing_address5',
    'supply_address1',
    'supply_address2',
    'supply_address3',
    'supply_address4',
    'supply_address5',
    // One line per pseudonym: two addresses the recording kept apart stay apart (a duplicate
    // supply address is refused).
  ].map((kind): [string, (n: string) => string] => [kind, (n) => `${n} ${ADDRESS_LINE}`]),
]);

/** The stand-in of one pseudonym, or undefined when its kind has none (a secret, a bank detail). */
export function standInFor(value: string): unknown {
  const match = PSEUDONYM.exec(value);
  if (!match) return undefined;
  const make = STAND_INS.get(match[1] ?? '');
  return make ? make(match[2] ?? '') : undefined;
}

/**
 * A copy of a JSON value with every pseudonym that has a stand-in replaced, but those at the
 * dot-paths in `refused` (the fields the recorded answer refused: their recorded value was
 * invalid, and a valid stand-in would turn the refusal into a success); the count replaced.
 */
export function withStandIns(
  value: unknown,
  refused: ReadonlySet<string> = new Set(),
  path = '',
  depth = 0,
): { value: unknown; replaced: number } {
  if (typeof value === 'string') {
    if (!value.startsWith('[REDACTED:') || refused.has(path)) return { value, replaced: 0 };
    const standIn = standInFor(value);
    return standIn === undefined ? { value, replaced: 0 } : { value: standIn, replaced: 1 };
  }
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) {
    return { value, replaced: 0 };
  }
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  let replaced = 0;
  if (Array.isArray(value)) {
    const out = value.map((item, i) => {
      const r = withStandIns(item, refused, at(i), depth + 1);
      replaced += r.replaced;
      return r.value;
    });
    return { value: replaced ? out : value, replaced };
  }
  // A null-prototype copy: the keys come from a recording, and none may reach a prototype.
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, item] of Object.entries(value)) {
    const r = withStandIns(item, refused, at(key), depth + 1);
    replaced += r.replaced;
    out[key] = r.value;
  }
  return { value: replaced ? out : value, replaced };
}

/**
 * The dot-paths a recorded 400 refused (`errors[].attr`, ERR-5, at most 1,000 items) and the
 * paths holding them.
 */
export function refusedAttrs(status: number, answer: string): Set<string> {
  const out = new Set<string>();
  if (status !== 400) return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer);
  } catch {
    return out;
  }
  const errors =
    parsed !== null && typeof parsed === 'object'
      ? (parsed as { errors?: unknown }).errors
      : undefined;
  if (!Array.isArray(errors)) return out;
  for (const item of errors.slice(0, 1000)) {
    const attr =
      item !== null && typeof item === 'object' ? (item as { attr?: unknown }).attr : undefined;
    if (typeof attr !== 'string' || attr.length > 1000) continue;
    // The field and every field holding it: a masked object refused in one of its members
    // (billing_address.delivery_point_identifier) keeps its pseudonym too; one lookup a value.
    const segments = attr.split('.');
    for (let i = 1; i <= segments.length; i += 1) out.add(segments.slice(0, i).join('.'));
  }
  return out;
}

/**
 * A request body with the stand-ins in, when it is JSON holding pseudonyms (but at the fields
 * `refused`); else as it was.
 */
export function bodyWithStandIns(
  body: string,
  refused: ReadonlySet<string> = new Set(),
): { body: string; replaced: number } {
  if (!body.includes('[REDACTED:')) return { body, replaced: 0 };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { body, replaced: 0 };
  }
  const result = withStandIns(parsed, refused);
  return result.replaced
    ? { body: JSON.stringify(result.value), replaced: result.replaced }
    : { body, replaced: 0 };
}
