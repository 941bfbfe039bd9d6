import { once } from 'node:events';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createMockServer } from '../adapters/node-server.ts';
import { createTestClient } from '../test-client.ts';
import { openDataDir } from './data-dir.ts';
import { importStateFile, StateImportError } from './state-import.ts';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'kit-state-import-'));
}

async function clientOn(path: string) {
  const dir = openDataDir(path);
  const client = createTestClient({ state: dir.state, onChange: dir.write });
  if (!dir.state) await dir.write(client.mock.state);
  return { dir, client };
}

/** The state export of a client's mock as the standalone server streams it. */
async function exportOf(client: ReturnType<typeof createTestClient>): Promise<string> {
  const server = createMockServer(client.mock.service).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const text = await (await fetch(`${base}/__mock/state`)).text();
  server.close();
  return text;
}

describe('--import-state', () => {
  test('[GEN-2] a document with a __proto__ field is refused as an unknown field, not read as a prototype', async () => {
    const work = tempDir();
    const source = await clientOn(join(work, 'source'));
    const exported = JSON.parse(await exportOf(source.client)) as Record<string, unknown>;
    await source.dir.close();
    const file = join(work, 'export.json');
    // As the first field: a prototype would make the document look like an earlier camelCase one.
    writeFileSync(
      file,
      `{"__proto__": {"apiKeys": [], "tokenLifetimeSeconds": 1},${JSON.stringify(exported).slice(1)}`,
    );
    const refused = await importStateFile(file, join(work, 'target')).catch((e: Error) => e);
    expect(refused).toBeInstanceOf(StateImportError);
    expect((refused as Error).message).toContain('__proto__');
  });

  test('[GEN-9] a streamed import gives back the exported accounts, their order and the outbox', async () => {
    const work = tempDir();
    const source = await clientOn(join(work, 'source'));
    await source.client.login();
    const [a, b, c] = [source.client.account(), source.client.account(), source.client.account()];
    for (const account of [a, b, c]) await source.client.stage(account);
    expect((await source.client.process(b.external_account_number)).status).toBe(201);
    const exported = await exportOf(source.client);
    await source.dir.close();
    const file = join(work, 'export.json');
    writeFileSync(file, exported);

    const imported = await importStateFile(file, join(work, 'target'));
    const outbox = JSON.parse(exported).outbox as unknown[];
    expect(outbox.length).toBeGreaterThan(0);
    expect(imported).toEqual({ accounts: 3, outbox: outbox.length });
    const target = await clientOn(join(work, 'target'));
    expect(JSON.parse(await exportOf(target.client))).toEqual(JSON.parse(exported));
    await target.client.login();
    // STS-9: the staging order is the document's.
    const all = await target.client.call(
      'GET',
      '/v1/data-import/all-account-import-processes/DEMO_ENERGY/',
    );
    expect(
      (JSON.parse(JSON.stringify(all.body)) as { external_account_number: string }[]).map(
        (p) => p.external_account_number,
      ),
    ).toEqual([a, b, c].map((x) => x.external_account_number));
    // PRC-8 holds on the imported record.
    expect((await target.client.process(b.external_account_number)).body).toMatchObject({
      code: 'account_already_imported',
    });
    await target.dir.close();
  });

  test('a document with one invalid account is refused and the directory is left as it was', async () => {
    const work = tempDir();
    const existing = await clientOn(join(work, 'store'));
    await existing.client.login();
    const kept = existing.client.account();
    await existing.client.stage(kept);
    const exported = JSON.parse(await exportOf(existing.client));
    await existing.dir.close();

    const [key] = Object.keys(exported.accounts);
    const broken = {
      ...exported,
      accounts: { ...exported.accounts, 'DEMO_ENERGY/X': { nope: 1 } },
    };
    const file = join(work, 'broken.json');
    writeFileSync(file, JSON.stringify(broken));
    await expect(importStateFile(file, join(work, 'store'))).rejects.toThrow(StateImportError);
    await expect(importStateFile(file, join(work, 'store'))).rejects.toThrow(
      /accounts\["DEMO_ENERGY\/X"\]/,
    );
    writeFileSync(file, JSON.stringify(exported).slice(0, -20));
    await expect(importStateFile(file, join(work, 'store'))).rejects.toThrow(/not valid JSON/);

    const after = await clientOn(join(work, 'store'));
    expect([...after.client.mock.state.accounts.entries()].map(([k]) => k)).toEqual([key]);
    await after.dir.close();
  });
});
