import { describe, expect, it } from 'vitest';
import { dataImport } from '../spec/index.ts';
import { checkExchange } from './check-exchange.ts';
import { recordingClient, withAnswer } from './traffic.test-helper.ts';

const VALIDATE = '/v1/data-import/validate-account/';
const STATEMENTS = '/v1/data-import/historical-statements/create/';

describe('checkExchange', () => {
  it('names the success rule when a success is answered with a 2xx the reference does not give', async () => {
    const rec = recordingClient();
    const ok = await rec.send('POST', VALIDATE, rec.client.account());
    expect(ok.response.status).toBe(200);
    expect(checkExchange(dataImport, ok)).toEqual([]);
    const created = { ...ok, response: { ...ok.response, status: 201 } };
    expect(checkExchange(dataImport, created)).toEqual([
      expect.objectContaining({
        rule: 'VAL-2',
        source: 'reference',
        severity: 'error',
        operation: 'validateAccount',
        pointer: '/response/status',
      }),
    ]);
  });

  it('only warns of another success status where the reference leaves it open (HST-2)', async () => {
    const rec = recordingClient();
    const sent = await rec.send('POST', STATEMENTS, { import_supplier: 'DEMO_ENERGY' });
    const findings = checkExchange(dataImport, withAnswer(sent, 200, {})).filter(
      (f) => f.pointer === '/response/status',
    );
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([
      ['kit:undocumented-status', 'warning'],
    ]);
  });
});
