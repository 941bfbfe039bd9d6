import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { formatNames } from 'ajv-formats/dist/formats.js';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { addKitFormats, kitFormats } from './index.ts';

const SCHEMAS_DIR = join(import.meta.dirname, '..', 'components', 'schemas');

interface FormatUse {
  file: string;
  format: string;
  examples: unknown[];
}

// Every schema object in the components that declares a string format, with its examples.
function formatUses(): FormatUse[] {
  const uses: FormatUse[] = [];
  const walk = (node: unknown, file: string) => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item, file);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    // A nullable string (`type: [string, 'null']`) declares its format too.
    const text =
      record.type === 'string' || (Array.isArray(record.type) && record.type.includes('string'));
    if (text && typeof record.format === 'string') {
      uses.push({
        file,
        format: record.format,
        examples: Array.isArray(record.examples) ? record.examples : [],
      });
    }
    for (const value of Object.values(record)) walk(value, file);
  };
  for (const file of readdirSync(SCHEMAS_DIR).filter((f) => f.endsWith('.yaml'))) {
    walk(parse(readFileSync(join(SCHEMAS_DIR, file), 'utf8')), file);
  }
  return uses;
}

describe('kitFormats', () => {
  const uses = formatUses();

  it('implements every format the spec uses that ajv-formats does not know', () => {
    const custom = new Set(
      uses.map((u) => u.format).filter((f) => !(formatNames as string[]).includes(f)),
    );
    expect([...custom].sort()).toEqual(Object.keys(kitFormats).sort());
  });

  it('maps the eight spec format names', () => {
    expect(Object.keys(kitFormats).sort()).toEqual([
      'electricity-meter-serial',
      'gas-meter-serial',
      'mpan-core',
      'mprn',
      'smart-device-id',
      'tax-year',
      'uk-phone',
      'uk-postcode',
    ]);
  });

  it('accepts the spec’s own example of each custom format', () => {
    const custom = uses.filter((u) => u.format in kitFormats);
    expect(custom.length).toBeGreaterThanOrEqual(5);
    for (const use of custom) {
      expect(use.examples.length, `${use.file} has an example`).toBeGreaterThan(0);
      for (const example of use.examples) {
        expect(kitFormats[use.format]!(String(example)), `${use.file}: ${example}`).toBe(true);
      }
    }
  });
});

describe('addKitFormats', () => {
  const cases: [string, string, string][] = [
    ['uk-phone', '02079460123', '07700900123'],
    ['uk-postcode', 'W1F 9DE', 'W1F 9CE'],
    ['mpan-core', '1200060176720', '1200060176721'],
    ['mprn', '9353824109', '9353824108'],
    ['electricity-meter-serial', 'Z16N389556', 'Z16N-389556'],
    ['gas-meter-serial', '54BV', '54-BV'],
    ['smart-device-id', '01-23-45-67-89-AB-CD-EF', '01-23-45-67-89-AB-CD'],
    ['tax-year', '2017/18', '2017/19'],
  ];

  it.each([
    ['Ajv', () => new Ajv({ strict: true })],
    ['Ajv2020', () => new Ajv2020({ strict: true })],
  ])('registers the formats on %s in strict mode', (_name, make) => {
    const ajv = make();
    expect(addKitFormats(ajv)).toBe(ajv);
    for (const [format, good, bad] of cases) {
      const validate = ajv.compile({ type: 'string', format });
      expect(validate(good), `${format} ${good}`).toBe(true);
      expect(validate(bad), `${format} ${bad}`).toBe(false);
      expect(validate.errors?.[0]?.keyword).toBe('format');
    }
  });
});
