import { once } from 'node:events';
import { existsSync, mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { createMockServer } from '../adapters/node-server.ts';
import { LazyList } from '../domain/lazy-list.ts';
import { type AccountRecord, referenceIdentifier } from '../domain/state.ts';
import { createTestClient } from '../test-client.ts';
import { openDataDir } from './data-dir.ts';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'kit-data-dir-'));
}

/** A client on a data directory as `npm start -- --data-dir` opens it. */
async function clientOn(path: string) {
  const dir = openDataDir(path);
  const client = createTestClient({ state: dir.state, onChange: dir.write });
  if (!dir.state) await dir.write(client.mock.state);
  return { dir, client };
}

const list = (kind: string) => `/v1/data-import/${kind}-account-import-processes/DEMO_ENERGY/`;

describe('--data-dir', () => {
  test('[GEN-9] an acknowledged stage and process survive a restart, record by record', async () => {
    const path = tempDir();
    const first = await clientOn(path);
    const firstToken = await first.client.login();
    const a = first.client.account();
    const b = first.client.account();
    expect((await first.client.stage(a)).status).toBe(201);
    expect((await first.client.stage(b)).status).toBe(201);
    const processed = await first.client.process(a.external_account_number);
    expect(processed.status).toBe(201);
    await first.dir.close();

    const second = await clientOn(path);
    // AUTH-2: a token issued before the restart is still good after it.
    expect(
      (await second.client.call('GET', list('all'), undefined, { token: firstToken })).status,
    ).toBe(200);
    await second.client.login();
    expect(second.client.mock.state.accounts.size).toBe(2);
    const all = await second.client.call('GET', list('all'));
    expect(all.status).toBe(200);
    expect(all.body).toBeInstanceOf(LazyList);
    expect(JSON.parse(JSON.stringify(all.body))).toEqual([
      {
        external_account_number: a.external_account_number,
        service_account_number: (processed.body as { service_account_number: string })
          .service_account_number,
        account_created_at: expect.any(String),
      },
      {
        external_account_number: b.external_account_number,
        service_account_number: null,
        account_created_at: null,
      },
    ]);
    const pending = await second.client.call('GET', list('pending'));
    expect(JSON.parse(JSON.stringify(pending.body))).toEqual([
      {
        external_account_number: b.external_account_number,
        service_account_number: null,
        account_created_at: null,
      },
    ]);
    // PRC-8 holds across the restart: the imported record came back whole.
    expect((await second.client.process(a.external_account_number)).body).toMatchObject({
      code: 'account_already_imported',
    });
    await second.dir.close();
  });

  test('a refused request writes nothing and a restaged account keeps its place', async () => {
    const path = tempDir();
    const first = await clientOn(path);
    await first.client.login();
    const a = first.client.account();
    const b = first.client.account();
    await first.client.stage(a);
    await first.client.stage(b);
    expect((await first.client.stage({ ...a, import_supplier: 'NOPE' })).status).toBe(400);
    expect((await first.client.stage(a)).status).toBe(200);
    const revision = first.client.mock.state.revision;
    await first.dir.close();

    const second = await clientOn(path);
    expect(second.client.mock.state.revision).toBe(revision);
    await second.client.login();
    const all = await second.client.call('GET', list('all'));
    expect(
      (JSON.parse(JSON.stringify(all.body)) as { external_account_number: string }[]).map(
        (p) => p.external_account_number,
      ),
    ).toEqual([a.external_account_number, b.external_account_number]);
    await second.dir.close();
  });

  test("the operator's reset empties the store and the export holds what it holds", async () => {
    const path = tempDir();
    const first = await clientOn(path);
    await first.client.login();
    const a = first.client.account();
    await first.client.stage(a);
    // Over HTTP the export and the list are written piece by piece; they parse as the whole.
    const server = createMockServer(first.client.mock.service).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const exported = await (await fetch(`${base}/__mock/state`)).json();
    expect(Object.keys(exported.accounts)).toEqual([`DEMO_ENERGY/${a.external_account_number}`]);
    expect(exported.accounts[`DEMO_ENERGY/${a.external_account_number}`]).toMatchObject({
      import_supplier: 'DEMO_ENERGY',
      status: 'staged',
      data: a,
    });
    expect(exported).toMatchObject({ version: 1, account_sequence: 0, outbox: [] });
    const token = await first.client.login();
    const listed = await fetch(`${base}${list('all')}`, {
      headers: { authorization: `Token ${token}` },
    });
    expect(await listed.json()).toEqual([
      {
        external_account_number: a.external_account_number,
        service_account_number: null,
        account_created_at: null,
      },
    ]);
    server.close();
    expect((await first.client.call('POST', '/__mock/reset')).status).toBe(200);
    await first.dir.close();

    const second = await clientOn(path);
    expect(second.client.mock.state.accounts.size).toBe(0);
    await second.client.login();
    expect(JSON.stringify((await second.client.call('GET', list('all'))).body)).toBe('[]');
    await second.dir.close();
  });

  test('[SUP-4] the outbox survives a restart, is read from the store and is exported', async () => {
    const path = tempDir();
    const first = await clientOn(path);
    await first.client.login();
    const a = first.client.account();
    await first.client.stage(a);
    expect((await first.client.process(a.external_account_number)).status).toBe(201);
    const sent = (await first.client.call('GET', '/__mock/outbox')).body as unknown[];
    expect(sent.length).toBeGreaterThan(0);
    await first.dir.close();

    const second = await clientOn(path);
    // Nothing of the outbox is read at start-up: its length comes from the store's last key.
    expect(second.client.mock.state.outbox.length).toBe(sent.length);
    expect((await second.client.call('GET', '/__mock/outbox')).body).toEqual(sent);
    const server = createMockServer(second.client.mock.service).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const exported = await (await fetch(`${base}/__mock/state`)).json();
    server.close();
    expect(exported.outbox).toHaveLength(sent.length);
    expect(exported.outbox[0]).toMatchObject({
      external_account_number: a.external_account_number,
      import_supplier: 'DEMO_ENERGY',
    });
    expect(Object.keys(exported.accounts)).toEqual([`DEMO_ENERGY/${a.external_account_number}`]);
    await second.dir.close();
  });
});

describe('--data-dir: keys from input', () => {
  test('[SUP-1] a supplier named __proto__ keeps its code across a restart', async () => {
    const path = tempDir();
    const first = await clientOn(path);
    expect(
      (await first.client.call('PUT', '/__mock/suppliers/__proto__', { status: 'Paused' })).status,
    ).toBe(201);
    const fault = { kind: 'persistent', remaining: 2 };
    const faulted = await first.client.call(
      'PUT',
      '/__mock/payment-vendor/suppliers/__proto__/fault',
      fault,
    );
    expect(faulted.status).toBe(200);
    await first.dir.close();

    const second = await clientOn(path);
    const suppliers = (await second.client.call('GET', '/__mock/suppliers')).body as {
      code: string;
      status: string;
    }[];
    expect(suppliers.find((s) => s.code === '__proto__')).toMatchObject({ status: 'Paused' });
    expect(suppliers.map((s) => s.code)).not.toContain('__proto_');
    const faults = (await second.client.call('GET', '/__mock/payment-vendor/faults')).body;
    expect(JSON.stringify(faults)).toContain('"import_supplier_code":"__proto__"');
    // Nothing of the restored state holds the key under another name.
    expect(second.client.snapshot()).not.toContain('"__proto_"');
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
    await second.dir.close();
  });
});

describe('--data-dir: held identifiers', () => {
  test('[GEN-6] an imported account’s references are held in the store, across a restart', async () => {
    const path = tempDir();
    const first = await clientOn(path);
    await first.client.login();
    const a = first.client.account();
    const refs = (a as { references?: { namespace: string; value: string }[] }).references ?? [];
    expect(refs.length).toBeGreaterThan(0);
    const held = referenceIdentifier(refs[0]!.namespace, refs[0]!.value);
    await first.client.stage(a);
    // Staged data is a draft: it holds nothing yet.
    expect(first.dir.accounts.holderOf('reference', held)).toBeUndefined();
    expect((await first.client.process(a.external_account_number)).status).toBe(201);
    const key = `DEMO_ENERGY/${a.external_account_number}`;
    expect(first.dir.accounts.holderOf('reference', held)).toBe(key);
    expect(first.dir.accounts.holderOf('reference', held, [key])).toBeUndefined();
    // Another account with the same reference is refused (reference_already_exists).
    const refused = await first.client.stage(first.client.account({ references: [refs[0]] }));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('reference_already_exists');
    await first.dir.close();

    // Opened again, the store answers from its index without reading the accounts.
    const second = openDataDir(path);
    expect(second.accounts.holderOf('reference', held)).toBe(key);
    expect(second.accounts.holderOf('reference', referenceIdentifier('x', 'y'))).toBeUndefined();
    await second.close();
  });

  test('[GEN-6] a CAIS reference held in the store is answered before and after its commit', async () => {
    const path = tempDir();
    const dir = openDataDir(path);
    const client = createTestClient({ state: dir.state, onChange: dir.write });
    await dir.write(client.mock.state);
    const accounts = client.mock.state.accounts;
    const record = {
      importSupplier: 'DEMO_ENERGY',
      externalAccountNumber: 'C-1',
      status: 'imported' as const,
      data: { debts: [{ cais_reference: 'CAIS-1' }] } as never,
      stagedAt: '2024-04-01T09:00:00Z',
      updatedAt: '2024-04-01T09:00:00Z',
    };
    accounts.set('DEMO_ENERGY/C-1', record);
    // Set, not yet written: a concurrent request already sees it.
    expect(accounts.holderOf('cais', 'CAIS-1')).toBe('DEMO_ENERGY/C-1');
    client.mock.state.revision += 1;
    const written = dir.write(client.mock.state);
    expect(accounts.holderOf('cais', 'CAIS-1')).toBe('DEMO_ENERGY/C-1');
    await written;
    expect(accounts.holderOf('cais', 'CAIS-1')).toBe('DEMO_ENERGY/C-1');
    // Set again as staged (a replaced record): it lets go, on disk too.
    accounts.set('DEMO_ENERGY/C-1', { ...record, status: 'staged' });
    expect(accounts.holderOf('cais', 'CAIS-1')).toBeUndefined();
    client.mock.state.revision += 1;
    await dir.write(client.mock.state);
    await dir.close();
    const reopened = openDataDir(path);
    expect(reopened.accounts.holderOf('cais', 'CAIS-1')).toBeUndefined();
    await reopened.close();
  });
});

describe('--data-dir: letting go of the map', () => {
  test('[GEN-9] the store recycles between requests under load and loses nothing', async () => {
    const path = tempDir();
    // A budget every look exceeds, looked at on every request: the map is let go all the time.
    const dir = openDataDir(path, { memoryBudgetMiB: 1, checkEveryMs: 0, mappedMiB: () => 1000 });
    const client = createTestClient({ state: dir.state, onChange: dir.write });
    await dir.write(client.mock.state);
    const token = await client.login();
    const server = createMockServer(client.mock.service, {
      maintenance: { due: dir.recycleDue, run: dir.recycle },
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Token ${token}` },
        body: JSON.stringify(body),
      });
    const accounts = Array.from({ length: 60 }, () => client.account());
    // 60 stages, then 60 processes and 60 lists, all at once.
    const staged = await Promise.all(
      accounts.map((a) => post('/v1/data-import/account-import-process/create-or-update/', a)),
    );
    expect(staged.map((r) => r.status)).toEqual(accounts.map(() => 201));
    const processed = await Promise.all([
      ...accounts.map((a) =>
        post('/v1/data-import/account-import-process/process/', {
          import_supplier_code: 'DEMO_ENERGY',
          external_account_number: a.external_account_number,
          operations_team_name: 'MIGRATIONS',
        }),
      ),
      ...accounts.map(() =>
        fetch(`${base}${list('all')}`, { headers: { authorization: `Token ${token}` } }),
      ),
    ]);
    expect(processed.map((r) => r.status)).toEqual([
      ...accounts.map(() => 201),
      ...accounts.map(() => 200),
    ]);
    expect(dir.recycles).toBeGreaterThanOrEqual(3);
    const listed = (await (
      await fetch(`${base}${list('all')}`, { headers: { authorization: `Token ${token}` } })
    ).json()) as { service_account_number: string | null }[];
    expect(listed).toHaveLength(60);
    expect(listed.every((p) => p.service_account_number !== null)).toBe(true);
    server.close();
    await dir.close();

    const reopened = openDataDir(path);
    expect(reopened.accounts.size).toBe(60);
    const refs = (accounts[59] as { references?: { namespace: string; value: string }[] })
      .references!;
    expect(
      reopened.accounts.holderOf(
        'reference',
        referenceIdentifier(refs[0]!.namespace, refs[0]!.value),
      ),
    ).toBe(`DEMO_ENERGY/${accounts[59]!.external_account_number}`);
    await reopened.close();
  });

  test('[STS-9] a long list lets the store go of its map between its pieces and stays whole', async () => {
    const path = tempDir();
    let mapped = 0;
    const dir = openDataDir(path, { memoryBudgetMiB: 1, checkEveryMs: 0, mappedMiB: () => mapped });
    const client = createTestClient({ state: dir.state, onChange: dir.write });
    await dir.write(client.mock.state);
    const token = await client.login();
    const example = client.account();
    const records = Array.from({ length: 3000 }, (_, i): [string, AccountRecord] => [
      `DEMO_ENERGY/LIST-${i}`,
      {
        importSupplier: 'DEMO_ENERGY',
        externalAccountNumber: `LIST-${i}`,
        status: 'staged',
        data: { ...example, external_account_number: `LIST-${i}` },
        stagedAt: '2024-04-01T09:00:00Z',
        updatedAt: '2024-04-01T09:00:00Z',
      },
    ]);
    dir.accounts.importAccounts(records);
    const server = createMockServer(client.mock.service, {
      maintenance: { due: dir.recycleDue, run: dir.recycle },
    }).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // From now on every look finds the pages over the budget.
    mapped = 1000;
    const listed = (await (
      await fetch(`${base}${list('all')}`, { headers: { authorization: `Token ${token}` } })
    ).json()) as { external_account_number: string }[];
    expect(listed.map((p) => p.external_account_number)).toEqual(
      records.map(([, r]) => r.externalAccountNumber),
    );
    // About 330 KiB of list in pieces of 64 KiB: the store was let go between them.
    expect(dir.recycles).toBeGreaterThanOrEqual(3);
    server.close();
    await dir.close();
  });
});

describe('--data-dir short of room', () => {
  test('[GEN-9] below its reserve the store refuses every change with 503 and Retry-After before it changes anything, and takes writes again once there is room', async () => {
    const path = tempDir();
    let free = 1000;
    const dir = openDataDir(path, { reserveMiB: 64, freeMiB: () => free });
    const client = createTestClient({
      state: dir.state,
      onChange: dir.write,
      refuseWrites: dir.refuseWrites,
    });
    await dir.write(client.mock.state);
    await client.login();
    const kept = client.account();
    expect((await client.stage(kept)).status).toBe(201);
    const snapshot = client.snapshot();

    free = 10;
    const refused = client.account();
    for (const answer of [
      await client.stage(refused),
      await client.process(kept.external_account_number),
      await client.call('POST', '/__mock/reset'),
    ]) {
      expect(answer).toEqual({
        status: 503,
        headers: { 'retry-after': '5' },
        body: {
          detail:
            'The change could not be stored (10.0 MiB free for the store, less than its reserve of 64 MiB); nothing changed. Retry later.',
          code: 'storage_unavailable',
          errors: [],
        },
      });
    }
    expect(client.snapshot()).toBe(snapshot);
    // Reads are still answered.
    expect((await client.call('GET', list('all'))).status).toBe(200);

    free = 1000;
    expect((await client.stage(refused)).status).toBe(201);
    await dir.close();
    const reopened = openDataDir(path);
    expect(reopened.accounts.has(`DEMO_ENERGY/${kept.external_account_number}`)).toBe(true);
    expect(reopened.accounts.get(`DEMO_ENERGY/${kept.external_account_number}`)?.status).toBe(
      'staged',
    );
    expect(reopened.accounts.has(`DEMO_ENERGY/${refused.external_account_number}`)).toBe(true);
    await reopened.close();
  });

  test('the store reads no environment: without options it keeps its default reserve and budget', async () => {
    // The command reads and checks these settings (mocks/start.ts, decision 020); a store opened
    // by a package user is not changed by whatever its process's environment holds.
    vi.stubEnv('STORE_RESERVE_MIB', '5');
    vi.stubEnv('STORE_MEMORY_MIB', '1');
    vi.stubEnv('STORE_MEMORY_CHECK_MS', '0');
    const dir = openDataDir(tempDir(), { freeMiB: () => 10, mappedMiB: () => 100 });
    try {
      expect(dir.refuseWrites()).toBe(
        '10.0 MiB free for the store, less than its reserve of 64 MiB',
      );
      expect(dir.recycleDue()).toBe(false);
    } finally {
      vi.unstubAllEnvs();
      await dir.close();
    }
  });

  test.each([-5, Number.NaN, 2 ** 20 + 1])(
    'a reserve of %s MiB is refused at opening, before the store is opened',
    (reserveMiB) => {
      const path = join(tempDir(), 'store');
      expect(() => openDataDir(path, { reserveMiB })).toThrow(
        /reserveMiB must be a number of MiB from 0 to 1048576/,
      );
      expect(existsSync(path)).toBe(false);
    },
  );
});
