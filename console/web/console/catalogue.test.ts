import { describe, expect, it } from 'vitest';
import {
  catalogueSummary,
  editedPart,
  entryName,
  keptEntry,
  sectionLabel,
  sectionWithPart,
  WHOLE_SECTION,
} from './catalogue.ts';

const catalogue = {
  products: [{ code: 'FIX-12', name: 'Fixed' }, { slug: 'var' }, { other: 1 }],
  switches: { smart: true },
};

describe('entryName', () => {
  it('names an entry by its first naming key, or by its place in the list', () => {
    expect(entryName({ name: 'Fixed', code: 'FIX-12' }, 0)).toBe('FIX-12');
    expect(entryName({ organisation: 'Elexon', name: 'x' }, 0)).toBe('Elexon');
    expect(entryName({ code: 7, other: 1 }, 2)).toBe('entry 3');
    expect(entryName('PSR01', 0)).toBe('PSR01');
    expect(entryName(42, 0)).toBe('42');
    expect(entryName(null, 4)).toBe('entry 5');
  });
});

describe('editedPart', () => {
  it('is the whole section, or one entry of a list section', () => {
    expect(editedPart(catalogue, 'switches', WHOLE_SECTION)).toEqual({ smart: true });
    expect(editedPart(catalogue, 'switches', '0')).toEqual({ smart: true });
    expect(editedPart(catalogue, 'products', WHOLE_SECTION)).toBe(catalogue.products);
    expect(editedPart(catalogue, 'products', '1')).toEqual({ slug: 'var' });
    expect(editedPart(catalogue, 'missing', WHOLE_SECTION)).toBeUndefined();
  });
});

describe('sectionWithPart', () => {
  it('replaces only the edited entry of a list, and the whole section otherwise', () => {
    expect(sectionWithPart(catalogue, 'products', '1', { slug: 'new' })).toEqual([
      { code: 'FIX-12', name: 'Fixed' },
      { slug: 'new' },
      { other: 1 },
    ]);
    expect(catalogue.products[1]).toEqual({ slug: 'var' });
    expect(sectionWithPart(catalogue, 'products', WHOLE_SECTION, [])).toEqual([]);
    expect(sectionWithPart(catalogue, 'switches', '0', { smart: false })).toEqual({
      smart: false,
    });
  });
});

describe('keptEntry', () => {
  it('keeps the entry picked while the list still has it', () => {
    expect(keptEntry('2', 3)).toBe('2');
    expect(keptEntry('3', 3)).toBe(WHOLE_SECTION);
    expect(keptEntry(WHOLE_SECTION, 0)).toBe(WHOLE_SECTION);
  });
});

describe('sectionLabel and catalogueSummary', () => {
  it('give each list its length and each other section its value', () => {
    expect(sectionLabel('products', catalogue.products)).toBe('products (3)');
    expect(sectionLabel('switches', catalogue.switches)).toBe('switches');
    expect(catalogueSummary(catalogue)).toBe('products: 3 · switches: {"smart":true}');
  });
});
