import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createMockServer } from '../adapters/node-server.ts';
import { LazyList } from '../domain/lazy-list.ts';
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
