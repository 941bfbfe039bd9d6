/**
 * The start-up checks of the standalone mock's values (decision 020): a host list is read as the
 * Host allow-list (decision 011) compares names (console/server/hosts.test.ts proves the list is
 * then allowed), and what is not a host name is refused.
 */
import { describe, expect, test } from 'vitest';
import { checkedHosts, parseOrigins, StartUpError } from './start-checks.ts';

describe('parseOrigins', () => {
  test('reads *, none and comma-separated lists', () => {
    expect(parseOrigins('*')).toBe('*');
    expect(parseOrigins('none')).toEqual([]);
    expect(parseOrigins('https://a.example/, http://localhost:3000')).toEqual([
      'https://a.example',
      'http://localhost:3000',
    ]);
  });
});

describe('checkedHosts', () => {
  test('reads names and addresses as the allow-list compares them', () => {
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
