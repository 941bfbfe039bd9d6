/**
 * Every number the control API takes is bounded by its schema (spec/control.yaml) and checked
 * before anything changes: a value beyond what the mock clock or a token's expiry can hold gets
 * 400 in the interface's error shape, the state stays as it was, and the mock keeps serving.
 */
import { describe, expect, test } from 'vitest';
import { createTestClient } from '../test-client.ts';

type Client = ReturnType<typeof createTestClient>;

async function refused(client: Client, method: string, path: string, body: unknown) {
  const before = client.snapshot();
  const response = await client.call(method, path, body);
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({
    detail: expect.any(String),
    code: expect.any(String),
    errors: [expect.objectContaining({ attr: expect.any(String), code: expect.any(String) })],
  });
  expect(client.snapshot()).toBe(before);
}

/** The mock still answers: health, a token, a staging. */
async function stillServes(client: Client) {
  expect((await client.call('GET', '/__mock/health')).status).toBe(200);
  expect((await client.call('GET', '/__mock/clock')).status).toBe(200);
  await client.login();
  expect((await client.stage(client.account())).status).toBe(201);
}

/** A state document as the tests edit it, field by field. */
interface StateDocument {
  [field: string]: unknown;
  clock: { offset_ms: number; frozen_at: string | null };
  processing: { processing_time_ms: number };
  payment_vendor: { supplier_faults: Record<string, unknown> };
}

async function exported(client: Client): Promise<StateDocument> {
  return structuredClone((await client.call('GET', '/__mock/state')).body) as StateDocument;
}

describe('setClock', () => {
  test.each([1e13, -1e13, 1e308])(
    'advance_seconds %d is refused and changes nothing (AUTH-4)',
    async (seconds) => {
      const client = createTestClient();
      await refused(client, 'PUT', '/__mock/clock', { advance_seconds: seconds });
      await stillServes(client);
    },
  );

  test('an advance that would take the clock past 9999-12-31 is refused (AUTH-4)', async () => {
    const client = createTestClient();
    const set = await client.call('PUT', '/__mock/clock', {
      now: '9999-12-30T00:00:00Z',
      frozen: true,
    });
    expect(set.status).toBe(200);
    await refused(client, 'PUT', '/__mock/clock', { advance_seconds: 3 * 24 * 3600 });
    expect((await client.call('GET', '/__mock/clock')).body).toMatchObject({
      now: '9999-12-30T00:00:00Z',
    });
  });
});

describe('importState', () => {
  test.each([
    ['clock offset 1e16 ms', (d: StateDocument) => (d.clock.offset_ms = 1e16)],
    ['a frozen instant that is no date', (d: StateDocument) => (d.clock.frozen_at = 'soon')],
    ['token lifetime 1e300 s', (d: StateDocument) => (d.token_lifetime_seconds = 1e300)],
    ['refresh lifetime 1e300 s', (d: StateDocument) => (d.refresh_lifetime_seconds = 1e300)],
    ['revision 1e300', (d: StateDocument) => (d.revision = 1e300)],
    ['account sequence 1e300', (d: StateDocument) => (d.account_sequence = 1e300)],
    ['processing time 1e300 ms', (d: StateDocument) => (d.processing.processing_time_ms = 1e300)],
    [
      'a fault of 1e300 calls',
      (d: StateDocument) =>
        (d.payment_vendor.supplier_faults.DEMO_ENERGY = { kind: 'persistent', remaining: 1e300 }),
    ],
  ])('a state with %s is refused and changes nothing (GEN-2)', async (_name, edit) => {
    const client = createTestClient();
    const document = await exported(client);
    edit(document);
    await refused(client, 'PUT', '/__mock/state', document);
    await stillServes(client);
  });
});

describe('setAuthSettings, setProcessing, setSupplierPaymentVendorFault', () => {
  test.each([
    ['/__mock/auth', { token_lifetime_seconds: 1e300 }],
    ['/__mock/auth', { refresh_lifetime_seconds: 1e12 }],
    ['/__mock/processing', { concurrency_limit: 1e300 }],
    [
      '/__mock/payment-vendor/suppliers/DEMO_ENERGY/fault',
      { kind: 'persistent', remaining: 1e300 },
    ],
  ])('PUT %s %j is refused and changes nothing (AUTH-4, PRC-9, PAY-4)', async (path, body) => {
    const client = createTestClient();
    await refused(client, 'PUT', path, body);
    await stillServes(client);
  });

  test('the longest lifetime the schema allows still issues tokens (AUTH-4)', async () => {
    const client = createTestClient();
    const set = await client.call('PUT', '/__mock/auth', {
      token_lifetime_seconds: 10 * 365 * 24 * 3600,
      refresh_lifetime_seconds: 10 * 365 * 24 * 3600,
    });
    expect(set.status).toBe(200);
    await stillServes(client);
  });
});

describe('patchPlatformCatalogue', () => {
  test.each([
    [{ fixed_payment_schedule_amount: { min: 0, max: 1e308 } }],
    [{ fixed_payment_schedule_amount: { min: -1e308, max: null } }],
    [{ payment_adequacy_spread_months: 1e300 }],
  ])('%j is refused and changes nothing (GEN-6)', async (change) => {
    const client = createTestClient();
    await refused(client, 'PATCH', '/__mock/catalogue', change);
    await stillServes(client);
  });
});

describe('setMeterPointOutcome', () => {
  test('after_seconds 1e308 is refused and changes nothing (REG-7)', async () => {
    const client = createTestClient();
    await client.login();
    const account = client.account();
    await client.stage(account);
    await client.process(account.external_account_number);
    const ext = account.external_account_number;
    const points = await client.call('GET', `/__mock/accounts/DEMO_ENERGY/${ext}/meter-points`);
    const mpxn = (points.body as { mpxn: string }[])[0]!.mpxn;
    const path = `/__mock/accounts/DEMO_ENERGY/${ext}/meter-points/${mpxn}/outcome`;
    await refused(client, 'PUT', path, { outcome: 'accepted', after_seconds: 1e308 });
    const later = await client.call('PUT', path, { outcome: 'accepted', after_seconds: 3600 });
    expect(later.status).toBe(200);
    await stillServes(client);
  });
});
