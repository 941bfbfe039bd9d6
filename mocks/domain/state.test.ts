import { describe, expect, test } from 'vitest';
import {
  type AccountRecord,
  identifiersHeldBy,
  MemoryAccounts,
  referenceIdentifier,
} from './state.ts';

const crm = { namespace: 'demo-energy.legacy-crm-id', value: 'CRM-1' };

function record(
  external: string,
  status: AccountRecord['status'],
  data: Record<string, unknown> = {},
): AccountRecord {
  return {
    importSupplier: 'DEMO_ENERGY',
    externalAccountNumber: external,
    status,
    data: { external_account_number: external, ...data } as unknown as AccountRecord['data'],
    stagedAt: '2024-04-01T09:00:00Z',
    updatedAt: '2024-04-01T09:00:00Z',
  };
}

describe('MemoryAccounts.holderOf', () => {
  test('[GEN-6] an imported account holds its references and its debts’ CAIS references', () => {
    const accounts = new MemoryAccounts();
    accounts.set(
      'DEMO_ENERGY/A',
      record('A', 'imported', {
        references: [crm],
        debts: [{ cais_reference: 'C-1' }],
        debt: { cais_reference: 'C-2' },
      }),
    );
    expect(accounts.holderOf('reference', referenceIdentifier(crm.namespace, crm.value))).toBe(
      'DEMO_ENERGY/A',
    );
    expect(accounts.holderOf('cais', 'C-1')).toBe('DEMO_ENERGY/A');
    expect(accounts.holderOf('cais', 'C-2')).toBe('DEMO_ENERGY/A');
    // A reference is held with its namespace: the same value in another namespace is free.
    expect(accounts.holderOf('reference', referenceIdentifier('other', crm.value))).toBeUndefined();
    expect(accounts.holderOf('cais', 'CRM-1')).toBeUndefined();
  });

  test('[GEN-6] staged data holds nothing until the account is set again as imported', () => {
    const accounts = new MemoryAccounts();
    accounts.set('DEMO_ENERGY/A', record('A', 'staged', { debts: [{ cais_reference: 'C-1' }] }));
    expect(accounts.holderOf('cais', 'C-1')).toBeUndefined();
    const staged = accounts.get('DEMO_ENERGY/A')!;
    staged.status = 'imported';
    accounts.set('DEMO_ENERGY/A', staged);
    expect(accounts.holderOf('cais', 'C-1')).toBe('DEMO_ENERGY/A');
    // An account that stops being imported (a record replaced) lets go of what it held.
    accounts.set('DEMO_ENERGY/A', record('A', 'staged', { debts: [{ cais_reference: 'C-1' }] }));
    expect(accounts.holderOf('cais', 'C-1')).toBeUndefined();
  });

  test('[GEN-6] the keys given as exceptions are passed over for another holder', () => {
    const accounts = new MemoryAccounts({
      'DEMO_ENERGY/A': record('A', 'imported', { debts: [{ cais_reference: 'C-1' }] }),
      'DEMO_ENERGY/B': record('B', 'imported', { debts: [{ cais_reference: 'C-1' }] }),
    });
    expect(accounts.holderOf('cais', 'C-1', ['DEMO_ENERGY/A'])).toBe('DEMO_ENERGY/B');
    expect(accounts.holderOf('cais', 'C-1', ['DEMO_ENERGY/A', 'DEMO_ENERGY/B'])).toBeUndefined();
  });

  test('identifiersHeldBy names nothing for a staged record and each identifier once', () => {
    const data = { references: [crm, crm], debts: [{ cais_reference: 'C-1' }, {}] };
    expect(identifiersHeldBy(record('A', 'staged', data))).toEqual([]);
    expect(identifiersHeldBy(record('A', 'imported', data))).toEqual([
      `reference:${referenceIdentifier(crm.namespace, crm.value)}`,
      'cais:C-1',
    ]);
  });
});
