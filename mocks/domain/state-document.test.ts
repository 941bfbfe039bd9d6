import { describe, expect, test } from 'vitest';
import { mockControl } from '../../spec/index.ts';
import { importedState } from '../test-support.ts';
import { placeDocument } from './documents.ts';
import { createHistoricalStatements } from './historical-statements.ts';
import { createNotes } from './notes.ts';
import { createPaymentInstruction, setPaymentVendorFault } from './payment-instructions.ts';
import {
  sendRegistrationFlows,
  setMeterPointOutcome,
  setRegistrationFlowFault,
} from './registration.ts';
import { isLegacyDocument, stateDocument, stateFromDocument } from './state-document.ts';
import { createTransactions } from './transactions.ts';

/** A state with every part a mock can hold: notes, transactions, statements, registrations, faults. */
function fullState() {
  const { state, env, key, record } = importedState();
  const pair = {
    import_supplier: 'DEMO_ENERGY',
    external_account_number: record.externalAccountNumber,
  };
  expect(
    createNotes(state, env, { ...pair, notes: [{ body: 'Pinned', is_pinned: true }] }).ok,
  ).toBe(true);
  const transactions = [
    {
      transaction_id: 'T-1',
      transaction_date: '2019-06-01',
      amount: 12.5,
      type: 'CHARGE',
      reason: 'IMPORTED_CHARGE',
    },
  ];
  expect(
    createTransactions(state, env, { ...pair, transactions } as never, {
      checkPreviouslyAdded: true,
      forceAddToCurrentStatement: true,
    }).ok,
  ).toBe(true);
  const statement = {
    statement_id: 'S-1',
    bill_period_from_date: '2019-01-01',
    bill_period_to_date: '2019-01-31',
    issued_date: '2019-02-01',
  };
  expect(
    createHistoricalStatements(state, env, { ...pair, statements: [statement] } as never).ok,
  ).toBe(true);
  expect(
    createPaymentInstruction(state, env, {
      ...pair,
      vendor: 'STRIPE',
      reference: 'R-1',
      type: 'CARD',
    }).ok,
  ).toBe(true);
  expect(sendRegistrationFlows(state, env, 'DEMO_ENERGY', record.externalAccountNumber).ok).toBe(
    true,
  );
  expect(
    setMeterPointOutcome(state, key, '1200060176720', 'accepted', '2030-01-01T00:00:00Z').ok,
  ).toBe(true);
  expect(setRegistrationFlowFault(state, key, '9353824109', 'TEN not current supplier').ok).toBe(
    true,
  );
  expect(
    setPaymentVendorFault(
      state,
      { supplier: 'DEMO_ENERGY' },
      { kind: 'intermittent', remaining: 2 },
    ).ok,
  ).toBe(true);
  expect(setPaymentVendorFault(state, { account: key }, { kind: 'persistent' }).ok).toBe(true);
  expect(placeDocument(state, 'DEMO_ENERGY', 'notes/a.pdf').ok).toBe(true);
  return state;
}

describe('the state as a document (decision 008)', () => {
  test('a state holding every part is exactly the MockState schema, in snake_case', () => {
    const document = stateDocument(fullState());
    expect(mockControl.validateSchema('MockState', document)).toEqual([]);
    expect(JSON.stringify(document)).not.toMatch(/"[a-z]+[A-Z][a-zA-Z]*":/);
  });

  test('the document round-trips to the same state, payloads untouched', () => {
    const state = fullState();
    expect(stateFromDocument(stateDocument(state))).toEqual(state);
  });
});

describe('isLegacyDocument', () => {
  test('reads only the document’s own fields, never inherited ones (GEN-2)', () => {
    const inherited = Object.create({ apiKeys: [], tokenLifetimeSeconds: 1 }) as Record<
      string,
      unknown
    >;
    expect(isLegacyDocument(inherited)).toBe(false);
    expect(isLegacyDocument({ apiKeys: [] })).toBe(true);
    expect(isLegacyDocument(JSON.parse('{"__proto__": {"apiKeys": []}}'))).toBe(false);
  });
});
