/**
 * Carries the fields the real platform's published contract declares on the interface's request
 * bodies into the kit's hand-written spec, as facts marked `x-source: platform`.
 *
 * The platform decides where the interface reference is silent (which fields exist, nullability,
 * optionality, enumerations, lengths, decimal precision); the reference wins where it speaks, so
 * a mapped field the reference shapes differently keeps the reference's form and gets an
 * `x-platform-difference` note. The script is idempotent: a second run changes nothing. Run it
 * with `npx tsx scripts/platform-import.ts [path/to/data-import-openapi.yml]`, then
 * `npm run spec:build`. It prints what it changed, field by field.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Document, parseDocument, type YAMLMap } from 'yaml';

type Json = Record<string, unknown>;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const schemasDir = join(root, 'spec/components/schemas');
// The platform's published contract sits beside the repository (../shared/reference/platform/);
// another copy is named as the first argument.
const platformPath =
  process.argv[2] ?? join(root, '../shared/reference/platform/data-import-openapi.yml');
if (!existsSync(platformPath)) {
  console.error(
    `platform-import: no platform document at ${platformPath}; name it as the argument`,
  );
  process.exit(2);
}
const platform = parseDocument(readFileSync(platformPath, 'utf8')).toJS() as Json;
const P = (platform.components as Json).schemas as Record<string, Json>;

/** A kit schema, the platform schemas whose fields it takes, and the fields the reference shapes. */
interface Mapping {
  platform: string[];
  /** Platform fields the reference decides against here: field -> why (rule ID). */
  skip?: Record<string, string>;
  /** Only these platform fields apply (the rest are the reference's decision, given in `skipAll`). */
  only?: string[];
  skipAll?: string;
  /** Kit lists kept non-empty because a platform code stands behind the check. */
  keepMinItems?: string[];
  /** Kit-required fields that stay required although the platform does not require them: why. */
  keepRequired?: Record<string, string>;
  /** Platform-required fields the kit does not require: why. */
  dropRequired?: Record<string, string>;
}

/**
 * Fields whose set of values is the deployment's own data (campaigns): the platform's list is one
 * deployment's catalogue, so the spec keeps them text and the mock checks a configurable catalogue.
 */
const CATALOGUE_FIELDS = new Set(['AccountCampaign.slug', 'AccountCampaign.campaign_name']);

const VAL5 =
  'VAL-5: the reference splits the account into a domestic and a business form; this field belongs to the other form.';

const MAPPINGS: Record<string, Mapping> = {
  AccountBase: {
    platform: ['EnergyAccount'],
    skip: {
      account_type: 'Declared by each form (DomesticAccount, BusinessAccount).',
      customers: 'Declared by each form: the reference shapes business customers (VAL-6).',
      warm_home_discount: VAL5,
      dunning_path: VAL5,
      debts: VAL5,
      debt: VAL5,
      account_billing_options: VAL5,
      import_supplier:
        'The platform enumerates its own deployment’s supplier codes; the kit’s codes are the operator’s configuration (SUP-1).',
    },
  },
  DomesticAccount: {
    platform: ['EnergyAccount'],
    only: ['warm_home_discount', 'dunning_path', 'debts', 'debt', 'customers'],
  },
  BusinessAccount: {
    platform: ['EnergyAccount'],
    only: ['account_billing_options', 'customers'],
    keepRequired: { account_type: 'It picks the business form (see Account).' },
  },
  AccountBillingOptions: { platform: ['EnergyAccountBillingOptions'] },
  AccountCampaign: { platform: ['AccountCampaign'] },
  DomesticCustomer: {
    platform: ['EnergyCustomer'],
    keepRequired: {
      family_name:
        'The platform requires a family name for every domestic customer through an account validator (customer_family_name_required).',
    },
  },
  BusinessCustomer: {
    platform: ['EnergyCustomer'],
    only: ['given_name', 'email', 'landline', 'salutation', 'customer_preferences'],
    skipAll:
      'VAL-6: a business customer carries only given_name, email, landline, salutation and customer_preferences; the platform’s customer schema has more fields.',
  },
  PsrRecord: { platform: ['EnergyPSR'] },
  CustomerPreferences: { platform: ['EnergyCustomerPreferences'] },
  SupplyAddress: { platform: ['EnergyLegacySupplyAddress'], keepMinItems: ['meter_points'] },
  PropertyAdministrator: { platform: ['PropertyAdministrator'] },
  ElectricityMeterPoint: { platform: ['ElectricityMeterPoint'] },
  GasMeterPoint: { platform: ['GasMeterPoint'] },
  EnergyAgreement: { platform: ['ElectricityAgreement', 'GasAgreement'] },
  ElectricityMeter: { platform: ['ElectricityMeter'] },
  GasMeter: { platform: ['GasMeter'] },
  Register: { platform: ['ElectricityRegister'] },
  TransferReading: { platform: ['Reading'] },
  HistoricalReading: { platform: ['HistoricalReading'] },
  EacEntry: { platform: ['ElectricityEstimatedAnnualConsumption'] },
  AqEntry: { platform: ['GasAnnualQuantity'] },
  SmartRefusalInterest: { platform: ['EnergySmartRefusalInterest'] },
  PrepayDetails: { platform: ['EnergyPrepaymentDetails', 'GasPrepaymentDetails'] },
  GasDebtRepaymentOptions: { platform: ['GasPrepayDebtRepaymentOptions'] },
  PaymentSchedule: { platform: ['PaymentSchedule'] },
  AccountReference: { platform: ['AccountReference'] },
  AccountNote: { platform: ['Note'] },
  DocumentPathItem: { platform: ['NoteDocument'] },
  AccountStatement: { platform: ['Statement'] },
  WarmHomeDiscount: { platform: ['EnergyWarmHomeDiscount'] },
  DunningPath: { platform: ['DunningPath'] },
  Debt: { platform: ['Debt'] },
  AgedDebt: { platform: ['AgedDebt'] },
  MetadataEntry: { platform: ['Metadata'] },
  ProcessRequest: {
    platform: ['ProcessAccountImportProcess'],
    skip: {
      import_supplier_code: 'The kit’s supplier codes are the operator’s configuration (SUP-1).',
    },
  },
  NotesRequest: {
    platform: ['AccountNote'],
    skip: { import_supplier: 'The kit’s supplier codes are the operator’s configuration (SUP-1).' },
  },
  ImportedNote: { platform: ['Note'] },
  TransactionsRequest: {
    platform: ['Transactions'],
    skip: { import_supplier: 'The kit’s supplier codes are the operator’s configuration (SUP-1).' },
  },
  ChargeTransaction: { platform: ['EnergyCharge'] },
  CreditTransaction: { platform: ['EnergyCredit'] },
  PaymentTransaction: { platform: ['EnergyPayment'] },
  RepaymentTransaction: { platform: ['EnergyRepayment'] },
  SupplyChargeTransaction: { platform: ['EnergySupplyCharge'] },
  LineItem: { platform: ['LineItem'] },
  TaxItem: { platform: ['TaxItem'] },
  HistoricalStatementsRequest: {
    platform: ['HistoricalStatements'],
    skip: { import_supplier: 'The kit’s supplier codes are the operator’s configuration (SUP-1).' },
  },
  HistoricalStatement: { platform: ['Statement'] },
  PaymentInstructionRequest: {
    platform: ['LegacyPaymentInstruction'],
    skip: { import_supplier: 'The kit’s supplier codes are the operator’s configuration (SUP-1).' },
  },
};

/** Platform schemas the kit already has under another name (for `$ref`s of added fields). */
const KIT_NAME: Record<string, string> = {
  EnergyAccountBillingOptions: 'AccountBillingOptions',
  AccountCampaign: 'AccountCampaign',
  EnergyCustomer: 'DomesticCustomer',
  EnergyPSR: 'PsrRecord',
  EnergyCustomerPreferences: 'CustomerPreferences',
  EnergyLegacySupplyAddress: 'SupplyAddress',
  PropertyAdministrator: 'PropertyAdministrator',
  MeterPoint: 'MeterPoint',
  ElectricityMeterPoint: 'ElectricityMeterPoint',
  GasMeterPoint: 'GasMeterPoint',
  ElectricityAgreement: 'EnergyAgreement',
  GasAgreement: 'EnergyAgreement',
  ElectricityMeter: 'ElectricityMeter',
  GasMeter: 'GasMeter',
  ElectricityRegister: 'Register',
  Reading: 'TransferReading',
  HistoricalReading: 'HistoricalReading',
  ElectricityEstimatedAnnualConsumption: 'EacEntry',
  GasAnnualQuantity: 'AqEntry',
  EnergySmartRefusalInterest: 'SmartRefusalInterest',
  EnergyPrepaymentDetails: 'PrepayDetails',
  GasPrepaymentDetails: 'PrepayDetails',
  GasPrepayDebtRepaymentOptions: 'GasDebtRepaymentOptions',
  PaymentSchedule: 'PaymentSchedule',
  AccountReference: 'AccountReference',
  Note: 'AccountNote',
  NoteDocument: 'DocumentPathItem',
  Statement: 'AccountStatement',
  EnergyWarmHomeDiscount: 'WarmHomeDiscount',
  DunningPath: 'DunningPath',
  Debt: 'Debt',
  AgedDebt: 'AgedDebt',
  Metadata: 'MetadataEntry',
  EnergyTransaction: 'LedgerTransaction',
  LineItem: 'LineItem',
  TaxItem: 'TaxItem',
  // The platform's Ledger names a ledger by code; the kit's Ledger is the reference's ledger.
  Ledger: 'LedgerCode',
};

/** Platform schemas that get a kit file of their own, named after them (unless KIT_NAME says). */
const created = new Map<string, Json>();
const log: string[] = [];

function kitName(platformName: string): string {
  return KIT_NAME[platformName] ?? platformName.replace(/[^A-Za-z0-9]/g, '');
}

function decimalName(pattern: string): { name: string; whole: number; places: number } {
  const m = /\\d\{0,(\d+)\}\(\?:\\\.\\d\{0,(\d+)\}\)/.exec(pattern);
  if (!m) throw new Error(`unexpected decimal pattern ${pattern}`);
  const whole = Number(m[1]);
  const places = Number(m[2]);
  return { name: `Decimal${whole}x${places}`, whole, places };
}

const decimals = new Map<string, { whole: number; places: number }>();

function codesOf(node: Json): string[] {
  const validators = (node['x-validators'] as { possible_errors?: string[] }[] | undefined) ?? [];
  return [...new Set(validators.flatMap((v) => v.possible_errors ?? []))];
}

/** Translates one platform field (OpenAPI 3.0) into the kit's OpenAPI 3.1 form. */
function translate(p: Json): Json {
  const nullable = p.nullable === true;
  let out: Json;
  const ref = (p.$ref ?? (p.allOf as Json[] | undefined)?.[0]?.$ref) as string | undefined;
  if (ref) {
    const name = ref.split('/').pop() as string;
    ensureSchema(name);
    out = { $ref: `./${kitName(name)}.yaml` };
  } else if (p.type === 'string' && p.format === 'decimal') {
    const d = decimalName(p.pattern as string);
    decimals.set(d.name, d);
    out = { $ref: `./${d.name}.yaml` };
  } else if (p.type === 'string' && p.format === 'date') {
    out = { $ref: './Date.yaml' };
  } else if (p.type === 'string' && p.format === 'date-time') {
    out = { $ref: './DateTime.yaml' };
  } else if (p.type === 'string' && p.format === 'email') {
    out = { $ref: './Email.yaml' };
  } else if (p.type === 'array') {
    out = { type: 'array', items: translate(p.items as Json) };
    if (p.minItems !== undefined) out.minItems = p.minItems;
  } else if (p.type === undefined && p.enum === undefined) {
    out = {};
    if (p['x-comment']) {
      out.description =
        'A value from a set the platform configures per deployment (any JSON value here).';
    }
  } else {
    out = {};
    if (p.type !== undefined) out.type = p.type;
    for (const key of ['maxLength', 'minLength', 'minimum', 'maximum', 'format']) {
      if (p[key] !== undefined) out[key] = p[key];
    }
    if (p.format === 'time') {
      // DRF's time form, without the zone ajv's `time` format asks for.
      delete out.format;
      out.pattern = '^\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,6})?)?$';
    }
    if (Array.isArray(p.enum)) out.enum = (p.enum as unknown[]).filter((v) => v !== null);
  }
  if (nullable) out = nullableOf(out);
  if (p.default !== undefined && !out.$ref) out.default = p.default;
  if (p.deprecated) {
    out.deprecated = true;
    if (p['x-use-instead'])
      out.description = `Deprecated on the platform; use ${p['x-use-instead']}.`;
  }
  const codes = codesOf(p);
  if (codes.length) out['x-platform-codes'] = codes;
  return out;
}

function nullableOf(node: Json): Json {
  if (node.$ref || node.type === undefined) {
    if (node.type === undefined && !node.$ref && !node.enum) return node;
    return { anyOf: [node, { type: 'null' }] };
  }
  const out = { ...node };
  out.type = Array.isArray(node.type) ? [...node.type, 'null'] : [node.type, 'null'];
  if (Array.isArray(node.enum)) out.enum = [...(node.enum as unknown[]), null];
  return out;
}

/** Makes the kit file for a platform-only object schema (and, recursively, its parts). */
function ensureSchema(platformName: string): void {
  const name = kitName(platformName);
  if (created.has(name) || existsSync(join(schemasDir, `${name}.yaml`))) return;
  const p = P[platformName];
  if (!p) throw new Error(`platform schema ${platformName} not found`);
  const out: Json = {};
  created.set(name, out);
  if (Array.isArray(p.oneOf)) {
    const disc = p.discriminator as { propertyName: string; mapping: Record<string, string> };
    out.description = `One of the forms the platform declares, chosen by \`${disc.propertyName}\`.`;
    const branches = [...new Set((p.oneOf as Json[]).map((b) => String(b.$ref)))];
    for (const b of branches) ensureSchema(b.split('/').pop() as string);
    // The platform's tags are not all required, so the branches are told apart by anyOf.
    out.anyOf = branches.map((b) => ({ $ref: `./${kitName(b.split('/').pop() as string)}.yaml` }));
    out['x-platform-discriminator'] = disc.propertyName;
  } else {
    out.type = 'object';
    out.description = `Platform schema ${platformName}, carried as declared.`;
    const props: Json = {};
    for (const [field, node] of Object.entries((p.properties as Json) ?? {})) {
      props[field] = translate(node as Json);
    }
    out.properties = props;
    const required = (p.required as string[] | undefined) ?? [];
    if (required.length) out.required = required;
    out.unevaluatedProperties = false;
  }
  const codes = codesOf(p);
  if (codes.length) out['x-platform-codes'] = codes;
  out['x-source'] = 'platform';
  log.push(`new schema ${name} (platform ${platformName})`);
}

// ---------------------------------------------------------------------------------------------
// Kit files: read, find a field (own or in an allOf base), update or add.

const docs = new Map<string, Document>();

function kitDoc(name: string): Document {
  let doc = docs.get(name);
  if (!doc) {
    doc = parseDocument(readFileSync(join(schemasDir, `${name}.yaml`), 'utf8'));
    docs.set(name, doc);
  }
  return doc;
}

function basesOf(name: string): string[] {
  const allOf = (kitDoc(name).toJS() as Json).allOf as Json[] | undefined;
  return (allOf ?? [])
    .map((b) => String(b.$ref ?? ''))
    .filter((r) => r.startsWith('./'))
    .map((r) => r.slice(2, -'.yaml'.length));
}

/** The kit file that declares a field for a schema: its own file or one of its bases. */
function ownerOf(name: string, field: string): string | null {
  const props = (kitDoc(name).toJS() as Json).properties as Json | undefined;
  if (props && field in props) return name;
  for (const base of basesOf(name)) {
    const owner = ownerOf(base, field);
    if (owner) return owner;
  }
  return null;
}

function resolveKit(node: Json): Json {
  if (
    typeof node.$ref === 'string' &&
    node.$ref.startsWith('./') &&
    existsSync(join(schemasDir, node.$ref.slice(2)))
  ) {
    return kitDoc(node.$ref.slice(2, -'.yaml'.length)).toJS() as Json;
  }
  return node;
}

function allowsNull(node: Json): boolean {
  if (!node.type && !node.$ref && !node.enum && !node.anyOf && !node.oneOf && !node.const)
    return true;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (types.includes('null')) return true;
  for (const k of ['anyOf', 'oneOf'] as const) {
    if ((node[k] as Json[] | undefined)?.some((b) => allowsNull(b))) return true;
  }
  return false;
}

const dirty = new Set<Document>();

function setIn(doc: Document, path: (string | number)[], value: unknown): void {
  doc.setIn(path, doc.createNode(value));
  dirty.add(doc);
}

const FIELD_KEYS_FIRST = ['$ref', 'anyOf', 'type', 'enum', 'const'];

/** Brings an existing kit field in line with the platform field (where the reference is silent). */
function update(schema: string, owner: string, field: string, p: Json): void {
  const doc = kitDoc(owner);
  const path = ['properties', field];
  const node = (doc.getIn(path) as YAMLMap | undefined)?.toJSON() as Json | undefined;
  if (!node || node.const !== undefined) return;
  const changes: string[] = [];
  const resolved = resolveKit(node);
  let next: Json = { ...node };
  // Decimal precision: the platform's exact digits, strings and numbers both accepted.
  if (p.format === 'decimal') {
    const d = decimalName(p.pattern as string);
    decimals.set(d.name, d);
    const target = `./${d.name}.yaml`;
    const inner = (node.anyOf as Json[] | undefined)?.find((b) => b.$ref) ?? node;
    if (inner.$ref !== target) {
      const asNumber = node.type === 'number' || (node.type as unknown[])?.[0] === 'number';
      const { type: _t, $ref: _r, ...rest } = next;
      next = { $ref: target, ...rest };
      if (asNumber) next['x-decimal-as'] = 'number';
      changes.push(`decimal ${d.whole}.${d.places}`);
    }
  } else if (p.format === 'date-time' && resolved.format === 'date' && node.$ref) {
    next.$ref = './DateOrDateTime.yaml';
    changes.push('date or date-time');
  } else if (p.format === 'date' && resolved.format === 'date-time' && node.$ref) {
    next.$ref = './DateOrDateTime.yaml';
    changes.push('date or date-time');
  }
  // Enumerations the platform closes.
  const catalogue = CATALOGUE_FIELDS.has(`${schema}.${field}`);
  if (catalogue) {
    // left as text (see CATALOGUE_FIELDS)
  } else if (
    Array.isArray(p.enum) &&
    !Array.isArray(node.enum) &&
    !node.$ref &&
    p.type === 'string'
  ) {
    next.enum = (p.enum as unknown[]).filter((v) => v !== null);
    delete next.examples;
    // A blank value is not one of the choices (invalid_choice), as the platform answers it.
    delete next.minLength;
    changes.push(`enum of ${(next.enum as unknown[]).length}`);
  } else if (Array.isArray(p.enum) && Array.isArray(node.enum)) {
    const want = (p.enum as unknown[]).filter((v) => v !== null);
    const have = (node.enum as unknown[]).filter((v) => v !== null);
    if (want.join('|') !== have.join('|')) {
      next.enum = want;
      changes.push(`enum ${have.length} -> ${want.length}`);
    }
  }
  // Lengths: the platform's bound replaces a kit guess on an inline string.
  if (
    (!node.$ref && node.type === 'string') ||
    (Array.isArray(node.type) && node.type[0] === 'string' && !node.$ref)
  ) {
    if (p.maxLength !== undefined && node.maxLength !== p.maxLength) {
      next.maxLength = p.maxLength;
      changes.push(`maxLength ${node.maxLength ?? '-'} -> ${p.maxLength}`);
    }
    if (
      p.maxLength === undefined &&
      node.maxLength !== undefined &&
      p.type === 'string' &&
      !p.format
    ) {
      delete next.maxLength;
      changes.push(`maxLength ${node.maxLength} -> none`);
    }
  }
  // Lists the platform allows empty.
  const keep = MAPPINGS[schema]?.keepMinItems?.includes(field);
  if (p.type === 'array' && node.minItems !== undefined && p.minItems === undefined && !keep) {
    delete next.minItems;
    changes.push(`minItems ${node.minItems} -> none`);
  }
  // Numbers given as strings by the kit (integers etc.) stay; a number the platform bounds gets the bound.
  if (p.type === 'integer' && !node.$ref) {
    for (const key of ['minimum', 'maximum']) {
      if (p[key] !== undefined && node[key] === undefined) {
        next[key] = p[key];
        changes.push(`${key} ${p[key]}`);
      }
    }
  }
  // Nullability.
  if (p.nullable === true && !allowsNull(next)) {
    const { description, examples, ...rest } = next;
    const core = Object.fromEntries(
      Object.entries(rest).filter(([k]) => !k.startsWith('x-') && k !== 'default'),
    );
    const meta = Object.fromEntries(
      Object.entries(rest).filter(([k]) => k.startsWith('x-') || k === 'default'),
    );
    const made = nullableOf(core);
    next = {
      ...made,
      ...(description ? { description } : {}),
      ...(examples ? { examples } : {}),
      ...meta,
    };
    changes.push('nullable');
  }
  const codes = codesOf(p);
  if (codes.length && JSON.stringify(node['x-platform-codes']) !== JSON.stringify(codes)) {
    next['x-platform-codes'] = codes;
    changes.push('codes');
  }
  if (changes.length === 0) return;
  next['x-source'] = 'platform';
  // What the platform changed on a field the kit had: the builders draw such fields themselves.
  next['x-platform-facts'] = [
    ...new Set([
      ...((node['x-platform-facts'] as string[] | undefined) ?? []),
      ...changes.map((c) => c.split(' ')[0] as string),
    ]),
  ].sort();
  // Keep the usual key order: shape first, then words, then extensions.
  const ordered: Json = {};
  for (const k of FIELD_KEYS_FIRST) if (k in next) ordered[k] = next[k];
  for (const [k, v] of Object.entries(next)) if (!(k in ordered)) ordered[k] = v;
  setIn(doc, path, ordered);
  log.push(`${schema}.${field} (in ${owner}): ${changes.join(', ')}`);
}

function addDifference(name: string, field: string, why: string): void {
  const doc = kitDoc(name);
  const existing = ((doc.toJS() as Json)['x-platform-difference'] as Json | undefined) ?? {};
  if (existing[field] === why) return;
  setIn(doc, ['x-platform-difference', field], why);
  log.push(`${name}: difference noted for ${field}`);
}

for (const [name, mapping] of Object.entries(MAPPINGS)) {
  const fields: Record<string, Json> = {};
  const required = new Set<string>();
  for (const pName of mapping.platform) {
    const p = P[pName];
    if (!p) throw new Error(`platform schema ${pName} not found`);
    for (const [f, node] of Object.entries((p.properties as Json) ?? {}))
      fields[f] ??= node as Json;
    for (const r of (p.required as string[] | undefined) ?? []) required.add(r);
  }
  for (const [field, p] of Object.entries(fields)) {
    if (mapping.only && !mapping.only.includes(field)) {
      if (mapping.skipAll && !ownerOf(name, field)) addDifference(name, field, mapping.skipAll);
      continue;
    }
    const skip = mapping.skip?.[field];
    if (skip) {
      if (!ownerOf(name, field)) addDifference(name, field, skip);
      continue;
    }
    const owner = ownerOf(name, field);
    if (owner) update(name, owner, field, p);
    else {
      const doc = kitDoc(name);
      const source = CATALOGUE_FIELDS.has(`${name}.${field}`) ? { ...p, enum: undefined } : p;
      const added = { ...translate(source), 'x-source': 'platform' };
      setIn(doc, ['properties', field], added);
      log.push(`${name}.${field}: added`);
    }
  }
  // The codes of the platform schema's own validators (rules over several fields).
  const doc = kitDoc(name);
  if (!mapping.only) {
    const codes = [...new Set(mapping.platform.flatMap((pName) => codesOf(P[pName] as Json)))];
    const have = (doc.toJS() as Json)['x-platform-codes'];
    if (codes.length && JSON.stringify(have) !== JSON.stringify(codes)) {
      setIn(doc, ['x-platform-codes'], codes);
      log.push(`${name}: ${codes.length} schema-level platform codes`);
    }
  }
  // Required set: the platform's, where the reference is silent.
  const js = doc.toJS() as Json;
  const kitRequired = (js.required as string[] | undefined) ?? [];
  const want = new Set<string>();
  for (const r of kitRequired) {
    const isTag =
      ((js.properties as Json | undefined)?.[r] as Json | undefined)?.const !== undefined;
    if (isTag || required.has(r) || mapping.keepRequired?.[r] || !(r in fields)) want.add(r);
  }
  const baseRequired = new Set(
    basesOf(name).flatMap(
      (b) => ((kitDoc(b).toJS() as Json).required as string[] | undefined) ?? [],
    ),
  );
  for (const r of required) {
    if (baseRequired.has(r)) continue;
    if (mapping.only && !mapping.only.includes(r)) continue;
    if (mapping.skip?.[r] || mapping.dropRequired?.[r]) continue;
    if (ownerOf(name, r) || r in fields) want.add(r);
  }
  const next = [...want];
  if (
    next.join('|') !== kitRequired.join('|') &&
    !(next.length === 0 && kitRequired.length === 0)
  ) {
    if (next.length) setIn(doc, ['required'], next);
    else doc.delete('required');
    dirty.add(doc);
    log.push(`${name}: required [${kitRequired.join(', ')}] -> [${next.join(', ')}]`);
  }
}

// Decimal component schemas: one per precision the platform uses (also those only referred to).
for (const file of readdirSync(schemasDir)) {
  for (const m of readFileSync(join(schemasDir, file), 'utf8').matchAll(
    /Decimal(\d+)x(\d+)\.yaml/g,
  )) {
    decimals.set(`Decimal${m[1]}x${m[2]}`, { whole: Number(m[1]), places: Number(m[2]) });
  }
}
for (const [name, { whole, places }] of decimals) {
  const file = join(schemasDir, `${name}.yaml`);
  const body: Json = {
    type: ['string', 'number'],
    pattern: `^-?(?:\\d{1,${whole}}(?:\\.\\d{0,${places}})?|\\.\\d{1,${places}})$`,
    description: `A decimal with at most ${whole} digits before the point and ${places} after it, written as a string (\`"30.00"\`, GEN-7) or as a JSON number, which the platform's serializers accept alike.`,
    'x-source': 'platform',
    'x-decimal': { whole, places },
    'x-error-codes': { pattern: 'invalid' },
    'x-error-details': { pattern: 'A valid number is required.' },
    examples: [
      `${'12'.slice(0, Math.min(whole, 2))}${places > 0 ? `.${'5'.padEnd(Math.min(places, 2), '0')}` : ''}`,
    ],
  };
  const text = new (parseDocument('{}').constructor as typeof Document)(body).toString();
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
    writeFileSync(file, text);
    log.push(`decimal schema ${name}`);
  }
}

for (const [name, body] of created) {
  const text = new (parseDocument('{}').constructor as typeof Document)(body).toString();
  writeFileSync(join(schemasDir, `${name}.yaml`), text);
}
for (const [name, doc] of docs) {
  if (!dirty.has(doc)) continue;
  const text = doc.toString({ lineWidth: 0, flowCollectionPadding: false });
  if (readFileSync(join(schemasDir, `${name}.yaml`), 'utf8') !== text) {
    writeFileSync(join(schemasDir, `${name}.yaml`), text);
  }
}
console.log(log.join('\n'));
console.log(`${log.length} changes`);

// Every schema file is listed in the root document's components (decision 001).
const rootPath = join(root, 'spec/openapi.yaml');
const rootDoc = parseDocument(readFileSync(rootPath, 'utf8'));
const listed = new Set(Object.keys(((rootDoc.toJS() as Json).components as Json).schemas as Json));
let added = 0;
for (const file of readdirSync(schemasDir).sort()) {
  const name = file.replace(/\.yaml$/, '');
  if (listed.has(name)) continue;
  rootDoc.setIn(
    ['components', 'schemas', name],
    rootDoc.createNode({ $ref: `./components/schemas/${name}.yaml` }),
  );
  added += 1;
}
if (added)
  writeFileSync(rootPath, rootDoc.toString({ lineWidth: 0, flowCollectionPadding: false }));
