import { describe, expect, it } from 'vitest';
import { dataImport } from '../spec/index.ts';
import { checkExchange } from './check-exchange.ts';
import { recordingClient, withAnswer } from './traffic.test-helper.ts';

const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const PROCESS = '/v1/data-import/account-import-process/process/';

/** A processed account's exchange, answered by a fresh mock. */
async function processed() {
  const rec = recordingClient();
  const account = rec.client.account();
  await rec.send('POST', STAGE, account);
  const exchange = await rec.send('POST', PROCESS, {
    import_supplier_code: 'DEMO_ENERGY',
    external_account_number: account.external_account_number,
    operations_team_name: 'MIGRATIONS',
  });
  expect(exchange.response.status).toBe(201);
  return exchange;
}

describe('answers the suite’s reviewed relaxations lift', () => {
  it('grades the platform’s account number form as a platform warning, not PRC-4 broken', async () => {
    const exchange = await processed();
    const findings = checkExchange(
      dataImport,
      withAnswer(exchange, 201, { service_account_number: 'ACC-00ab12cd' }),
    );
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.map((f) => [f.rule, f.source, f.severity, f.pointer])).toContainEqual([
      'PRC-4',
      'platform',
      'warning',
      '/response/body/service_account_number',
    ]);
    expect(findings.filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('grades other ObtainToken field names as a kit warning (AUTH-1)', async () => {
    const rec = recordingClient();
    const sent = await rec.send('POST', '/v1/graphql/', {
      query: 'mutation { obtainToken(input: {apiKey: "k"}) { accessToken refresh } }',
    });
    const renamed = withAnswer(sent, 200, { data: { obtainToken: { accessToken: 'a' } } });
    const findings = checkExchange(dataImport, renamed);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((f) => f.rule === 'AUTH-1' && f.source === 'kit')).toBe(true);
    expect(findings.every((f) => f.severity === 'warning')).toBe(true);
  });

  it('still names the broken rule when what the reference states is missing (PRC-4)', async () => {
    const exchange = await processed();
    const findings = checkExchange(dataImport, withAnswer(exchange, 201, {}));
    expect(findings).toContainEqual(
      expect.objectContaining({ rule: 'PRC-4', source: 'reference', severity: 'error' }),
    );
  });

  it('opens the validated data’s shape (VAL-2) but not what it is: the account the request named', async () => {
    const rec = recordingClient();
    const sent = await rec.send('POST', '/v1/data-import/validate-account/', rec.client.account());
    expect(sent.response.status).toBe(200);
    const echo = JSON.parse(sent.response.body) as Record<string, unknown>;
    const added = checkExchange(dataImport, withAnswer(sent, 200, { ...echo, later_field: 1 }));
    expect(added.length).toBeGreaterThan(0);
    expect(added.every((f) => f.rule === 'VAL-2' && f.severity === 'warning')).toBe(true);
    const other = { ...echo, external_account_number: 'SOMEONE-ELSE', later_field: 1 };
    expect(checkExchange(dataImport, withAnswer(sent, 200, other))).toContainEqual(
      expect.objectContaining({ rule: 'VAL-2', severity: 'error' }),
    );
  });
});
