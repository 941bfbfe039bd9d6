/**
 * The V2 kinds' invalid twins against the target (decision 028): every twin of `v2-account`
 * (schedule) and `v2-account-validate` (validate), each a valid V2 body with one rule broken and
 * the answer it must get, one test per twin. The windows are drawn around the target's clock (the
 * kit mock's clock, else the Date header of its answer), so a window twin breaks its one rule on
 * any target. The platform is V2's only source: the status, the codes the platform names, the
 * field errors' codes and the already-imported body (`non_field_errors`, `account_id`) are hard;
 * the kit's readings (attrs as dot paths from the request's root, validate's code, the flat
 * account refused, a twin resting on an `x-kit-assumption`) go through `kit.assume`.
 *
 * Twins with setup (decision 030): accounts they send first are imported through the interface
 * (`lifecycle`, so not in safe mode); one that switches the platform catalogue or the documents
 * switch, global settings of the mock shared with the projects beside V2, is listed as skipped:
 * its v1 form runs in the isolated project and its V2 wrapping is proved in-process by
 * fixtures/invalid.test.ts. Schedule twins are not sent in safe mode: a target that wrongly
 * accepted one would schedule an account.
 */
import {
  accountIdMismatch,
  type InvalidTwin,
  invalidTwins,
  KINDS,
  needsControl,
  responseCode,
  setupSends,
  twinCatalogue,
  V2_FIXTURE_KINDS,
} from '../../fixtures/index.ts';
import { openapiDocument } from '../../spec/index.ts';
import type { KitChecks, Lifecycle, Payloads } from '../fixtures.ts';
import type { Exchange } from '../support/api-client.ts';
import { sendFirst, twinFor } from '../support/invalid-twins.ts';
import { operationTitle } from '../support/operations.ts';
import type { V2Client } from '../support/v2-client.ts';
import { platformNamesCited } from '../support/v2-titles.ts';
import type { Standardized } from './checks.ts';
import { expect, test, type V2Life } from './fixtures.ts';

/**
 * Seeds each twin test sends (the test's own seed, then the next ones). The project runs one test
 * at a time and has one test per twin (over 500), so one seed each, varied by CONTRACT_SEED as the
 * v1 twins are: more seeds multiply the project's run time, and the twins are proved over 10 to
 * 25 seeds in-process (fixtures/invalid.test.ts).
 */
const SEEDS = 1;

/** Body codes the kit chose where the platform names none: V2 validate's (decision 028). */
const KIT_CODES: ReadonlySet<string> = new Set(['account_failed_validation']);

/**
 * Twins whose whole answer is a kit reading: the account sent flat, as the platform's examples
 * show it, is refused because the kit lets the schema decide (decision 028).
 */
const KIT_READINGS: ReadonlySet<string> = new Set(['account-not-wrapped']);

/** A V2 refusal as the suite reads it: the standardized body, or the already-imported one. */
type V2Refusal = Standardized & {
  non_field_errors?: { code?: string; detail?: string };
  account_id?: unknown;
};

/** The platform codes a twin's answer carries, cited in its title: the body's, then its items'. */
function codesOf(twin: InvalidTwin): string[] {
  const codes = [twin.expect.code, ...(twin.expect.errors ?? []).map((e) => e.code)];
  return [...new Set(codes.filter((c): c is NonNullable<typeof c> => c !== undefined))];
}

/** A twin's test title: its source, the platform codes it checks, its name and v1 rule. */
function titleOf(kind: string, twin: InvalidTwin): string {
  const cited = codesOf(twin)
    .map((c) => `[${c}]`)
    .join(' ');
  return `[x-source: platform] ${cited} the ${kind} twin ${twin.name} (rule ${twin.rule}) gets its refusal in V2's body`;
}

/** The answer a twin must get, hard where the platform states it, kit readings assumed. */
async function expectV2Answer(kit: KitChecks, exchange: Exchange, twin: InvalidTwin) {
  const body = exchange.body as V2Refusal;
  expect(exchange.status, `${twin.name}: status`).toBe(twin.expect.status);
  const code = twin.expect.code;
  if (code) {
    const check = () => expect(responseCode(body), `${twin.name}: the body’s code`).toBe(code);
    if (KIT_CODES.has(code)) await kit.assume(`the body’s code is ${code} (decision 028)`, check);
    else check();
  }
  if (twin.expect.accountId) {
    // The platform's own already-imported body: non_field_errors with account_id beside it.
    expect(typeof body.non_field_errors?.detail, `${twin.name}: its detail`).toBe('string');
    expect(accountIdMismatch(twin.expect, body), `${twin.name}: account_id`).toEqual([]);
  } else if (twin.expect.status === 400) {
    expect(typeof body.detail, `${twin.name}: the body’s detail`).toBe('string');
  }
  for (const error of twin.expect.errors ?? []) {
    const items = (body.errors ?? []).filter((e) => e.code === error.code);
    expect(items.length, `${twin.name}: an errors item with code ${error.code}`).toBeGreaterThan(0);
    await kit.assume(`the ${error.code} item’s attr is ${error.attr} (decision 028)`, () =>
      expect(items.map((e) => e.attr)).toContain(error.attr),
    );
  }
}

/** The pair a V2 body names: its wrapped account's, or the flat account's. */
function pairOf(payload: unknown): { supplier: string; external: string } {
  const body = payload as { payload?: Record<string, unknown> } & Record<string, unknown>;
  const account = body.payload ?? body;
  return {
    supplier: String(account.import_supplier),
    external: String(account.external_account_number),
  };
}

/** What a twin test needs, from its fixtures. */
interface TwinRun {
  v2: V2Client;
  life: V2Life;
  payloads: Payloads;
  kit: KitChecks;
  supplier: string;
  next: () => string;
  lifecycle?: Lifecycle;
}

/** Builds the twin of each seed around the target's clock, performs its setup, sends it. */
async function runTwin(kind: (typeof V2_FIXTURE_KINDS)[number], name: string, run: TwinRun) {
  // Only schedule reads a window; validate's twins need no clock read.
  const now = kind === 'v2-account' ? (await run.life.now()).toISOString() : undefined;
  for (let i = 0; i < SEEDS; i++) {
    const seed = run.payloads.context.seed + i;
    const where = {
      payloads: run.payloads,
      importSupplier: run.supplier,
      seed,
      ...(now ? { now } : {}),
    };
    const twin = await twinFor(kind, name, { ...where, external: run.next() });
    if (run.lifecycle) await sendFirst(run.lifecycle, twin);
    const exchange = await run.v2.call(KINDS[kind].operationId, {}, twin.payload, {
      invalid: true,
    });
    if (twin.assumption || KIT_READINGS.has(twin.name)) {
      await run.kit.assume(`the ${twin.name} twin’s answer rests on a kit assumption`, () =>
        expectV2Answer(run.kit, exchange, twin),
      );
    } else {
      await expectV2Answer(run.kit, exchange, twin);
    }
    if (kind === 'v2-account' && !run.lifecycle) {
      const { supplier, external } = pairOf(twin.payload);
      const status = await run.v2.status(supplier, external);
      expect(status.status, `${twin.name}: the refused schedule leaves no task`).toBe(404);
    }
  }
}

/** The twins of a kind, built once at collection for their titles and setups. */
const collected = new Map(
  V2_FIXTURE_KINDS.map((kind) => [
    kind,
    new Map(invalidTwins(kind, { seed: 1 }).map((t) => [t.name, t])),
  ]),
);

for (const kind of V2_FIXTURE_KINDS) {
  const twins = collected.get(kind) ?? new Map<string, InvalidTwin>();
  const schedules = kind === 'v2-account';
  test.describe(operationTitle(KINDS[kind].operationId), () => {
    for (const { name } of twinCatalogue(kind)) {
      const sample = twins.get(name);
      if (!sample) throw new Error(`The fixtures build no ${kind} twin ${name}`);
      const title = titleOf(kind, sample);
      if (needsControl(sample.setup)) {
        test(title, () => {
          test.skip(
            true,
            'switches a global setting of the mock shared by the projects beside V2: its v1 form runs in the isolated project, its V2 wrapping in fixtures/invalid.test.ts',
          );
        });
        continue;
      }
      test(
        title,
        setupSends(sample.setup).length > 0
          ? async ({ v2, life, payloads, kit, lifecycle, accounts }) => {
              // Accounts imported first (decision 030), through the interface: any target.
              const next = () => accounts.next();
              await runTwin(kind, name, {
                ...{ v2, life, payloads, kit, lifecycle, next },
                supplier: lifecycle.supplier,
              });
            }
          : async ({ v2, life, payloads, kit, settings, accounts }) => {
              test.skip(
                schedules && settings.mode === 'safe',
                'A target that wrongly accepted a schedule twin would schedule an account; safe mode changes nothing.',
              );
              const next = () => accounts.next();
              await runTwin(kind, name, {
                ...{ v2, life, payloads, kit, next },
                supplier: settings.importSupplier,
              });
            },
      );
    }
  });
}

test.describe('V2 twin titles', () => {
  test('[x-source: platform] every platform code a V2 twin title cites is one the spec knows', () => {
    const spec = JSON.stringify(openapiDocument);
    const unknown = [...collected].flatMap(([kind, twins]) =>
      [...twins.values()].flatMap((twin) =>
        platformNamesCited(titleOf(kind, twin)).filter((n) => !spec.includes(n)),
      ),
    );
    expect(collected.size, 'the V2 kinds').toBe(V2_FIXTURE_KINDS.length);
    expect(unknown).toEqual([]);
  });
});
