/**
 * The invalid twins' checks shared by the suite's twin specs (invalid-twins.spec.ts, and
 * isolated/invalid-twins-with-catalogue.spec.ts for the twins whose setup switches the platform
 * catalogue, a global setting of the mock): build a twin for a test, perform its setup, send it,
 * and hold the answer to its expectation, hard or soft by the source it rests on.
 */
import {
  domesticAccount,
  type FixtureKind,
  type InvalidTwin,
  invalidTwins,
  KINDS,
  responseCode,
  setupCatalogue,
  setupDocuments,
  setupSends,
} from '../../fixtures/index.ts';
import { expect, type KitChecks, type Lifecycle, type Payloads } from '../fixtures.ts';
import type { DataImportClient, Exchange } from './api-client.ts';
import type { ControlClient } from './control-client.ts';
import { codesCarried, type Dialect } from './dialect.ts';

/**
 * The twin `name` of a kind, built for this test (and its account, for the post-import kinds).
 * `now` is the target's time the V2 twins' windows are drawn around (decision 028); `seed`
 * replaces the test's own when a test sends the twin of more than one seed.
 */
export async function twinFor(
  kind: FixtureKind,
  name: string,
  where: {
    payloads: Payloads;
    importSupplier: string;
    external: string;
    lifecycle?: Lifecycle;
    now?: string;
    seed?: number;
  },
): Promise<InvalidTwin> {
  const { payloads, lifecycle } = where;
  const seed = where.seed ?? payloads.context.seed;
  const today = payloads.context.today;
  const state = KINDS[kind].accountState;
  let options = {};
  if (state === 'none') {
    options = { importSupplier: where.importSupplier, externalAccountNumber: where.external };
  } else if (lifecycle) {
    const account = lifecycle.domesticAccount();
    if (state === 'staged') await lifecycle.stage(account);
    else await lifecycle.import(account);
    options = { account };
  }
  const now = where.now ? { now: where.now } : {};
  const twin = invalidTwins(kind, { seed, today, ...now, ...options }).find((t) => t.name === name);
  if (!twin) throw new Error(`No twin ${kind}/${name}`);
  return twin;
}

/** Sends a twin to its operation. */
export function send(
  api: DataImportClient,
  kind: FixtureKind,
  twin: InvalidTwin,
): Promise<Exchange> {
  return api.call(KINDS[kind].operationId, {}, twin.payload, {
    invalid: true,
    ...(twin.query ? { query: twin.query } : {}),
    ...(twin.assumption || twin.source ? { assumption: `the ${kind} twin ${twin.name}` } : {}),
    ...(twin.source ? { source: twin.source } : {}),
  });
}

/**
 * Codes the reference itself gives for a refusal: the transactions failure status (TXN-9) and the
 * telephone number code (VAL-4). Any other code is an example of the reference
 * (account_failed_validation, ERR-3) or the real platform's (its validators' codes).
 */
const REFERENCE_CODES = new Set(['TRANSACTION_IMPORT_ERROR', 'invalid_phone_number']);

/**
 * The twin's expected answer, each part hard or soft by the source it rests on: the status, the
 * attr of each field error (ERR-5) and the failing transaction (TXN-9) are the reference's; a code
 * the reference names is hard; the top-level code otherwise is the kit's choice of the
 * reference's example, and a field error's code otherwise the real platform's.
 */
async function expectAnswer(
  kit: KitChecks,
  exchange: Exchange,
  twin: InvalidTwin,
  dialect: Dialect,
): Promise<void> {
  const body = exchange.body as {
    errors?: { attr: string; code: string }[];
    transaction_data?: { transaction_id?: string };
  };
  expect(exchange.status, `${twin.name}: status`).toBe(twin.expect.status);
  // The platform's field-keyed messages carry no code (decision 026): only attrs are checked.
  const carried = codesCarried(dialect, exchange.operationId, exchange.status, exchange.sentBody);
  const code = carried ? twin.expect.code : undefined;
  if (code && REFERENCE_CODES.has(code)) {
    expect(responseCode(body), `${twin.name}: code`).toBe(code);
  } else if (code) {
    await kit.assume(
      `The ${twin.name} refusal’s code is ${code} (the reference gives codes only as examples)`,
      () => expect(responseCode(body), `${twin.name}: code`).toBe(code),
    );
  }
  for (const error of twin.expect.errors ?? []) {
    expect(body.errors, `${twin.name}: an error at ${error.attr}`).toContainEqual(
      expect.objectContaining({ attr: error.attr }),
    );
    const withCode = () =>
      expect(body.errors, `${twin.name}: errors`).toContainEqual(
        expect.objectContaining({ ...error }),
      );
    if (!carried) continue;
    if (REFERENCE_CODES.has(error.code)) withCode();
    else await kit.platform(`The ${twin.name} field error’s code is ${error.code}`, withCode);
  }
  if (twin.expect.transactionId) {
    expect(body.transaction_data?.transaction_id).toBe(twin.expect.transactionId);
  }
}

/** Holds a twin's answer to its expectation, as a platform fact or kit assumption where it rests on one. */
export async function check(
  kit: KitChecks,
  exchange: Exchange,
  twin: InvalidTwin,
  dialect: Dialect = 'reference',
): Promise<void> {
  if (twin.source === 'platform') {
    // The reference is silent on the rule the twin breaks: the whole answer is a platform fact.
    await kit.platform(`The ${twin.name} twin is refused as the platform's validator does`, () =>
      expectAnswer(kit, exchange, twin, dialect),
    );
  } else if (twin.assumption) {
    await kit.assume(`The ${twin.name} twin’s answer rests on a kit assumption`, () =>
      expectAnswer(kit, exchange, twin, dialect),
    );
  } else {
    await expectAnswer(kit, exchange, twin, dialect);
  }
}

/**
 * Imports the accounts a twin's setup sends first (decision 030), through the interface itself,
 * so it works against any target that takes account imports.
 */
export async function sendFirst(lifecycle: Lifecycle, twin: InvalidTwin): Promise<void> {
  for (const send of setupSends(twin.setup)) {
    const account = send.payload as Record<string, unknown>;
    if (send.process) await lifecycle.import(account);
    else await lifecycle.stage(account);
  }
}

/** The setups of a kind's twins by name, read once when the suite is collected. */
export function setupsOf(kind: FixtureKind): Map<string, InvalidTwin['setup']> {
  const account =
    KINDS[kind].accountState === 'none' ? {} : { account: domesticAccount({ seed: 1 }) };
  return new Map(invalidTwins(kind, { seed: 1, ...account }).map((t) => [t.name, t.setup]));
}

/** Sets the global switches the twin's setup names (decision 030). */
export async function switchOn(control: ControlClient, twin: InvalidTwin): Promise<void> {
  const catalogue = setupCatalogue(twin.setup);
  if (catalogue) await control.call('PATCH', '/__mock/catalogue', catalogue);
  const documents = setupDocuments(twin.setup);
  if (documents) await control.checkDocuments(documents.check_documents);
}

/** Puts the switches back to the mock's configuration. */
export async function switchBack(control: ControlClient, twin: InvalidTwin): Promise<void> {
  if (setupCatalogue(twin.setup)) await control.call('DELETE', '/__mock/catalogue');
  if (setupDocuments(twin.setup)) await control.checkDocuments(false);
}
