/**
 * The reviewed list of response-shaping assumptions (spec/response-assumptions.ts) stays in step with
 * the spec: a new `x-kit-assumption` on a response, on a schema a response uses, or on an
 * operation, must be reviewed before the suite can decide whether it is hard or soft against
 * other targets, and under which source (the platform's document or the kit's own) it is reported.
 */
import { openapiDocument } from '../../spec/index.ts';
import {
  atPointer,
  RESPONSE_ASSUMPTIONS,
  responseAssumptionPointers,
} from '../../spec/response-assumptions.ts';
import { expect, test } from '../fixtures.ts';

test.describe('kit assumptions', () => {
  test('every kit assumption that shapes a response or an operation’s answers is reviewed in assumptions.ts', () => {
    const unreviewed = responseAssumptionPointers().filter((p) => !(p in RESPONSE_ASSUMPTIONS));
    expect(unreviewed).toEqual([]);
  });

  test('every reviewed entry names an element of the spec: a kit assumption, or a platform fact or unmarked choice', () => {
    const found = new Set(responseAssumptionPointers());
    const stale = Object.entries(RESPONSE_ASSUMPTIONS)
      .filter(([pointer, r]) =>
        r.source === 'platform' || r.unmarked
          ? atPointer(openapiDocument, pointer) === undefined
          : !found.has(pointer),
      )
      .map(([pointer]) => pointer);
    expect(stale).toEqual([]);
  });

  test('a list operation may answer 404 for a supplier without accounts outside mock mode (STS-12 is open)', async () => {
    const { judgeResponse } = await import('../support/conformance.ts');
    for (const operationId of [
      'listAllAccountImportProcesses',
      'listPendingAccountImportProcesses',
      'listImportedAccountImportProcesses',
    ]) {
      const body = [{ error: 'No account import processes found.' }];
      expect(judgeResponse(operationId, 404, 'application/json', body, 'safe')).toMatchObject({
        kind: 'soft',
        source: 'kit',
      });
      expect(judgeResponse(operationId, 404, 'application/json', body, 'mock').kind).toBe('fail');
    }
  });

  test('additions to a response are no finding outside mock mode (Versioning), and a missing field the reference names fails', async () => {
    const { judgeResponse } = await import('../support/conformance.ts');
    const body = { import_supplier: 'DEMO_ENERGY', external_account_number: 'X-1', links: {} };
    const op = 'createOrUpdateAccountImportProcess';
    expect(judgeResponse(op, 201, 'application/json', body, 'full')).toEqual({ kind: 'pass' });
    expect(
      judgeResponse(op, 201, 'application/json', { import_supplier: 'DEMO_ENERGY' }, 'full'),
    ).toMatchObject({ kind: 'fail', source: 'reference' });
  });

  test('a platform fact and a kit assumption are reported under their own sources', async () => {
    const { judgeResponse } = await import('../support/conformance.ts');
    // The A-XXXXXXXX form is the real platform's; the reference says only "string" (PRC-4).
    expect(
      judgeResponse(
        'processAccountImportProcess',
        201,
        'application/json',
        { service_account_number: 'ACC-0001' },
        'full',
      ),
    ).toMatchObject({ kind: 'soft', source: 'platform' });
    // The 401 body is the kit's (AUTH-3 leaves it open).
    expect(
      judgeResponse('getAccountTransferStatus', 401, 'application/json', { message: 'no' }, 'full'),
    ).toMatchObject({ kind: 'soft', source: 'kit' });
  });
});
