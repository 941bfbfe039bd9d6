import { describe, expect, it } from 'vitest';
import { dataImport } from '../spec/index.ts';
import { TrafficChecker } from './checker.ts';
import { isPlatformOnlyOperation } from './platform-only.ts';
import { recordingClient, withAnswer } from './traffic.test-helper.ts';

/** A 400 keyed by field, as a framework's default error body would be, not the standardized one. */
const FIELD_KEYED = { payload: ['This field is required.'] };

describe('gradedBySource: a finding on an operation the platform alone describes', () => {
  it('is the platform’s warning on V2 validate, where v1 validate’s same body breaks ERR-1', async () => {
    const rec = recordingClient();
    const v2 = await rec.send('POST', '/v2/data-import/accounts/validate/', {});
    const v1 = await rec.send('POST', '/v1/data-import/validate-account/', {});
    expect(v2.response.status).toBe(400);
    expect(v1.response.status).toBe(400);
    const checker = new TrafficChecker(dataImport);
    expect(checker.check(v2)).toEqual([]);
    const onV2 = checker.check(withAnswer(v2, 400, FIELD_KEYED));
    const onV1 = checker.check(withAnswer(v1, 400, FIELD_KEYED));
    expect(onV2.map((f) => [f.rule, f.source, f.severity])).toEqual([
      ['ERR-1', 'platform', 'warning'],
    ]);
    expect(onV1.map((f) => [f.rule, f.source, f.severity])).toEqual([
      ['ERR-1', 'reference', 'error'],
    ]);
  });

  it('knows the V2 operations as the platform’s alone, and historical statements as the reference’s', () => {
    const only = (id: string) => isPlatformOnlyOperation(dataImport.operation(id).operation);
    expect(only('validateV2Account')).toBe(true);
    expect(only('scheduleV2AccountCreation')).toBe(true);
    expect(only('getV2AccountImportStatus')).toBe(true);
    // x-source: platform for the checks the platform adds, but HST-1..HST-3 are the reference's.
    expect(only('createHistoricalStatements')).toBe(false);
    expect(only('validateAccount')).toBe(false);
  });
});
