/**
 * Carries the fields the real platform's published contract declares on the interface's request
 * bodies into the kit's hand-written spec, as facts marked `x-source: platform`.
 *
 * The platform decides where the interface reference is silent (which fields exist, nullability,
 * optionality, enumerations, lengths, decimal precision); the reference wins where it speaks, so
 * a mapped field the reference shapes differently keeps the reference's form and gets an
 * `x-platform-difference` note. The script is idempotent: a second run changes nothing. Run it
 * with `npm run spec:platform-import [-- path/to/data-import-openapi.yml]`, then
 * `npm run spec:build`. It prints what it changed, field by field.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Document, parseDocument, type YAMLMap } from 'yaml';

type Json = Record<string, unknown>;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The platform's published contract, where it sits beside the repository
 * (../shared/reference/platform/, resolved from the repository's root); another copy is named as
 * the command's argument.
 */
export const DEFAULT_PLATFORM_PATH = join(
  root,
  '../shared/reference/platform/data-import-openapi.yml',
);

/** A kit schema, the platform schemas whose fields it takes, and the fields the reference shapes. */
export interface Mapping {
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

/** The kit schemas that take platform fields, and from which platform schemas. */
export const MAPPINGS: Record<string, Mapping> = {
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

function codesOf(node: Json): string[] {
  const validators = (node['x-validators'] as { possible_errors?: string[] }[] | undefined) ?? [];
  return [...new Set(validators.flatMap((v) => v.possible_errors ?? []))];
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

const FIELD_KEYS_FIRST = ['$ref', 'anyOf', 'type', 'enum', 'const'];

/** One kit field being brought in line with its platform field: what each step reads and changes. */
interface FieldChange {
  /** The kit field as it stands. */
  readonly node: Json;
  /** The platform field. */
  readonly p: Json;
  /** The kit field as it will be written. */
  next: Json;
  /** What changed, one short phrase a change (its first word is the fact's name). */
  readonly changes: string[];
}

/** Enumerations the platform closes, except a catalogue's (see CATALOGUE_FIELDS). */
function enumStep(c: FieldChange, catalogue: boolean): void {
  if (catalogue) return;
  if (
    Array.isArray(c.p.enum) &&
    !Array.isArray(c.node.enum) &&
    !c.node.$ref &&
    c.p.type === 'string'
  ) {
    c.next.enum = (c.p.enum as unknown[]).filter((v) => v !== null);
    delete c.next.examples;
    // A blank value is not one of the choices (invalid_choice), as the platform answers it.
    delete c.next.minLength;
    c.changes.push(`enum of ${(c.next.enum as unknown[]).length}`);
  } else if (Array.isArray(c.p.enum) && Array.isArray(c.node.enum)) {
    const want = (c.p.enum as unknown[]).filter((v) => v !== null);
    const have = (c.node.enum as unknown[]).filter((v) => v !== null);
    if (want.join('|') !== have.join('|')) {
      c.next.enum = want;
      c.changes.push(`enum ${have.length} -> ${want.length}`);
    }
  }
}

/** Lengths: the platform's bound replaces a kit guess on an inline string. */
function lengthStep(c: FieldChange): void {
  if (
    (!c.node.$ref && c.node.type === 'string') ||
    (Array.isArray(c.node.type) && c.node.type[0] === 'string' && !c.node.$ref)
  ) {
    if (c.p.maxLength !== undefined && c.node.maxLength !== c.p.maxLength) {
      c.next.maxLength = c.p.maxLength;
      c.changes.push(`maxLength ${c.node.maxLength ?? '-'} -> ${c.p.maxLength}`);
    }
    if (
      c.p.maxLength === undefined &&
      c.node.maxLength !== undefined &&
      c.p.type === 'string' &&
      !c.p.format
    ) {
      delete c.next.maxLength;
      c.changes.push(`maxLength ${c.node.maxLength} -> none`);
    }
  }
}

/**
 * Lists the platform allows empty (unless the kit keeps them non-empty), and the bounds the
 * platform gives an integer; numbers the kit gives as strings stay.
 */
function countStep(c: FieldChange, keepMinItems: boolean): void {
  if (
    c.p.type === 'array' &&
    c.node.minItems !== undefined &&
    c.p.minItems === undefined &&
    !keepMinItems
  ) {
    delete c.next.minItems;
    c.changes.push(`minItems ${c.node.minItems} -> none`);
  }
  if (c.p.type === 'integer' && !c.node.$ref) {
    for (const key of ['minimum', 'maximum']) {
      if (c.p[key] !== undefined && c.node[key] === undefined) {
        c.next[key] = c.p[key];
        c.changes.push(`${key} ${c.p[key]}`);
      }
    }
  }
}

/** Nullability: a field the platform makes nullable takes null, its words and extensions kept. */
function nullableStep(c: FieldChange): void {
  if (c.p.nullable === true && !allowsNull(c.next)) {
    const { description, examples, ...rest } = c.next;
    const core = Object.fromEntries(
      Object.entries(rest).filter(([k]) => !k.startsWith('x-') && k !== 'default'),
    );
    const meta = Object.fromEntries(
      Object.entries(rest).filter(([k]) => k.startsWith('x-') || k === 'default'),
    );
    const made = nullableOf(core);
    c.next = {
      ...made,
      ...(description ? { description } : {}),
      ...(examples ? { examples } : {}),
      ...meta,
    };
    c.changes.push('nullable');
  }
}

/** The codes of the platform field's validators. */
function codesStep(c: FieldChange): void {
  const codes = codesOf(c.p);
  if (codes.length && JSON.stringify(c.node['x-platform-codes']) !== JSON.stringify(codes)) {
    c.next['x-platform-codes'] = codes;
    c.changes.push('codes');
  }
}

/**
 * The changed field as written: marked as the platform's, with the facts the platform changed
 * (the builders draw such fields themselves), in the usual key order (shape, words, extensions).
 */
function changedField(c: FieldChange): Json {
  c.next['x-source'] = 'platform';
  c.next['x-platform-facts'] = [
    ...new Set([
      ...((c.node['x-platform-facts'] as string[] | undefined) ?? []),
      ...c.changes.map((change) => change.split(' ')[0] as string),
    ]),
  ].sort();
  const ordered: Json = {};
  for (const k of FIELD_KEYS_FIRST) if (k in c.next) ordered[k] = c.next[k];
  for (const [k, v] of Object.entries(c.next)) if (!(k in ordered)) ordered[k] = v;
  return ordered;
}

/** One run of the import over one spec folder: what it read, made and changed. */
class PlatformImport {
  /** Platform schemas that get a kit file of their own, named after them (unless KIT_NAME says). */
  readonly created = new Map<string, Json>();
  readonly log: string[] = [];
  readonly decimals = new Map<string, { whole: number; places: number }>();
  readonly docs = new Map<string, Document>();
  readonly dirty = new Set<Document>();
  readonly schemasDir: string;

  constructor(
    readonly platform: Record<string, Json>,
    readonly specDir: string,
    readonly mappings: Record<string, Mapping>,
  ) {
    this.schemasDir = join(specDir, 'components/schemas');
  }

  /** Translates one platform field (OpenAPI 3.0) into the kit's OpenAPI 3.1 form. */
  translate(p: Json): Json {
    const nullable = p.nullable === true;
    let out: Json;
    const ref = (p.$ref ?? (p.allOf as Json[] | undefined)?.[0]?.$ref) as string | undefined;
    if (ref) {
      const name = ref.split('/').pop() as string;
      this.ensureSchema(name);
      out = { $ref: `./${kitName(name)}.yaml` };
    } else if (p.type === 'string' && p.format === 'decimal') {
      const d = decimalName(p.pattern as string);
      this.decimals.set(d.name, d);
      out = { $ref: `./${d.name}.yaml` };
    } else if (p.type === 'string' && p.format === 'date') {
      out = { $ref: './Date.yaml' };
    } else if (p.type === 'string' && p.format === 'date-time') {
      out = { $ref: './DateTime.yaml' };
    } else if (p.type === 'string' && p.format === 'email') {
      out = { $ref: './Email.yaml' };
    } else if (p.type === 'array') {
      out = { type: 'array', items: this.translate(p.items as Json) };
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

  /** Makes the kit file for a platform-only object schema (and, recursively, its parts). */
  ensureSchema(platformName: string): void {
    const name = kitName(platformName);
    if (this.created.has(name) || existsSync(join(this.schemasDir, `${name}.yaml`))) return;
    const p = this.platform[platformName];
    if (!p) throw new Error(`platform schema ${platformName} not found`);
    const out: Json = {};
    this.created.set(name, out);
    if (Array.isArray(p.oneOf)) {
      const disc = p.discriminator as { propertyName: string; mapping: Record<string, string> };
      out.description = `One of the forms the platform declares, chosen by \`${disc.propertyName}\`.`;
      const branches = [...new Set((p.oneOf as Json[]).map((b) => String(b.$ref)))];
      for (const b of branches) this.ensureSchema(b.split('/').pop() as string);
      // The platform's tags are not all required, so the branches are told apart by anyOf.
      out.anyOf = branches.map((b) => ({
        $ref: `./${kitName(b.split('/').pop() as string)}.yaml`,
      }));
      out['x-platform-discriminator'] = disc.propertyName;
    } else {
      out.type = 'object';
      out.description = `Platform schema ${platformName}, carried as declared.`;
      const props: Json = {};
      for (const [field, node] of Object.entries((p.properties as Json) ?? {})) {
        props[field] = this.translate(node as Json);
      }
      out.properties = props;
      const required = (p.required as string[] | undefined) ?? [];
      if (required.length) out.required = required;
      out.unevaluatedProperties = false;
    }
    const codes = codesOf(p);
    if (codes.length) out['x-platform-codes'] = codes;
    out['x-source'] = 'platform';
    this.log.push(`new schema ${name} (platform ${platformName})`);
  }

  /** A kit schema file, read once and kept until written. */
  kitDoc(name: string): Document {
    let doc = this.docs.get(name);
    if (!doc) {
      doc = parseDocument(readFileSync(join(this.schemasDir, `${name}.yaml`), 'utf8'));
      this.docs.set(name, doc);
    }
    return doc;
  }

  basesOf(name: string): string[] {
    const allOf = (this.kitDoc(name).toJS() as Json).allOf as Json[] | undefined;
    return (allOf ?? [])
      .map((b) => String(b.$ref ?? ''))
      .filter((r) => r.startsWith('./'))
      .map((r) => r.slice(2, -'.yaml'.length));
  }

  /** The kit file that declares a field for a schema: its own file or one of its bases. */
  ownerOf(name: string, field: string): string | null {
    const props = (this.kitDoc(name).toJS() as Json).properties as Json | undefined;
    if (props && field in props) return name;
    for (const base of this.basesOf(name)) {
      const owner = this.ownerOf(base, field);
      if (owner) return owner;
    }
    return null;
  }

  resolveKit(node: Json): Json {
    if (
      typeof node.$ref === 'string' &&
      node.$ref.startsWith('./') &&
      existsSync(join(this.schemasDir, node.$ref.slice(2)))
    ) {
      return this.kitDoc(node.$ref.slice(2, -'.yaml'.length)).toJS() as Json;
    }
    return node;
  }

  /** Sets a value in a kit file and marks the file to be written. */
  setIn(doc: Document, path: (string | number)[], value: unknown): void {
    doc.setIn(path, doc.createNode(value));
    this.dirty.add(doc);
  }

  /** Decimal precision (the platform's exact digits, strings and numbers both accepted) and dates. */
  precisionStep(c: FieldChange): void {
    const resolved = this.resolveKit(c.node);
    if (c.p.format === 'decimal') {
      const d = decimalName(c.p.pattern as string);
      this.decimals.set(d.name, d);
      const target = `./${d.name}.yaml`;
      const inner = (c.node.anyOf as Json[] | undefined)?.find((b) => b.$ref) ?? c.node;
      if (inner.$ref !== target) {
        const asNumber = c.node.type === 'number' || (c.node.type as unknown[])?.[0] === 'number';
        const { type: _t, $ref: _r, ...rest } = c.next;
        c.next = { $ref: target, ...rest };
        if (asNumber) c.next['x-decimal-as'] = 'number';
        c.changes.push(`decimal ${d.whole}.${d.places}`);
      }
    } else if (c.p.format === 'date-time' && resolved.format === 'date' && c.node.$ref) {
      c.next.$ref = './DateOrDateTime.yaml';
      c.changes.push('date or date-time');
    } else if (c.p.format === 'date' && resolved.format === 'date-time' && c.node.$ref) {
      c.next.$ref = './DateOrDateTime.yaml';
      c.changes.push('date or date-time');
    }
  }

  /** Brings an existing kit field in line with the platform field (where the reference is silent). */
  update(schema: string, owner: string, field: string, p: Json): void {
    const doc = this.kitDoc(owner);
    const path = ['properties', field];
    const node = (doc.getIn(path) as YAMLMap | undefined)?.toJSON() as Json | undefined;
    if (!node || node.const !== undefined) return;
    const c: FieldChange = { node, p, next: { ...node }, changes: [] };
    this.precisionStep(c);
    enumStep(c, CATALOGUE_FIELDS.has(`${schema}.${field}`));
    lengthStep(c);
    countStep(c, this.mappings[schema]?.keepMinItems?.includes(field) ?? false);
    nullableStep(c);
    codesStep(c);
    if (c.changes.length === 0) return;
    this.setIn(doc, path, changedField(c));
    this.log.push(`${schema}.${field} (in ${owner}): ${c.changes.join(', ')}`);
  }

  /** Notes a platform field the reference decides against, with the reason. */
  addDifference(name: string, field: string, why: string): void {
    const doc = this.kitDoc(name);
    const existing = ((doc.toJS() as Json)['x-platform-difference'] as Json | undefined) ?? {};
    if (existing[field] === why) return;
    this.setIn(doc, ['x-platform-difference', field], why);
    this.log.push(`${name}: difference noted for ${field}`);
  }

  /** Brings one kit schema in line with its platform schemas (see {@link Mapping}). */
  applyMapping(name: string, mapping: Mapping): void {
    const fields: Record<string, Json> = {};
    const required = new Set<string>();
    for (const pName of mapping.platform) {
      const p = this.platform[pName];
      if (!p) throw new Error(`platform schema ${pName} not found`);
      for (const [f, node] of Object.entries((p.properties as Json) ?? {}))
        fields[f] ??= node as Json;
      for (const r of (p.required as string[] | undefined) ?? []) required.add(r);
    }
    for (const [field, p] of Object.entries(fields)) {
      if (mapping.only && !mapping.only.includes(field)) {
        if (mapping.skipAll && !this.ownerOf(name, field))
          this.addDifference(name, field, mapping.skipAll);
        continue;
      }
      const skip = mapping.skip?.[field];
      if (skip) {
        if (!this.ownerOf(name, field)) this.addDifference(name, field, skip);
        continue;
      }
      const owner = this.ownerOf(name, field);
      if (owner) this.update(name, owner, field, p);
      else {
        const doc = this.kitDoc(name);
        const source = CATALOGUE_FIELDS.has(`${name}.${field}`) ? { ...p, enum: undefined } : p;
        const added = { ...this.translate(source), 'x-source': 'platform' };
        this.setIn(doc, ['properties', field], added);
        this.log.push(`${name}.${field}: added`);
      }
    }
    // The codes of the platform schema's own validators (rules over several fields).
    const doc = this.kitDoc(name);
    if (!mapping.only) {
      const codes = [
        ...new Set(mapping.platform.flatMap((pName) => codesOf(this.platform[pName] as Json))),
      ];
      const have = (doc.toJS() as Json)['x-platform-codes'];
      if (codes.length && JSON.stringify(have) !== JSON.stringify(codes)) {
        this.setIn(doc, ['x-platform-codes'], codes);
        this.log.push(`${name}: ${codes.length} schema-level platform codes`);
      }
    }
    this.applyRequired(name, mapping, fields, required);
  }

  /** The kit schema's required set: the platform's, where the reference is silent. */
  applyRequired(
    name: string,
    mapping: Mapping,
    fields: Record<string, Json>,
    required: Set<string>,
  ): void {
    const doc = this.kitDoc(name);
    const js = doc.toJS() as Json;
    const kitRequired = (js.required as string[] | undefined) ?? [];
    const want = new Set<string>();
    for (const r of kitRequired) {
      const isTag =
        ((js.properties as Json | undefined)?.[r] as Json | undefined)?.const !== undefined;
      if (isTag || required.has(r) || mapping.keepRequired?.[r] || !(r in fields)) want.add(r);
    }
    const baseRequired = new Set(
      this.basesOf(name).flatMap(
        (b) => ((this.kitDoc(b).toJS() as Json).required as string[] | undefined) ?? [],
      ),
    );
    for (const r of required) {
      if (baseRequired.has(r)) continue;
      if (mapping.only && !mapping.only.includes(r)) continue;
      if (mapping.skip?.[r] || mapping.dropRequired?.[r]) continue;
      if (this.ownerOf(name, r) || r in fields) want.add(r);
    }
    const next = [...want];
    if (
      next.join('|') !== kitRequired.join('|') &&
      !(next.length === 0 && kitRequired.length === 0)
    ) {
      if (next.length) this.setIn(doc, ['required'], next);
      else doc.delete('required');
      this.dirty.add(doc);
      this.log.push(`${name}: required [${kitRequired.join(', ')}] -> [${next.join(', ')}]`);
    }
  }

  /** Writes one decimal schema per precision the platform uses (also those only referred to). */
  writeDecimals(): void {
    for (const file of this.schemaFiles()) {
      for (const m of readFileSync(join(this.schemasDir, file), 'utf8').matchAll(
        /Decimal(\d+)x(\d+)\.yaml/g,
      )) {
        this.decimals.set(`Decimal${m[1]}x${m[2]}`, { whole: Number(m[1]), places: Number(m[2]) });
      }
    }
    for (const [name, { whole, places }] of this.decimals) {
      const file = join(this.schemasDir, `${name}.yaml`);
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
        this.log.push(`decimal schema ${name}`);
      }
    }
  }

  /** Writes the schemas made and the kit files changed, leaving an unchanged file untouched. */
  writeSchemas(): void {
    for (const [name, body] of this.created) {
      const text = new (parseDocument('{}').constructor as typeof Document)(body).toString();
      writeFileSync(join(this.schemasDir, `${name}.yaml`), text);
    }
    for (const [name, doc] of this.docs) {
      if (!this.dirty.has(doc)) continue;
      const text = doc.toString({ lineWidth: 0, flowCollectionPadding: false });
      if (readFileSync(join(this.schemasDir, `${name}.yaml`), 'utf8') !== text) {
        writeFileSync(join(this.schemasDir, `${name}.yaml`), text);
      }
    }
  }

  /** The schema files of the kit: the YAML files of the folder, not its sub-folders (catalogue/). */
  schemaFiles(): string[] {
    return readdirSync(this.schemasDir).filter((file) => file.endsWith('.yaml'));
  }

  /**
   * Lists every schema file of the interface in the root document's components (decision 001);
   * a schema the control document refers to (control.yaml) is the control API's, not listed here.
   */
  listSchemas(): void {
    const rootPath = join(this.specDir, 'openapi.yaml');
    const controlPath = join(this.specDir, 'control.yaml');
    const control = existsSync(controlPath) ? readFileSync(controlPath, 'utf8') : '';
    const rootDoc = parseDocument(readFileSync(rootPath, 'utf8'));
    const listed = new Set(
      Object.keys(((rootDoc.toJS() as Json).components as Json).schemas as Json),
    );
    let added = 0;
    for (const file of this.schemaFiles().sort()) {
      const name = file.replace(/\.yaml$/, '');
      if (listed.has(name) || control.includes(`/components/schemas/${file}`)) continue;
      rootDoc.setIn(
        ['components', 'schemas', name],
        rootDoc.createNode({ $ref: `./components/schemas/${name}.yaml` }),
      );
      added += 1;
    }
    if (added)
      writeFileSync(rootPath, rootDoc.toString({ lineWidth: 0, flowCollectionPadding: false }));
  }
}

/** Where {@link main} writes, and which kit schemas it maps (a test names a small spec). */
export interface ImportOptions {
  /** The spec folder (openapi.yaml and components/schemas/); the repository's by default. */
  specDir?: string;
  mappings?: Record<string, Mapping>;
}

/**
 * Imports the platform document at `platformPath` into the spec folder, prints what changed,
 * field by field, and returns those lines. Reads and writes nothing until it is called.
 */
export function main(
  platformPath: string = DEFAULT_PLATFORM_PATH,
  options: ImportOptions = {},
): string[] {
  if (!existsSync(platformPath)) {
    throw new Error(`no platform document at ${platformPath}; name it as the argument`);
  }
  const platform = parseDocument(readFileSync(platformPath, 'utf8')).toJS() as Json;
  const run = new PlatformImport(
    (platform.components as Json).schemas as Record<string, Json>,
    options.specDir ?? join(root, 'spec'),
    options.mappings ?? MAPPINGS,
  );
  for (const [name, mapping] of Object.entries(run.mappings)) run.applyMapping(name, mapping);
  run.writeDecimals();
  run.writeSchemas();
  console.log(run.log.join('\n'));
  console.log(`${run.log.length} changes`);
  run.listSchemas();
  return run.log;
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const argument = process.argv[2];
  try {
    main(argument === undefined ? undefined : resolve(argument));
  } catch (error) {
    console.error(`platform-import: ${(error as Error).message}`);
    process.exit(2);
  }
}
