import { describe, expect, test } from 'vitest';
import { FindingGroups, finding } from './findings.ts';

const sample = (time: number) => ({ time, message: 'm', excerpt: 'GET /' });
const kit = (pointer: string) => finding('kit:x', 'kit', 'op', pointer, 'm');

describe('the groups a polling reader is given (decision 029, "The proxy")', () => {
  test('gives every group first, in the order created, then only those created or counted since', () => {
    const groups = new FindingGroups();
    groups.add(kit('/a'), sample(1));
    groups.add(kit('/b'), sample(2));
    groups.add(kit('/a'), sample(3));
    expect(groups.changes().map((g) => [g.pointer, g.count])).toEqual([
      ['/a', 2],
      ['/b', 1],
    ]);
    expect(groups.changes()).toEqual([]);
    groups.add(kit('/b'), sample(4));
    groups.add(kit('/c'), sample(5));
    groups.add(kit('/b'), sample(6));
    const changed = groups.changes();
    expect(changed.map((g) => [g.pointer, g.count, g.last.time])).toEqual([
      ['/b', 3, 6],
      ['/c', 1, 5],
    ]);
  });

  test('gives no group past the cap: its findings are only counted', () => {
    const groups = new FindingGroups(1);
    groups.add(kit('/a'), sample(1));
    groups.add(kit('/b'), sample(2));
    expect(groups.dropped).toBe(1);
    expect(groups.changes().map((g) => g.pointer)).toEqual(['/a']);
    groups.add(kit('/b'), sample(3));
    expect(groups.changes()).toEqual([]);
  });
});
