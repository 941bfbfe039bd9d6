/**
 * Checks the V2 specs share (decision 028): a refusal in the platform's standardized body, and a
 * scheduled account driven to PROCESSED. What the platform states is asserted hard; the kit's own
 * readings (attribute paths from the request's root, the code of V2 validate) go through
 * `kit.assume`.
 */
import type { KitChecks, Lifecycle } from '../fixtures.ts';
import type { Exchange } from '../support/api-client.ts';
import type { V2Client, V2Status } from '../support/v2-client.ts';
import { scheduleBody, type TaskParams } from '../support/v2-payloads.ts';
import { expect, type V2Life } from './fixtures.ts';

/** One item of the standardized body's `errors`. */
interface ErrorItem {
  attr?: string;
  code?: string;
  detail?: string;
}

/** The platform's StandardizedValidationErrorResponse, as the suite reads it. */
export interface Standardized {
  code?: string;
  detail?: string;
  errors?: ErrorItem[];
}

/**
 * A refusal in the standardized body: 400, an item with `itemCode` (the platform's validator
 * code), and, as the kit reads the platform, that item on `attr` (a dot path from the request's
 * root). `code` is the body's code: hard when the platform names it, else pass `kitCode`.
 */
export async function expectRefusal(
  exchange: Exchange,
  expected: { code?: string; kitCode?: string; itemCode: string; attr: string },
  kit: KitChecks,
): Promise<void> {
  expect(exchange.status, `${exchange.operationId} refuses with 400`).toBe(400);
  const body = exchange.body as Standardized;
  if (expected.code) expect(body.code, 'the body’s code').toBe(expected.code);
  expect(typeof body.detail, 'the body’s detail').toBe('string');
  const items = (body.errors ?? []).filter((e) => e.code === expected.itemCode);
  expect(items.length, `an errors item with code ${expected.itemCode}`).toBeGreaterThan(0);
  await kit.assume(`the item’s attr is a dot path from the request’s root (decision 028)`, () =>
    expect(items.map((e) => e.attr)).toContain(expected.attr),
  );
  const kitCode = expected.kitCode;
  if (kitCode) {
    await kit.assume(`the body’s code is ${kitCode} (decision 028)`, () =>
      expect(body.code).toBe(kitCode),
    );
  }
}

/** A scheduled account of this test, with its pair. */
export interface Scheduled {
  account: Record<string, unknown>;
  supplier: string;
  external: string;
}

/** Schedules a fresh valid account with the given task parameters and expects 201. */
export async function scheduleAccount(
  v2: V2Client,
  lifecycle: Lifecycle,
  taskParams: TaskParams = {},
): Promise<Scheduled> {
  const account = lifecycle.domesticAccount();
  const scheduled = await v2.schedule(scheduleBody(account, taskParams));
  expect(scheduled.status, 'scheduling the account').toBe(201);
  return {
    account,
    supplier: account.import_supplier as string,
    external: account.external_account_number as string,
  };
}

/** Schedules a fresh account to run now and drives its task to its end; expects PROCESSED. */
export async function importedThroughV2(
  v2: V2Client,
  lifecycle: Lifecycle,
  life: V2Life,
): Promise<Scheduled & { kraken: string; status: Exchange<V2Status> }> {
  const scheduled = await scheduleAccount(v2, lifecycle);
  const { last, seen } = await life.settle(scheduled.supplier, scheduled.external);
  expect(last.status).toBe(200);
  expect(last.body.status, `the statuses read: ${seen.join(' -> ')}`).toBe('PROCESSED');
  expect(typeof last.body.kraken_identifier, 'kraken_identifier once PROCESSED').toBe('string');
  return { ...scheduled, kraken: last.body.kraken_identifier as string, status: last };
}
