/**
 * The Host allow-list (decision 011) against the names the command line gives it: every name
 * `--allowed-hosts` is read as (mocks/start-checks.ts) is then allowed, and no other.
 */
import { describe, expect, test } from 'vitest';
import { checkedHosts } from '../../mocks/start-checks.ts';
import { hostAllowed } from './hosts.ts';

describe('hostAllowed', () => {
  test('allows each name and address --allowed-hosts is read as, in any case and with a port', () => {
    const allowedHosts = checkedHosts(
      ' Mock.Internal,kit-mock_1 ,192.168.1.5,[FE80::1],::2,docs.example.',
      '--allowed-hosts',
    );
    for (const header of [
      'mock.internal:4010',
      'KIT-MOCK_1',
      '192.168.1.5:80',
      '[fe80::1]:4010',
      '[::2]',
      'docs.example.',
    ]) {
      expect(hostAllowed(header, { allowedHosts })).toBe(true);
    }
    expect(hostAllowed('http', { allowedHosts })).toBe(false);
  });
});
