import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { createTestClient } from '../test-client.ts';
import { ConfigFileError, loadConfigFile } from './config-file.ts';

function file(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'kit-config-')), name);
  writeFileSync(path, text);
  return path;
}

const yaml = `
api_keys:
  - key: acme-secret-key
    organisation: Acme Power
suppliers:
  - code: ACME
    status: Ongoing
    emails_on_migration: false
    document_root: acme/
operations_teams: [ONBOARDING]
token_lifetime_seconds: 600
`;

describe('--config', () => {
  test('a YAML configuration replaces the default state', async () => {
    const config = loadConfigFile(file('mock.yaml', yaml));
    const client = createTestClient({ config });
    expect((await client.obtainToken({ APIKey: 'demo-api-key' })).errors).toBeDefined();
    const body = await client.obtainToken({ APIKey: 'acme-secret-key' });
    expect(body.data.obtainKrakenToken?.payload).toMatchObject({ sub: 'Acme Power' });
    expect(Object.keys(client.mock.state.suppliers)).toEqual(['ACME']);
    expect(client.mock.state.tokenLifetimeSeconds).toBe(600);
  });

  test("dialect: platform gives the platform document's answers, and another name is refused", async () => {
    const config = loadConfigFile(file('mock.yaml', `${yaml}dialect: platform\n`));
    expect(createTestClient({ config }).mock.service.dialect).toBe('platform');
    expect(createTestClient({ config, dialect: 'reference' }).mock.service.dialect).toBe(
      'reference',
    );
    expect(() => loadConfigFile(file('mock.yaml', `${yaml}dialect: kraken\n`))).toThrow(
      /dialect: "kraken" is not a valid choice/,
    );
  });

  test('a JSON configuration is read as well', () => {
    const config = loadConfigFile(
      file(
        'mock.json',
        JSON.stringify({
          api_keys: [{ key: 'json-secret-key', organisation: 'J' }],
          suppliers: [],
          operations_teams: [],
        }),
      ),
    );
    expect(config.api_keys[0]?.organisation).toBe('J');
  });

  test('a file of the earlier camelCase form still loads, with a notice', () => {
    const legacy = yaml
      .replace('api_keys', 'apiKeys')
      .replace('emails_on_migration', 'emailsOnMigration')
      .replace('document_root', 'documentRoot')
      .replace('operations_teams', 'operationsTeams')
      .replace('token_lifetime_seconds', 'tokenLifetimeSeconds');
    const notices: string[] = [];
    const config = loadConfigFile(file('legacy.yaml', legacy), (m) => notices.push(m));
    expect(config).toEqual(loadConfigFile(file('mock.yaml', yaml), (m) => notices.push(m)));
    expect(notices).toEqual([expect.stringMatching(/earlier camelCase keys/)]);
  });

  test('a bad configuration gets a clear message naming the field', () => {
    const path = file('bad.yaml', yaml.replace('status: Ongoing', 'status: Running'));
    expect(() => loadConfigFile(path)).toThrow(ConfigFileError);
    expect(() => loadConfigFile(path)).toThrow(
      /suppliers\.0\.status: "Running" is not a valid choice/,
    );
  });

  test('a file that is not YAML gets a clear message', () => {
    const path = file('broken.yaml', 'api_keys: [unclosed');
    expect(() => loadConfigFile(path)).toThrow(/cannot be read/);
  });
});
