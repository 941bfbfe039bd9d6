import { describe, expect, test } from 'vitest';
import { maskFacts, trafficDocsFacts } from './docs-facts.ts';
import { DEFAULT_MASK_POLICY } from './mask.ts';

describe('the facts of the traffic docs page', () => {
  test('describe each command from its definition: arguments, required options, defaults, choices', () => {
    const facts = trafficDocsFacts();
    const byName = new Map(facts.commands.map((c) => [c.name, c]));
    const proxy = byName.get('proxy');
    expect(proxy?.options.find((o) => o.flags === '--target <url>')).toMatchObject({
      required: true,
    });
    expect(proxy?.options.find((o) => o.flags === '--port <n>')?.default).toBe('0');
    // A switch's false default says nothing: it is left out.
    expect(proxy?.options.find((o) => o.flags === '--keep-host')).not.toHaveProperty('default');
    expect(byName.get('check')?.arguments).toEqual([
      expect.objectContaining({ name: 'files', variadic: true, required: true }),
    ]);
    expect(byName.get('replay')?.options.find((o) => o.flags === '--fail-on <when>')).toMatchObject(
      { default: 'different', choices: ['different', 'none'] },
    );
    expect(facts.severities).toEqual([
      { source: 'reference', severity: 'error' },
      { source: 'platform', severity: 'warning' },
      { source: 'kit', severity: 'warning' },
    ]);
  });

  test('give the masking policy entry by entry, with the kind a recording names each', () => {
    const mask = maskFacts();
    expect(mask.entries).toHaveLength(
      DEFAULT_MASK_POLICY.headers.size + DEFAULT_MASK_POLICY.fields.size,
    );
    expect(mask.entries).toContainEqual({ name: 'authorization', where: 'header', kind: 'token' });
    expect(mask.entries).toContainEqual({ name: 'x-api-key', where: 'header', kind: 'apikey' });
    expect(mask.entries).toContainEqual({ name: 'postcode', where: 'field', kind: 'postcode' });
    const custom = maskFacts({ headers: new Set(['x-secret']), fields: new Set() });
    expect(custom.entries).toEqual([{ name: 'x-secret', where: 'header', kind: 'x-secret' }]);
  });
});
