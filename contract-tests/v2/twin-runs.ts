/**
 * How the suite sends a V2 twin and reads its answer (decision 028): built around the target's
 * clock, its setup sent first (decision 030), the platform's statements hard and the kit's
 * readings through `kit.assume`. The v2 project's twins spec and the isolated project's catalogue
 * twins both use it.
 */
import {
  accountIdMismatch,
  type InvalidTwin,
  KINDS,
  responseCode,
  type V2_FIXTURE_KINDS,
} from '../../fixtures/index.ts';
import type { KitChecks, Lifecycle, Payloads } from '../fixtures.ts';
import type { Exchange } from '../support/api-client.ts';
import { sendFirst, twinFor } from '../support/invalid-twins.ts';
import type { V2Client } from '../support/v2-client.ts';
import type { Standardized } from './checks.ts';
import { expect, type V2Life } from './fixtures.ts';

/**
 * Seeds each twin test sends (the test's own seed, then the next ones). The project runs one test
 * at a time and has one test per twin (over 500), so one seed each, varied by CONTRACT_SEED as the
 * v1 twins are: more seeds multiply the project's run time, and the twins are proved over 10 to
 * 25 seeds in-process (fixtures/invalid.test.ts).
 */
export const SEEDS = 1;

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
export function titleOf(kind: string, twin: InvalidTwin): string {
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
    // The platform shows account_id as a string, A-12345678 only in an example: the form is the
    // kit's reading (V2AlreadyImportedError's x-kit-assumption), hard against its mock only.
    expect(typeof body.account_id, `${twin.name}: account_id`).toBe('string');
    await kit.assume('account_id is the imported account’s A-XXXXXXXX number (decision 028)', () =>
      expect(accountIdMismatch(twin.expect, body), `${twin.name}: account_id`).toEqual([]),
    );
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
export interface TwinRun {
  v2: V2Client;
  life: V2Life;
  payloads: Payloads;
  kit: KitChecks;
  supplier: string;
  next: () => string;
  lifecycle?: Lifecycle;
}

/** Builds the twin of each seed around the target's clock, performs its setup, sends it. */
export async function runTwin(kind: (typeof V2_FIXTURE_KINDS)[number], name: string, run: TwinRun) {
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
