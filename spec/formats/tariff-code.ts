/**
 * Octopus-style tariff codes `{E|G}-{1R|2R|4R}-{PRODUCT}-{GSP letter}`, e.g.
 * `E-1R-AGILE-24-10-01-C`.
 *
 * Source: docs/sources.md, Tariff / product codes (S13 examples; the loose regex and the
 * product catalogue are the mock's [I] choices). The real platform only checks that a code
 * belongs to an active product (tariff_code_not_found), so the format is a fixture convention,
 * not a contract rule.
 */
import type { Faker } from '@faker-js/faker';
import { GSP_GROUP_LETTERS, type GspGroupLetter } from './mpan.ts';

/** The notes' loose pattern for Octopus-style codes; the suffix is a GSP group letter. */
export const TARIFF_CODE_PATTERN = /^([EG])-(1R|2R|4R)-([A-Z0-9-]+)-([A-HJ-NP])$/;

/** `E` electricity or `G` gas. */
export type TariffFuel = 'E' | 'G';

/** Single register (1R), dual register / Economy 7 (2R) or four registers (4R). */
export type TariffRegisters = '1R' | '2R' | '4R';

/** The parts of a tariff code. */
export interface TariffCodeParts {
  fuel: TariffFuel;
  registers: TariffRegisters;
  product: string;
  gspGroup: GspGroupLetter;
}

/** Whether a code has the Octopus shape of the notes (loose: any product code). */
export function isValidTariffCode(value: string): boolean {
  return parseTariffCode(value) !== undefined;
}

/** The parts of an Octopus-style code, or undefined when it has another shape. */
export function parseTariffCode(value: string): TariffCodeParts | undefined {
  const match = TARIFF_CODE_PATTERN.exec(value);
  if (!match) return undefined;
  return {
    fuel: match[1] as TariffFuel,
    registers: match[2] as TariffRegisters,
    product: match[3]!,
    gspGroup: match[4] as GspGroupLetter,
  };
}

// VAR and AGILE occur in the notes' examples; the other names are illustrative. [I]
const PRODUCT_NAMES = ['VAR', 'AGILE', 'FIX-12M', 'GO', 'TRACKER'] as const;

/**
 * A seeded product code `NAME-YY-MM-DD` (the notes' `VAR-17-01-11`, `AGILE-24-10-01`), the date
 * being the product's launch between 2017 and 2025.
 */
export function generateProductCode(faker: Faker): string {
  const name = faker.helpers.arrayElement(PRODUCT_NAMES);
  const yy = String(faker.number.int({ min: 17, max: 25 }));
  const mm = String(faker.number.int({ min: 1, max: 12 })).padStart(2, '0');
  const dd = String(faker.number.int({ min: 1, max: 28 })).padStart(2, '0');
  return `${name}-${yy}-${mm}-${dd}`;
}

/** Options of {@link generateTariffCode}. */
export interface GenerateTariffCodeOptions {
  /** `E` (default) or `G`. */
  fuel?: TariffFuel;
  /** Electricity only; `1R` by default. Gas tariffs are always `1R`. */
  registers?: TariffRegisters;
  /** The region; match the MPAN's distributor (see DNO_REGIONS). Picked by the faker if absent. */
  gspGroup?: GspGroupLetter;
  /** A product code; a generated one if absent. */
  product?: string;
}

/**
 * A seeded Octopus-style tariff code, e.g. `E-2R-VAR-22-11-01-C` (docs/sources.md).
 *
 * @throws RangeError for a gas code with more than one register, or a product code that would
 * not fit the pattern.
 */
export function generateTariffCode(faker: Faker, options: GenerateTariffCodeOptions = {}): string {
  const fuel = options.fuel ?? 'E';
  const registers = options.registers ?? '1R';
  if (fuel === 'G' && registers !== '1R') {
    throw new RangeError(`gas tariffs are single register, got ${registers}`);
  }
  const gspGroup = options.gspGroup ?? faker.helpers.arrayElement(GSP_GROUP_LETTERS);
  const product = options.product ?? generateProductCode(faker);
  const code = `${fuel}-${registers}-${product}-${gspGroup}`;
  if (!TARIFF_CODE_PATTERN.test(code)) {
    throw new RangeError(`tariff code "${code}" does not fit ${TARIFF_CODE_PATTERN}`);
  }
  return code;
}

/** The platform catalogue's products (decision 015). */
export type CatalogueProduct =
  import('../generated/control.ts').components['schemas']['AgreementsCatalogue']['products'][number];

/** One tariff of a catalogue product: a fuel and a tariff type. */
export type CatalogueTariff = CatalogueProduct['tariffs'][number];

/** A tariff code resolved against the catalogue. */
export interface ResolvedTariff {
  product: CatalogueProduct;
  tariff: CatalogueTariff;
}

interface TariffIndex {
  byProduct: Map<string, CatalogueProduct>;
  byCode: Map<string, ResolvedTariff>;
}

// One index per products list: the catalogue changes only when the operator replaces it.
const indexes = new WeakMap<readonly CatalogueProduct[], TariffIndex>();

function indexOf(products: readonly CatalogueProduct[]): TariffIndex {
  let index = indexes.get(products);
  if (!index) {
    index = { byProduct: new Map(), byCode: new Map() };
    for (const product of products) {
      index.byProduct.set(product.code, product);
      for (const tariff of product.tariffs) {
        for (const code of tariff.codes ?? []) index.byCode.set(code, { product, tariff });
      }
    }
    indexes.set(products, index);
  }
  return index;
}

/**
 * The product and tariff a tariff code names in a catalogue (platform: tariff_code_not_found):
 * one of a tariff's own codes, or the regional form `{E|G}-{type}-{product}-{GSP}` of a tariff
 * that has no codes of its own. Undefined when no tariff of the catalogue has the code.
 */
export function findTariff(
  products: readonly CatalogueProduct[],
  code: string,
): ResolvedTariff | undefined {
  const index = indexOf(products);
  const own = index.byCode.get(code);
  if (own) return own;
  const parts = parseTariffCode(code);
  if (!parts) return undefined;
  const product = index.byProduct.get(parts.product);
  const fuel = parts.fuel === 'E' ? 'ELECTRICITY' : 'GAS';
  const tariff = product?.tariffs.find(
    (t) => t.fuel === fuel && t.tariff_type === parts.registers && !t.codes?.length,
  );
  return product && tariff ? { product, tariff } : undefined;
}

/** The date (`YYYY-MM-DD`) a product goes on sale. */
export function productAvailableFrom(product: CatalogueProduct): string {
  return product.available_from.slice(0, 10);
}

/** The date (`YYYY-MM-DD`, exclusive) a product comes off sale, or undefined while on sale. */
export function productAvailableTo(product: CatalogueProduct): string | undefined {
  return product.available_to ? product.available_to.slice(0, 10) : undefined;
}

/** Whether a product is on sale on a date. */
export function isProductAvailableOn(product: CatalogueProduct, date: string): boolean {
  const to = productAvailableTo(product);
  return productAvailableFrom(product) <= date && (to === undefined || date < to);
}

/**
 * The products with a regional tariff of a fuel and type, prepay or not, on sale on a date: what
 * a fixture may draw for an agreement starting then.
 */
export function productsOnSale(
  products: readonly CatalogueProduct[],
  options: { fuel: TariffFuel; registers: TariffRegisters; prepay: boolean; date: string },
): CatalogueProduct[] {
  const fuel = options.fuel === 'E' ? 'ELECTRICITY' : 'GAS';
  return products.filter(
    (p) =>
      p.is_prepay === options.prepay &&
      isProductAvailableOn(p, options.date) &&
      p.tariffs.some(
        (t) => t.fuel === fuel && t.tariff_type === options.registers && !t.codes?.length,
      ),
  );
}
