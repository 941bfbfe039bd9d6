import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it, vi } from 'vitest';
import { type CompiledRequestValidators, loadContract } from '../spec/contract.ts';
import * as requestFirstChecks from '../spec/generated/request-first-checks.ts';
import * as requestValidators from '../spec/generated/request-validators.ts';
import { dataImport, openapiDocument } from '../spec/index.ts';
import { tokenExpiry } from './check-exchange.ts';
import { TrafficChecker } from './checker.ts';
import type { Exchange } from './exchange.ts';
import { recordingClient, withAnswer } from './traffic.test-helper.ts';

const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const PROCESS = '/v1/data-import/account-import-process/process/';
const NOTES = '/v1/data-import/notes/create/';
const status = (external: string) =>
  `/v1/data-import/account-transfer-status/DEMO_ENERGY/${external}/`;
const PENDING = '/v1/data-import/pending-account-import-processes/DEMO_ENERGY/';

/** A short migration against a fresh mock: stage, process, status, notes, lists. */
async function migration() {
  const rec = recordingClient();
  const account = rec.client.account();
  const external = account.external_account_number;
  await rec.send('GET', status(external));
  await rec.send('POST', STAGE, account);
  await rec.send('GET', PENDING);
  await rec.send('POST', PROCESS, {
    import_supplier_code: 'DEMO_ENERGY',
    external_account_number: external,
    operations_team_name: 'MIGRATIONS',
  });
  await rec.send('GET', status(external));
  const note = {
    import_supplier: 'DEMO_ENERGY',
    external_account_number: external,
    notes: [{ body: 'Moved in' }],
  };
  await rec.send('POST', NOTES, note);
  await rec.send('POST', NOTES, note);
  await rec.send('GET', PENDING);
  return { ...rec, external, note };
}

function checkAll(exchanges: Exchange[]) {
  const checker = new TrafficChecker(dataImport);
  for (const e of exchanges) checker.check(e);
  return checker.result();
}

describe('TrafficChecker', () => {
  it('finds nothing in a migration the mock answers', async () => {
    const { exchanges } = await migration();
    const result = checkAll(exchanges);
    expect(result.exchanges).toBe(8);
    expect(result.groups).toEqual([]);
    expect(result.operations.get('createNotes')).toBe(2);
  });

  it('names ERR-1 at the pointer of an error body that lacks its code', async () => {
    const rec = recordingClient();
    const bad = await rec.send('POST', STAGE, { ...rec.client.account(), customers: 'x' });
    expect(bad.response.status).toBe(400);
    const broken = withAnswer(bad, 400, { detail: 'no' });
    const [group] = checkAll([broken]).groups;
    expect(group).toMatchObject({
      rule: 'ERR-1',
      source: 'reference',
      severity: 'error',
      operation: 'createOrUpdateAccountImportProcess',
      count: 1,
    });
  });

  it('names ERR-1 when a request failing validation is answered 2xx', async () => {
    const rec = recordingClient();
    const ok = await rec.send('POST', '/v1/data-import/validate-account/', rec.client.account());
    const invalid = {
      ...ok,
      request: {
        ...ok.request,
        body: JSON.stringify({ ...rec.client.account(), billing_address: 7 }),
      },
    };
    const groups = checkAll([invalid]).groups;
    expect(groups.map((g) => [g.rule, g.pointer])).toContainEqual([
      'ERR-1',
      expect.stringMatching(/^\/request\/body/),
    ]);
  });

  it('warns of a status the spec does not document for the operation', async () => {
    const rec = recordingClient();
    const ok = await rec.send('GET', PENDING);
    const [group] = checkAll([withAnswer(ok, 418, [])]).groups;
    expect(group).toMatchObject({
      rule: 'kit:undocumented-status',
      severity: 'warning',
      pointer: '/response/status',
    });
  });

  it('groups repeats by rule, operation and pointer with the first and last samples masked', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    const ok = await rec.send('POST', STAGE, account);
    const a = withAnswer(ok, 201, { import_supplier: 'DEMO_ENERGY' });
    const b = { ...withAnswer(ok, 201, { import_supplier: 'DEMO_ENERGY' }), time: ok.time + 5 };
    const [group] = checkAll([a, b]).groups;
    expect(group).toMatchObject({ rule: 'STG-4', count: 2 });
    expect(group?.first.time).toBe(ok.time);
    expect(group?.last.time).toBe(ok.time + 5);
    const email = account.customers?.[0]?.email;
    expect(email).toBeTruthy();
    expect(group?.first.excerpt).not.toContain(email);
    expect(group?.first.excerpt).toContain('[REDACTED]');
  });

  it('keeps at most maxGroups groups and counts the rest as dropped', async () => {
    const rec = recordingClient();
    const ok = await rec.send('GET', PENDING);
    const checker = new TrafficChecker(dataImport, { maxGroups: 2 });
    for (const path of ['/v1/a/', '/v1/b/', '/v1/c/', '/v1/d/']) {
      checker.check({ ...ok, request: { ...ok.request, url: path } });
    }
    const result = checker.result();
    expect(result.groups).toHaveLength(2);
    expect(result.dropped).toBe(2);
    expect([...result.operations.keys()]).toEqual(['(unknown operation)']);
  });
});

describe('TrafficChecker history', () => {
  it('names PRC-2 when process is answered 201 after the service said no process exists', async () => {
    const { exchanges } = await migration();
    // Drop the staging: the 404 status check is then followed by a created account.
    const groups = checkAll(exchanges.filter((e) => !e.request.url.endsWith(STAGE))).groups;
    expect(groups.map((g) => g.rule)).toContain('PRC-2');
  });

  it('names STS-10 when an imported account is listed as pending', async () => {
    const { exchanges, external } = await migration();
    const last = exchanges.at(-1)!;
    const listed = withAnswer(last, 200, [
      { external_account_number: external, service_account_number: null, account_created_at: null },
    ]);
    const groups = checkAll([...exchanges.slice(0, -1), listed]).groups;
    expect(groups).toEqual([
      expect.objectContaining({ rule: 'STS-10', pointer: '/response/body/0' }),
    ]);
  });

  it('names STS-4 when a transfer status goes back to UNKNOWN', async () => {
    const { exchanges } = await migration();
    const seen = exchanges[4]!;
    expect(JSON.parse(seen.response.body).status).toBe('PENDING');
    const back = withAnswer(seen, 200, { status: 'UNKNOWN', service_account_number: '' });
    const groups = checkAll([...exchanges, back]).groups;
    expect(groups.map((g) => g.rule)).toEqual(['STS-4']);
  });

  it('names NOTE-3 when a duplicate note is answered as created', async () => {
    const { exchanges } = await migration();
    const second = exchanges[6]!;
    expect(JSON.parse(second.response.body)[0].status).toBe('NOTE_ALREADY_EXISTS');
    const created = JSON.parse(second.response.body).map((n: object) => ({
      ...n,
      status: 'NOTE_CREATION_SUCCESS',
    }));
    const groups = checkAll([...exchanges.slice(0, 6), withAnswer(second, 201, created)]).groups;
    expect(groups).toEqual([
      expect.objectContaining({ rule: 'NOTE-3', pointer: '/response/body/0/status' }),
    ]);
  });

  it('pairs the notes of an answer with those sent by body, whatever their order (NOTE-5)', async () => {
    const { exchanges, external } = await migration();
    const rec = recordingClient();
    const post = async (bodies: string[]) =>
      rec.send('POST', NOTES, {
        import_supplier: 'DEMO_ENERGY',
        external_account_number: external,
        notes: bodies.map((body) => ({ body })),
      });
    const item = (body: string, status: string) => ({
      body,
      created_at: '2026-01-01T00:00:00Z',
      status,
    });
    const first = await post(['First', 'Second']);
    const second = await post(['Third', 'First']);
    // Answered in reverse order: Third is new, First already exists.
    const reversed = [
      withAnswer(first, 201, [
        item('Second', 'NOTE_CREATION_SUCCESS'),
        item('First', 'NOTE_CREATION_SUCCESS'),
      ]),
      withAnswer(second, 201, [
        item('First', 'NOTE_ALREADY_EXISTS'),
        item('Third', 'NOTE_CREATION_SUCCESS'),
      ]),
    ];
    expect(checkAll([...exchanges, ...reversed]).groups).toEqual([]);
    const again = withAnswer(second, 201, [
      item('First', 'NOTE_CREATION_SUCCESS'),
      item('Third', 'NOTE_CREATION_SUCCESS'),
    ]);
    expect(checkAll([...exchanges, reversed[0]!, again]).groups).toEqual([
      expect.objectContaining({ rule: 'NOTE-3', pointer: '/response/body/0/status' }),
    ]);
  });

  it('forgets the oldest account past maxAccounts, losing only its history', async () => {
    const { exchanges, external } = await migration();
    const last = exchanges.at(-1)!;
    const listed = withAnswer(last, 200, [
      { external_account_number: external, service_account_number: null, account_created_at: null },
    ]);
    const checker = new TrafficChecker(dataImport, { maxAccounts: 1 });
    for (const e of exchanges.slice(0, -1)) checker.check(e);
    checker.check(withAnswer(exchanges[0]!, 404, []));
    const other = {
      ...exchanges[0]!,
      request: { ...exchanges[0]!.request, url: status('OTHER-1') },
    };
    checker.check(other);
    expect(checker.check(listed)).toEqual([]);
  });
});

describe('tokens', () => {
  it('warns (AUTH-4, platform) of a token accepted after its expiry', async () => {
    const { exchanges } = await migration();
    const auth = exchanges[0]!.request.headers.find(([n]) => n === 'authorization')![1];
    const exp = tokenExpiry(auth);
    expect(exp).toBeGreaterThan(0);
    const late = { ...exchanges[4]!, time: exp! * 1000 + 60_000 };
    const [group] = checkAll([late]).groups;
    expect(group).toMatchObject({ rule: 'AUTH-4', source: 'platform', severity: 'warning' });
  });

  it('reads no expiry from a header that is not a JWT', () => {
    expect(tokenExpiry('Token abc')).toBeUndefined();
    expect(tokenExpiry(`Token a.${'x'.repeat(9000)}.c`)).toBeUndefined();
  });
});

describe('the answer validators compiled at start (decision 029, "The proxy")', () => {
  /** A contract of its own, so what another test compiled in the shared one does not count. */
  const freshContract = () =>
    loadContract(
      openapiDocument,
      'kit:openapi',
      requestValidators as unknown as CompiledRequestValidators,
      requestFirstChecks as unknown as CompiledRequestValidators,
    );

  it('compiles every documented answer at start, so the first exchanges compile nothing', async () => {
    const rec = recordingClient();
    await rec.send('POST', '/v1/data-import/validate-account/', rec.client.account());
    await rec.send('POST', '/v1/data-import/validate-account/', {});
    await rec.send('GET', status('NEVER-STAGED'));
    const compile = vi.spyOn(Ajv2020.prototype, 'compile');
    try {
      const cold = new TrafficChecker(freshContract());
      const coldFindings = rec.exchanges.flatMap((e) => cold.check(e));
      // Without the compiling at start, the first answers of each kind compile their validators.
      expect(compile.mock.calls.length).toBeGreaterThan(0);
      compile.mockClear();
      const warm = new TrafficChecker(freshContract());
      expect(warm.compileAnswerValidators()).toBeGreaterThan(0);
      compile.mockClear();
      const warmFindings = rec.exchanges.flatMap((e) => warm.check(e));
      expect(compile).not.toHaveBeenCalled();
      expect(warmFindings).toEqual(coldFindings);
      expect(warm.result().exchanges).toBe(3);
    } finally {
      compile.mockRestore();
    }
  });
});
