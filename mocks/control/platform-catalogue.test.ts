import { describe, expect, test } from 'vitest';
import { defaultPlatformCatalogue, mockControl } from '../../spec/index.ts';
import { createDataImportMock } from '../create-mock.ts';
import { defaultConfig } from '../defaults.ts';
import { platformContext } from '../domain/platform/context.ts';
import { nodeEnv } from '../node-env.ts';
import { createTestClient } from '../test-client.ts';

function conforms(operationId: string, response: { status: number; body: unknown }) {
  expect(
    mockControl.checkResponse(operationId, response.status, 'application/json', response.body)
      .problems,
  ).toEqual([]);
}

const WINTER = [{ slug: 'winter-warmth-2026', name: 'Winter Warmth 2026' }];

describe('control API: platform-catalogue', () => {
  test('[GEN-6] getPlatformCatalogue answers the kit defaults, which match the schema', async () => {
    const client = createTestClient();
    const response = await client.call('GET', '/__mock/catalogue');
    expect(response.status).toBe(200);
    expect(response.body).toEqual(defaultPlatformCatalogue);
    expect(mockControl.validateSchema('PlatformCatalogue', defaultPlatformCatalogue)).toEqual([]);
    conforms('getPlatformCatalogue', response);
  });

  test('[GEN-6] putPlatformCatalogue replaces the catalogue the validators read', async () => {
    const client = createTestClient();
    const next = { ...structuredClone(defaultPlatformCatalogue), campaigns: WINTER };
    const response = await client.call('PUT', '/__mock/catalogue', next);
    expect(response).toEqual({ status: 200, body: next });
    conforms('putPlatformCatalogue', response);
    expect((await client.call('GET', '/__mock/catalogue')).body).toEqual(next);
    const ctx = platformContext(client.mock.service.state, nodeEnv());
    expect(ctx.catalogue.campaigns).toEqual(WINTER);
  });

  test('[GEN-6] a catalogue that does not match the schema is refused and changes nothing', async () => {
    const client = createTestClient();
    const before = JSON.stringify(client.mock.service.state);
    const broken = { ...structuredClone(defaultPlatformCatalogue), ledger_codes: 'ENERGY' };
    const put = await client.call('PUT', '/__mock/catalogue', broken);
    expect(put.status).toBe(400);
    expect(put.body).toMatchObject({ errors: [expect.objectContaining({ attr: 'ledger_codes' })] });
    const patched = await client.call('PATCH', '/__mock/catalogue', { ledger_codes: 'ENERGY' });
    expect(patched.status).toBe(400);
    expect(patched.body).toMatchObject({
      code: 'request_failed_validation',
      errors: [expect.objectContaining({ attr: 'ledger_codes' })],
    });
    const unknown = await client.call('PATCH', '/__mock/catalogue', { tariffs_of_mars: [] });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(client.mock.service.state)).toBe(before);
  });

  test('[GEN-6] patchPlatformCatalogue replaces the sections it names and keeps the others', async () => {
    const client = createTestClient();
    const response = await client.call('PATCH', '/__mock/catalogue', { campaigns: WINTER });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...defaultPlatformCatalogue, campaigns: WINTER });
    conforms('patchPlatformCatalogue', response);
  });

  test('[GEN-6] resetPlatformCatalogue, and a reset of the mock, restore the configured catalogue', async () => {
    const client = createTestClient();
    await client.call('PATCH', '/__mock/catalogue', { campaigns: WINTER });
    const restored = await client.call('DELETE', '/__mock/catalogue');
    expect(restored).toEqual({ status: 200, body: defaultPlatformCatalogue });
    conforms('resetPlatformCatalogue', restored);
    await client.call('PATCH', '/__mock/catalogue', { campaigns: WINTER });
    await client.call('POST', '/__mock/reset');
    expect((await client.call('GET', '/__mock/catalogue')).body).toEqual(defaultPlatformCatalogue);
  });

  test('[GEN-6] the catalogue travels with an exported state, its keys as they are', async () => {
    const client = createTestClient();
    await client.call('PATCH', '/__mock/catalogue', { campaigns: WINTER });
    const exported = await client.call('GET', '/__mock/state');
    const document = exported.body as { platform_catalogue: typeof defaultPlatformCatalogue };
    expect(document.platform_catalogue.campaigns).toEqual(WINTER);
    expect(Object.keys(document.platform_catalogue)).toContain('internal_email_addresses');
    await client.call('POST', '/__mock/reset');
    const imported = await client.call('PUT', '/__mock/state', document);
    expect(imported.status).toBeLessThan(300);
    expect((await client.call('GET', '/__mock/catalogue')).body).toMatchObject({
      campaigns: WINTER,
    });
  });

  test('[GEN-6] a state exported before the catalogue existed loads with the kit defaults', async () => {
    const client = createTestClient();
    const exported = (await client.call('GET', '/__mock/state')).body as Record<string, unknown>;
    delete exported.platform_catalogue;
    await client.call('PATCH', '/__mock/catalogue', { campaigns: WINTER });
    const imported = await client.call('PUT', '/__mock/state', exported);
    expect(imported.status).toBeLessThan(300);
    expect((await client.call('GET', '/__mock/catalogue')).body).toEqual(defaultPlatformCatalogue);
  });
});

describe('a configured platform catalogue', () => {
  test('[GEN-6] the configuration’s platform_catalogue is the one the mock starts and resets with', async () => {
    const own = { ...structuredClone(defaultPlatformCatalogue), campaigns: WINTER };
    const mock = createDataImportMock({ config: { ...defaultConfig, platform_catalogue: own } });
    const get = () =>
      mock.service.handle({
        method: 'GET',
        path: '/__mock/catalogue',
        query: {},
        headers: {},
        bodyText: '',
      });
    expect((await get()).body).toEqual(own);
    await mock.service.handle({
      method: 'PATCH',
      path: '/__mock/catalogue',
      query: {},
      headers: { 'content-type': 'application/json' },
      bodyText: JSON.stringify({ campaigns: [] }),
    });
    expect(((await get()).body as typeof own).campaigns).toEqual([]);
    mock.reset();
    expect((await get()).body).toEqual(own);
  });
});
