import { describe, expect, test } from 'vitest';
import { defaultPlatformCatalogue } from '../../spec/index.ts';
import { stateFromConfig } from '../create-mock.ts';
import { defaultConfig } from '../defaults.ts';
import { nodeEnv } from '../node-env.ts';
import { FIXED_NOW, specExample } from '../test-support.ts';
import { processAccount, stageAccount } from './import-processes.ts';
import type { Account } from './platform/context.ts';

function stagedState(autoAllocation: boolean, numbers: string[] = ['PRC-1']) {
  const env = nodeEnv({ now: () => FIXED_NOW });
  const state = stateFromConfig(defaultConfig, env);
  // The operator's catalogue (PUT /__mock/catalogue, decision 015).
  state.platformCatalogue = {
    ...defaultPlatformCatalogue,
    operations_team_auto_allocation: autoAllocation,
  };
  for (const number of numbers) {
    const account = { ...specExample<Account>('DomesticAccount'), external_account_number: number };
    expect(stageAccount(state, env, account).ok).toBe(true);
  }
  return { state, env };
}

const command = (number: string, operationsTeamName?: string) => ({
  importSupplierCode: 'DEMO_ENERGY',
  externalAccountNumber: number,
  ...(operationsTeamName !== undefined ? { operationsTeamName } : {}),
  dryRun: false,
});

describe('processAccount (the platform validators of process)', () => {
  test('[PRC-1] without a team where the supplier does not allocate teams is operations_team_should_be_provided', () => {
    const { state, env } = stagedState(false);
    const result = processAccount(state, env, command('PRC-1'));
    expect(result.ok ? [] : result.error.errors?.map((e) => [e.attr, e.code])).toEqual([
      ['operations_team_name', 'operations_team_should_be_provided'],
    ]);
  });

  test('[PRC-4] without a team where the supplier allocates teams, the first team takes the account', () => {
    const { state, env } = stagedState(true);
    const result = processAccount(state, env, command('PRC-1'));
    expect(result.ok && result.value.record.operationsTeam).toBe('MIGRATIONS');
  });

  test('[PRC-3] a named team must exist even where the supplier allocates teams', () => {
    const { state, env } = stagedState(true);
    const result = processAccount(state, env, command('PRC-1', 'Night Shift'));
    expect(result.ok ? [] : result.error.errors?.map((e) => e.code)).toEqual([
      'operations_team_name_does_not_exist',
    ]);
  });

  test('[PRC-7] a reference an account created earlier holds is reference_already_exists', () => {
    const { state, env } = stagedState(false, ['PRC-1', 'PRC-2']);
    // The first check builds the index; the first creation then joins it.
    expect(processAccount(state, env, { ...command('PRC-1', 'MIGRATIONS'), dryRun: true }).ok).toBe(
      false,
    );
    expect(processAccount(state, env, command('PRC-1', 'MIGRATIONS')).ok).toBe(true);
    const second = processAccount(state, env, command('PRC-2', 'MIGRATIONS'));
    expect(second.ok ? [] : second.error.errors?.map((e) => [e.attr, e.code])).toEqual([
      ['references.0', 'reference_already_exists'],
    ]);
  });
});
