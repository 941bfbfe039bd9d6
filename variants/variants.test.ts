/**
 * The legitimate variants stay legitimate in both dialects (decision 026): a variant changes only
 * what the reference, or in the platform dialect the platform's document, leaves to the service.
 */
import { describe, expect, test } from 'vitest';
import { proxyInDialect } from './harness.ts';
import type { ProxyResponse } from './proxy.ts';
import { variants } from './variants.ts';

const DRY_RUN_MESSAGE = 'Account would successfully import. Rolled back due to Dry Run.';
const PROCESS = {
  method: 'POST',
  path: '/v1/data-import/account-import-process/process/',
  search: '',
  headers: {},
  body: JSON.stringify({
    import_supplier_code: 'DEMO_ENERGY',
    external_account_number: 'E-1',
    operations_team_name: 'Team',
    dry_run: true,
  }),
};
/** The mock's dry-run answer in the reference's terms (PRC-5). */
const dryRun = async (): Promise<ProxyResponse> => ({
  status: 400,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ detail: DRY_RUN_MESSAGE, code: 'dry_run_succeeded', errors: [] }),
});

function variant(id: string) {
  const found = variants.find((v) => v.id === id);
  if (!found) throw new Error(`no variant ${id}`);
  return found.handle;
}

describe('other-error-wording-and-codes', () => {
  test("[PRC-5] [ERR-2] keeps the platform's dry-run body, whose code is the platform's statement", async () => {
    const handle = proxyInDialect('platform', variant('other-error-wording-and-codes'));
    const answered = await handle(PROCESS, dryRun);
    expect(answered.status).toBe(400);
    expect(JSON.parse(answered.body)).toEqual({ detail: DRY_RUN_MESSAGE, code: '400' });
  });

  test("[ERR-2] [ERR-3] renames the kit's own codes and keeps the dry-run message in the reference dialect", async () => {
    const handle = proxyInDialect('reference', variant('other-error-wording-and-codes'));
    expect(JSON.parse((await handle(PROCESS, dryRun)).body)).toEqual({
      detail: DRY_RUN_MESSAGE,
      code: 'E_DRY_RUN_SUCCEEDED',
      errors: [],
    });
  });
});

describe('registration-404-when-all-marked', () => {
  const SEND = {
    method: 'POST',
    path: '/v1/data-import/send-registration-flows/DEMO_ENERGY/E-1/',
    search: '',
    headers: {},
    body: '',
  };
  /** The mock's second send: every meter point already marked (REG-6). */
  const allMarked = async (): Promise<ProxyResponse> => ({
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify([
      {
        import_supplier_code: 'DEMO_ENERGY',
        external_account_number: 'E-1',
        meter_points: [
          { status: 'REGISTRATION_FLOW_ERROR', error_detail: 'Meter point already marked.' },
        ],
      },
    ]),
  });

  test.each([
    ['reference', true],
    ['platform', false],
  ] as const)(
    "[REG-8] answers 404 in the %s dialect's shape of the 200",
    async (dialect, array) => {
      const handle = proxyInDialect(dialect, variant('registration-404-when-all-marked'));
      const answered = await handle(SEND, allMarked);
      expect(answered.status).toBe(404);
      const item = {
        error_detail: 'No meter points to register for E-1.',
        import_supplier_code: 'DEMO_ENERGY',
        external_account_number: 'E-1',
      };
      expect(JSON.parse(answered.body)).toEqual(array ? [item] : item);
    },
  );
});

describe('additions', () => {
  /** A refusal of a staged account's customer phone (VAL-4) as the mock answers it. */
  const refused = async (): Promise<ProxyResponse> => ({
    status: 400,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      detail: 'The account failed validation.',
      code: 'request_failed_validation',
      errors: [{ attr: 'customers.0.landline', code: 'invalid_phone_number', detail: 'Bad.' }],
    }),
  });
  const STAGE = { ...PROCESS, path: '/v1/data-import/account-import-process/create-or-update/' };

  test("[ERR-1] adds nothing to the platform's field-keyed messages, whose every key is a field", async () => {
    const handle = proxyInDialect('platform', variant('additions'));
    expect(JSON.parse((await handle(STAGE, refused)).body)).toEqual({
      customers: { 0: { landline: ['Bad.'] } },
    });
  });

  test("[ERR-1] adds a field to every object of the reference's error body", async () => {
    const handle = proxyInDialect('reference', variant('additions'));
    const body = JSON.parse((await handle(STAGE, refused)).body);
    expect(body.trace_id).toBe('variant-addition');
    expect(body.errors[0].trace_id).toBe('variant-addition');
  });
});
