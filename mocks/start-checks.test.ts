/**
 * The start-up checks of the standalone mock's values (decision 020): a host list is read as the
 * Host allow-list (decision 011) compares names, and what is not a host name is refused.
 */
import { describe, expect, test } from 'vitest';
import { hostAllowed } from '../console/server/hosts.ts';
import { checkedHosts, StartUpError } from './start-checks.ts';

describe('checkedHosts', () => {
  test('reads names and addresses as the allow-list compares them, so each is then allowed', () => {
    const allowedHosts = checkedHosts(
      ' Mock.Internal,kit-mock_1 ,192.168.1.5,[FE80::1],::2,docs.example.',
      '--allowed-hosts',
    );
    expect(allowedHosts).toEqual([
      'mock.internal',
      'kit-mock_1',
      '192.168.1.5',
      'fe80::1',
      '::2',
      'docs.example',
    ]);
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

  test('keeps * and none', () => {
    expect(checkedHosts('*', '--allowed-hosts')).toBe('*');
    expect(checkedHosts('none', '--allowed-hosts')).toEqual([]);
    expect(checkedHosts(' ', '--allowed-hosts')).toEqual([]);
  });

  test.each([
    'http://mock.internal',
    'mock.internal:4010',
    'mock.internal/console',
    '-mock',
    'a,*',
    '[mock.internal]',
    `${'a'.repeat(64)}.example`,
  ])('refuses %s, naming the option and the entry', (value) => {
    expect(() => checkedHosts(value, '--allowed-hosts')).toThrow(StartUpError);
    expect(() => checkedHosts(value, '--allowed-hosts')).toThrow(
      /^--allowed-hosts: ".+" is not a host name/,
    );
  });
});
