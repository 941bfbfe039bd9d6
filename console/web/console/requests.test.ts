import { describe, expect, it } from 'vitest';
import {
  ATTACH,
  accountQuery,
  accountSegments,
  accountStage,
  advanceChange,
  attachText,
  controlAccountPath,
  DEFAULT_FLOW_FAULT,
  faultScope,
  flowFaultChange,
  interfaceAccountPath,
  journalQuery,
  meterPointPath,
  operationIds,
  outcomeChange,
  processingChange,
  processRequest,
  STAGE_HINTS,
  skipMarkPath,
  stagedAccount,
  vendorFaultChange,
} from './requests.ts';

const account = { code: 'DEMO_ENERGY', external: 'EXTERNAL-1234' };
const hostile = { code: '../x', external: 'a/b?c#d' };

describe('account paths', () => {
  it('encode every segment, so input never reaches another route', () => {
    expect(accountSegments(hostile.code, hostile.external)).toBe('..%2Fx/a%2Fb%3Fc%23d');
    expect(controlAccountPath(hostile)).toBe('accounts/..%2Fx/a%2Fb%3Fc%23d');
    expect(meterPointPath(hostile, '12/3')).toBe(
      'accounts/..%2Fx/a%2Fb%3Fc%23d/meter-points/12%2F3',
    );
    expect(skipMarkPath(hostile.code, hostile.external)).toBe('skip-marks/..%2Fx/a%2Fb%3Fc%23d');
  });

  it('end an interface path with the slash the interface routes need', () => {
    expect(interfaceAccountPath('/v1/data-import/account-transfer-status', account)).toBe(
      '/v1/data-import/account-transfer-status/DEMO_ENERGY/EXTERNAL-1234/',
    );
  });
});

describe('faultScope', () => {
  it('scopes a fault to one account, or to every account of the supplier when none is named', () => {
    expect(faultScope('DEMO_ENERGY', 'X 1')).toBe('accounts/DEMO_ENERGY/X%201');
    expect(faultScope('DEMO/ENERGY', '')).toBe('suppliers/DEMO%2FENERGY');
  });
});

describe('advanceChange', () => {
  it('multiplies the amount by the unit in seconds', () => {
    expect(advanceChange('1.5', '3600')).toEqual({ advance_seconds: 5400 });
    expect(advanceChange('2', '86400')).toEqual({ advance_seconds: 172_800 });
  });
});

describe('processingChange', () => {
  it('turns the limit off when it is empty and sends numbers otherwise (PRC-9)', () => {
    expect(processingChange('  ', '')).toEqual({ concurrency_limit: null, processing_time_ms: 0 });
    expect(processingChange(' 2 ', '250')).toEqual({
      concurrency_limit: 2,
      processing_time_ms: 250,
    });
  });
});

describe('vendorFaultChange', () => {
  it('leaves the count out when it is empty, so the fault lasts until cleared (PAY-4)', () => {
    expect(vendorFaultChange('persistent', ' ')).toEqual({ kind: 'persistent' });
    expect(vendorFaultChange('intermittent', '3')).toEqual({ kind: 'intermittent', remaining: 3 });
  });
});

describe('stagedAccount', () => {
  it('lets the form’s supplier and trimmed account number win over the payload’s', () => {
    const payload = JSON.stringify({
      import_supplier: 'OTHER',
      external_account_number: 'X',
      a: 1,
    });
    expect(stagedAccount(payload, 'DEMO_ENERGY', ' EXTERNAL-9 ')).toEqual({
      import_supplier: 'DEMO_ENERGY',
      external_account_number: 'EXTERNAL-9',
      a: 1,
    });
  });

  it('throws on a payload that is not JSON', () => {
    expect(() => stagedAccount('{', 'DEMO_ENERGY', 'X')).toThrow(SyntaxError);
  });
});

describe('processRequest', () => {
  it('names the account and team, and asks for a dry run only when ticked (PRC-1, PRC-5)', () => {
    expect(processRequest(account, 'Ops', false)).toEqual({
      import_supplier_code: 'DEMO_ENERGY',
      external_account_number: 'EXTERNAL-1234',
      operations_team_name: 'Ops',
    });
    expect(processRequest(account, 'Ops', true)).toMatchObject({ dry_run: true });
  });
});

describe('outcomeChange', () => {
  it('sends a delay in seconds only for an outcome some hours ahead (STS-7)', () => {
    expect(outcomeChange('rejected', '2')).toEqual({ outcome: 'rejected', after_seconds: 7200 });
    expect(outcomeChange('accepted', '')).toEqual({ outcome: 'accepted' });
    expect(outcomeChange('accepted', '0')).toEqual({ outcome: 'accepted' });
  });

  it('clears the outcome with null, never with a delay', () => {
    expect(outcomeChange('', '5')).toEqual({ outcome: null });
  });
});

describe('flowFaultChange', () => {
  it('sends the detail written, a default when none, and null to clear (REG-6)', () => {
    expect(flowFaultChange(false, ' Meter not found ')).toEqual({
      error_detail: 'Meter not found',
    });
    expect(flowFaultChange(false, '  ')).toEqual({ error_detail: DEFAULT_FLOW_FAULT });
    expect(flowFaultChange(true, 'ignored')).toEqual({ error_detail: null });
  });
});

describe('attachText', () => {
  it('makes the spec’s example the open account’s', () => {
    const text = attachText(
      { import_supplier: 'X', external_account_number: 'Y', notes: [] },
      account,
    );
    expect(JSON.parse(text)).toEqual({
      import_supplier: 'DEMO_ENERGY',
      external_account_number: 'EXTERNAL-1234',
      notes: [],
    });
    expect(text).toContain('\n  "notes": []');
  });

  it('offers each kind with an interface path and a title', () => {
    expect(Object.keys(ATTACH)).toEqual(['notes', 'transactions', 'statements', 'payment']);
    for (const kind of Object.values(ATTACH)) expect(kind.path).toMatch(/^\/v1\/data-import\//);
  });
});

describe('accountQuery', () => {
  it('lists at most 200 and sends only the filters that are set, the search trimmed', () => {
    expect(accountQuery({ supplier: '', kind: '', search: '  ' }).toString()).toBe('limit=200');
    expect(accountQuery({ supplier: 'DEMO', kind: 'staged', search: ' EXT ' }).toString()).toBe(
      'limit=200&import_supplier=DEMO&status=staged&search=EXT',
    );
  });
});

describe('journalQuery', () => {
  it('asks for the newest first without bodies, and sends only the filters that are set', () => {
    expect(journalQuery({ operation: '', status: '' }).toString()).toBe(
      'order=newest_first&limit=200&bodies=false',
    );
    expect(journalQuery({ operation: 'processAccount', status: '4xx' }).toString()).toBe(
      'order=newest_first&limit=200&bodies=false&operation_id=processAccount&status=4xx',
    );
  });
});

describe('operationIds', () => {
  it('lists every operation id of the documents in order, skipping items without one', () => {
    const doc = (paths: Record<string, Record<string, { operationId?: string }>>) => ({
      paths,
      components: { examples: {} },
    });
    expect(
      operationIds([
        doc({
          '/a': { get: { operationId: 'getA' }, post: {} },
          '/b': { put: { operationId: 'putB' } },
        }),
        doc({ '/__mock/c': { delete: { operationId: 'clearC' } } }),
      ]),
    ).toEqual(['getA', 'putB', 'clearC']);
  });
});

describe('accountStage', () => {
  it('is none without a record, imported once imported, staged otherwise (PRC-8, REG-8, NOTE-8)', () => {
    expect(accountStage(404, { status: 'imported' })).toBe('none');
    expect(accountStage(200, { status: 'imported' })).toBe('imported');
    expect(accountStage(200, { status: 'staged' })).toBe('staged');
  });

  it('has a hint for every stage that cites the rule refusing the action', () => {
    expect(STAGE_HINTS.staged).toContain('REG-8');
    expect(STAGE_HINTS.imported).toContain('PRC-8');
    expect(STAGE_HINTS.none).toContain('stage it first');
  });
});
