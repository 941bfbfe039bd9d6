/**
 * Negative cases from the fixtures' invalid twins (issue 5): each twin is a valid payload with
 * exactly one rule broken and the answer it must get (status, code, field errors with their
 * attr). A twin whose expectation rests on a kit assumption is checked hard against the mock and
 * softly elsewhere; the others are hard everywhere.
 *
 * Twins of the account kinds go to validate-account (safe in every mode); the others target an
 * account of the test's own, staged (process) or imported (post-import kinds). Prism answers
 * schema violations itself, so these tests are left out of the prism project.
 */
import {
  FIXTURE_KINDS,
  type FixtureKind,
  type InvalidTwin,
  invalidTwins,
  KINDS,
  responseCode,
  twinCatalogue,
} from '../fixtures/index.ts';
import { expect, type KitChecks, type Lifecycle, type Payloads, test } from './fixtures.ts';
import type { DataImportClient, Exchange } from './support/api-client.ts';
import { operationTitle, REQUEST_VIOLATION } from './support/operations.ts';

/** The twin `name` of a kind, built for this test (and its account, for the post-import kinds). */
async function twinFor(
  kind: FixtureKind,
  name: string,
  where: { payloads: Payloads; importSupplier: string; external: string; lifecycle?: Lifecycle },
): Promise<InvalidTwin> {
  const { payloads, lifecycle } = where;
  const { seed, today } = payloads.context;
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
  const twin = invalidTwins(kind, { seed, today, ...options }).find((t) => t.name === name);
  if (!twin) throw new Error(`No twin ${kind}/${name}`);
  return twin;
}

/** Sends a twin to its operation. */
function send(api: DataImportClient, kind: FixtureKind, twin: InvalidTwin): Promise<Exchange> {
  return api.call(KINDS[kind].operationId, {}, twin.payload, {
    invalid: true,
    ...(twin.query ? { query: twin.query } : {}),
    ...(twin.assumption ? { assumption: `the ${kind} twin ${twin.name}` } : {}),
  });
}

/** The twin's expected answer: status, code, field errors (attr and code), failing transaction. */
function expectAnswer(exchange: Exchange, twin: InvalidTwin): void {
  const body = exchange.body as {
    errors?: { attr: string; code: string }[];
    transaction_data?: { transaction_id?: string };
  };
  expect(exchange.status, `${twin.name}: status`).toBe(twin.expect.status);
  if (twin.expect.code) expect(responseCode(body), `${twin.name}: code`).toBe(twin.expect.code);
  for (const error of twin.expect.errors ?? []) {
    expect(body.errors, `${twin.name}: errors`).toContainEqual(
      expect.objectContaining({ ...error }),
    );
  }
  if (twin.expect.transactionId) {
    expect(body.transaction_data?.transaction_id).toBe(twin.expect.transactionId);
  }
}

async function check(kit: KitChecks, exchange: Exchange, twin: InvalidTwin): Promise<void> {
  if (twin.assumption) {
    await kit.assume(`The ${twin.name} twin’s answer rests on a kit assumption`, () =>
      expectAnswer(exchange, twin),
    );
  } else {
    expectAnswer(exchange, twin);
  }
}

for (const kind of FIXTURE_KINDS) {
  const state = KINDS[kind].accountState;
  test.describe(operationTitle(KINDS[kind].operationId), () => {
    for (const { name, rule } of twinCatalogue(kind)) {
      test(
        `[${rule}] the ${kind} invalid twin ${name} gets its documented refusal`,
        { tag: REQUEST_VIOLATION },
        state === 'none'
          ? async ({ api, payloads, settings, accounts, kit }) => {
              const where = {
                payloads,
                importSupplier: settings.importSupplier,
                external: accounts.next(),
              };
              const twin = await twinFor(kind, name, where);
              await check(kit, await send(api, kind, twin), twin);
            }
          : async ({ api, payloads, lifecycle, kit }) => {
              const where = {
                payloads,
                lifecycle,
                importSupplier: lifecycle.supplier,
                external: '',
              };
              const twin = await twinFor(kind, name, where);
              await check(kit, await send(api, kind, twin), twin);
            },
      );
    }
  });
}
