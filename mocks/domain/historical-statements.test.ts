import { describe, expect, test } from 'vitest';
import { importedState } from '../test-support.ts';
import { accountStatements, createHistoricalStatements } from './historical-statements.ts';

describe('historical statements in the domain core (HST-1..HST-3)', () => {
  test("[HST-2] a statement_id of the account payload's statements is already on the account", () => {
    const { state, env, record } = importedState();
    record.data.statements = [
      {
        bill_period_from_date: '2019-06-01',
        bill_period_to_date: '2019-06-30',
        statement_id: 'OLD-1',
        statement_path: 'statements/old-1.pdf',
      },
    ];
    const result = createHistoricalStatements(state, env, {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: 'EXTERNAL-1234',
      statements: [
        {
          bill_period_from_date: '2019-06-01',
          bill_period_to_date: '2019-06-30',
          statement_id: 'OLD-1',
        },
      ],
    });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'request_failed_validation',
        errors: [
          { code: 'historical_statement_already_exists', attr: 'statements.0.statement_id' },
        ],
      },
    });
    expect(record.statements).toBeUndefined();
  });

  test('[HST-1] only statement_ids are checked: a second batch of new ids is attached after the first', () => {
    const { state, env, record } = importedState();
    const batch = (id: string) => ({
      import_supplier: 'DEMO_ENERGY',
      external_account_number: 'EXTERNAL-1234',
      statements: [
        {
          bill_period_from_date: '2024-01-01',
          bill_period_to_date: '2024-01-31',
          statement_id: id,
        },
      ],
    });
    expect(createHistoricalStatements(state, env, batch('S-1')).ok).toBe(true);
    expect(createHistoricalStatements(state, env, batch('S-2')).ok).toBe(true);
    expect(createHistoricalStatements(state, env, batch('S-1'))).toMatchObject({
      ok: false,
      error: {
        errors: [
          { code: 'historical_statement_already_exists', attr: 'statements.0.statement_id' },
        ],
      },
    });
    expect(record.statements?.map((s) => s.statement.statement_id)).toEqual(['S-1', 'S-2']);
  });

  test('[HST-1] accountStatements lists what was attached, with when; 404 for an account that is not imported', () => {
    const { state, env, key } = importedState();
    const statement = {
      bill_period_from_date: '2024-01-01',
      bill_period_to_date: '2024-01-31',
      statement_id: 'S-1',
    };
    createHistoricalStatements(state, env, {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: 'EXTERNAL-1234',
      statements: [statement],
    });
    expect(accountStatements(state, key)).toEqual({
      ok: true,
      value: [{ statement, attachedAt: '2024-04-15T10:00:00Z' }],
    });
    expect(accountStatements(state, 'DEMO_ENERGY/NOPE')).toMatchObject({
      ok: false,
      error: { code: 'account_not_found' },
    });
  });
});
