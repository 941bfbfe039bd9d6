/**
 * Request bodies for the suite: realistic, seeded payloads from the kit's fixtures (fixtures/),
 * under the supplier and external account number a test chooses. The suite imports nothing but
 * spec/ and fixtures/.
 *
 * Every builder takes a {@link PayloadContext}: the seed (stable per test, so a failure can be
 * reproduced; CONTRACT_SEED varies it) and the day the data is generated for: the target's today,
 * read from its clock (support/target-clock.ts), so that nothing is dated after it however the
 * target's clock and the runner's differ.
 *
 * @example
 * const account = domesticAccount(supplier, accounts.next(), context);
 */
import * as fixtures from '../../fixtures/index.ts';
import { openapiDocument } from '../../spec/index.ts';

type Json = Record<string, unknown>;

/** The seed and day a payload is generated for. */
export interface PayloadContext {
  seed: number;
  today: string;
}

/** A stable seed for a name (a test's title path), varied by CONTRACT_SEED. */
export function seedFor(name: string): number {
  let hash = Number(process.env.CONTRACT_SEED ?? 1) >>> 0;
  for (const char of name) hash = (Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0) % 2 ** 31;
  return hash;
}

/** A spec example's value (the real platform's documented payloads), deep-copied. */
export function specExample(name: string): Json {
  const examples = (openapiDocument.components as Json).examples as Record<string, { value: Json }>;
  const found = examples[name];
  if (!found) throw new Error(`The spec has no example ${name}`);
  return structuredClone(found.value);
}

/** A valid domestic account for this supplier and number. */
export function domesticAccount(
  importSupplier: string,
  external: string,
  context: PayloadContext,
): Json {
  return fixtures.domesticAccount({
    seed: context.seed,
    today: context.today,
    importSupplier,
    externalAccountNumber: external,
  }) as Json;
}

/**
 * A valid business account for this supplier and number; `certificates` asks for a generating
 * site with REGO and ROC certificate accounts.
 */
export function businessAccount(
  importSupplier: string,
  external: string,
  context: PayloadContext,
  shape: Partial<fixtures.AccountShape> = {},
): Json {
  return fixtures.businessAccount({
    seed: context.seed,
    today: context.today,
    importSupplier,
    externalAccountNumber: external,
    shape,
  }) as Json;
}

/** The process request of an account. */
export function processRequest(
  importSupplier: string,
  external: string,
  operationsTeam: string,
  dryRun?: boolean,
): Json {
  return {
    import_supplier_code: importSupplier,
    external_account_number: external,
    operations_team_name: operationsTeam,
    ...(dryRun === undefined ? {} : { dry_run: dryRun }),
  };
}

/** A notes request for an imported account (its payload). */
export function notesRequest(account: Json, context: PayloadContext): Json {
  return fixtures.notesRequest({
    seed: context.seed,
    today: context.today,
    account: account as fixtures.Account,
  }) as Json;
}

/** A transactions request for an imported account, dated inside its open statement period. */
export function transactionsRequest(account: Json, context: PayloadContext): Json {
  return fixtures.transactionsRequest({
    seed: context.seed,
    today: context.today,
    account: account as fixtures.Account,
  }) as Json;
}

/**
 * The open statement period of an account as the kit decides it (createTransactions'
 * x-kit-assumption): from the day after its latest statement closing date to today.
 */
export function openStatementPeriod(
  account: Json,
  context: PayloadContext,
): { from: string; to: string } {
  return fixtures.openStatementPeriod(account as fixtures.Account, context.today);
}

/** The day `n` days after (or before, when negative) a date. */
export function addDays(date: string, n: number): string {
  return fixtures.addDays(date, n);
}

/** A historical statements request for an imported account. */
export function historicalStatementsRequest(account: Json, context: PayloadContext): Json {
  return fixtures.historicalStatementsRequest({
    seed: context.seed,
    today: context.today,
    account: account as fixtures.Account,
  }) as Json;
}

/** A payment instruction request for an imported account. */
export function paymentInstructionRequest(account: Json, context: PayloadContext): Json {
  return fixtures.paymentInstructionRequest({
    seed: context.seed,
    today: context.today,
    account: account as fixtures.Account,
  }) as Json;
}

/** The meter point identifiers (MPAN cores and MPRNs) of an account payload's energy meter points. */
export function energyMeterPoints(account: Json): string[] {
  const addresses = (account.supply_addresses as Json[] | undefined) ?? [];
  return addresses.flatMap((address) =>
    ((address.meter_points as Json[] | undefined) ?? [])
      .filter((mp) => mp.supply_type === 'ELECTRICITY' || mp.supply_type === 'GAS')
      .map((mp) => mp.identifier as string),
  );
}
