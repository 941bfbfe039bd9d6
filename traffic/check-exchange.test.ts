import { describe, expect, it } from 'vitest';
import { dataImport } from '../spec/index.ts';
import { checkExchange } from './check-exchange.ts';
import type { Exchange } from './exchange.ts';
import { Pseudonyms, redactExchange } from './record-redact.ts';
import { recordingClient, withAnswer } from './traffic.test-helper.ts';

const STAGE_PATH = '/v1/data-import/account-import-process/create-or-update/';

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

  it('judges no validation a recording masked: a pseudonymised account answered 201 is not ERR-1, the same account sent with a wrong postcode is', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    const staged = await rec.send('POST', STAGE_PATH, account);
    expect(staged.response.status).toBe(201);
    expect(checkExchange(dataImport, staged)).toEqual([]);
    const recorded = redactExchange(staged, new Pseudonyms());
    const body = JSON.parse(recorded.request.body) as { billing_postcode: string };
    expect(body.billing_postcode).toMatch(/^\[REDACTED:[a-z0-9_-]+:\d+\]$/);
    expect(checkExchange(dataImport, recorded).filter((f) => f.rule === 'ERR-1')).toEqual([]);
    const sent = JSON.parse(staged.request.body) as Record<string, unknown>;
    const wrong = {
      ...staged,
      request: { ...staged.request, body: JSON.stringify({ ...sent, billing_postcode: 'NOPE' }) },
    };
    expect(checkExchange(dataImport, wrong).map((f) => [f.rule, f.pointer])).toContainEqual([
      'ERR-1',
      '/request/body/billing_postcode',
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

  it("names ERR-5 when a field error's attr is not a dot-delimited path", async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    const customer = { ...account.customers?.[0], landline: '123' };
    const refused = await rec.send('POST', VALIDATE, { ...account, customers: [customer] });
    expect(refused.response.status).toBe(400);
    const body = JSON.parse(refused.response.body) as { errors: { attr: string }[] };
    expect(body.errors.some((e) => /\.\d+\./.test(e.attr))).toBe(true);
    expect(checkExchange(dataImport, refused)).toEqual([]);
    const bracketed = {
      ...body,
      errors: body.errors.map((e) => ({ ...e, attr: e.attr.replace(/\.(\d+)/g, '[$1]') })),
    };
    const findings = checkExchange(dataImport, withAnswer(refused, 400, bracketed));
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((f) => f.rule === 'ERR-5' && f.severity === 'error')).toBe(true);
    expect(findings[0]?.pointer).toMatch(/^\/response\/body\/errors\/\d+\/attr$/);
  });

  it('grades a 404 body by the rule only where the reference gives one (REG-8, not STS-3)', async () => {
    const rec = recordingClient();
    const unknown = await rec.send(
      'GET',
      '/v1/data-import/account-transfer-status/DEMO_ENERGY/NEVER-STAGED/',
    );
    expect(unknown.response.status).toBe(404);
    const other = withAnswer(unknown, 404, { message: 'Not found.', status_code: 404 });
    const findings = checkExchange(dataImport, other);
    expect(findings.length).toBeGreaterThan(0);
    expect(findings.every((f) => f.severity === 'warning' && f.rule === 'kit:response-404')).toBe(
      true,
    );
    const registration = await rec.send(
      'POST',
      '/v1/data-import/send-registration-flows/DEMO_ENERGY/NEVER-STAGED/',
      {},
    );
    expect(registration.response.status).toBe(404);
    const object = withAnswer(registration, 404, { detail: 'Not found.' });
    expect(checkExchange(dataImport, object).map((f) => [f.rule, f.severity])).toContainEqual([
      'REG-8',
      'error',
    ]);
  });
  it('judges an echoed answer as sent, not as the request validation reads it in place', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    // A number for a text field: the platform's serializers read it as text (spec/coercion.ts),
    // so the request is valid, but an answer carrying the number breaks the answer's schema.
    const sent = JSON.stringify({ ...account, external_account_number: 12345 });
    const ok = await rec.send('POST', VALIDATE, account);
    const echoed: Exchange = {
      ...ok,
      request: { ...ok.request, body: sent },
      response: { ...ok.response, status: 200, body: sent },
    };
    // The same answer in other text (a space more) is parsed on its own: the reference figure.
    const apart: Exchange = { ...echoed, response: { ...echoed.response, body: `${sent} ` } };
    const alone = checkExchange(dataImport, apart);
    expect(alone.some((f) => f.pointer.startsWith('/response/body'))).toBe(true);
    expect(checkExchange(dataImport, echoed)).toEqual(alone);
  });
});
