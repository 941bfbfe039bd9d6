/**
 * The platform import (scripts/platform-import.ts) on a small spec folder of its own: what it
 * carries from a platform document into the kit's schemas, and that a second run changes nothing.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { parse } from 'yaml';
import { main } from './platform-import.ts';

const PLATFORM = `openapi: 3.0.3
components:
  schemas:
    PlatformThing:
      type: object
      required: [name, amount]
      properties:
        name:
          type: string
          maxLength: 40
        amount:
          type: string
          format: decimal
          pattern: '^-?\\d{0,5}(?:\\.\\d{0,2})?$'
`;

const ROOT = `openapi: 3.1.0
components:
  schemas:
    Thing:
      $ref: ./components/schemas/Thing.yaml
`;

const THING = `type: object
properties:
  name:
    type: string
    maxLength: 10
required:
  - name
unevaluatedProperties: false
`;

let dir: string;
let specDir: string;
let platformPath: string;
const mappings = { Thing: { platform: ['PlatformThing'] } };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'platform-import-'));
  specDir = join(dir, 'spec');
  // A sub-folder of the schemas (as catalogue/ is) holds no schema of the root document.
  mkdirSync(join(specDir, 'components/schemas/catalogue'), { recursive: true });
  writeFileSync(join(specDir, 'openapi.yaml'), ROOT);
  writeFileSync(join(specDir, 'components/schemas/Thing.yaml'), THING);
  platformPath = join(dir, 'platform.yml');
  writeFileSync(platformPath, PLATFORM);
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  rmSync(dir, { recursive: true, force: true });
});

const schema = (name: string) =>
  parse(readFileSync(join(specDir, `components/schemas/${name}.yaml`), 'utf8'));

describe('main', () => {
  test('carries the platform fields into the kit schema and lists the schemas it makes', () => {
    const log = main(platformPath, { specDir, mappings });
    expect(log).toEqual([
      'Thing.name (in Thing): maxLength 10 -> 40',
      'Thing.amount: added',
      'Thing: required [name] -> [name, amount]',
      'decimal schema Decimal5x2',
    ]);
    const thing = schema('Thing');
    expect(thing.properties.name).toEqual({
      type: 'string',
      maxLength: 40,
      'x-source': 'platform',
      'x-platform-facts': ['maxLength'],
    });
    expect(thing.properties.amount).toEqual({ $ref: './Decimal5x2.yaml', 'x-source': 'platform' });
    expect(thing.required).toEqual(['name', 'amount']);
    expect(schema('Decimal5x2')['x-decimal']).toEqual({ whole: 5, places: 2 });
    const root = parse(readFileSync(join(specDir, 'openapi.yaml'), 'utf8'));
    expect(Object.keys(root.components.schemas)).toEqual(['Thing', 'Decimal5x2']);
    expect(console.log).toHaveBeenLastCalledWith('4 changes');
  });

  test('changes nothing on a second run', () => {
    main(platformPath, { specDir, mappings });
    const before = readFileSync(join(specDir, 'components/schemas/Thing.yaml'), 'utf8');
    expect(main(platformPath, { specDir, mappings })).toEqual([]);
    expect(readFileSync(join(specDir, 'components/schemas/Thing.yaml'), 'utf8')).toBe(before);
  });

  test('refuses a platform document that is not there, naming the path', () => {
    const missing = join(dir, 'absent.yml');
    expect(() => main(missing, { specDir, mappings })).toThrow(
      `no platform document at ${missing}`,
    );
  });
});
