import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { parse } from 'yaml';
import { defaultPlatformCatalogue, mockControl } from './index.ts';

test('[GEN-6] the default platform catalogue matches its schema (decision 015)', () => {
  expect(mockControl.validateSchema('PlatformCatalogue', defaultPlatformCatalogue)).toEqual([]);
});

test("[GEN-6] the control API's example catalogue is the default one, so the docs never drift", () => {
  const example = parse(
    readFileSync(
      new URL('./components/examples/DefaultPlatformCatalogue.yaml', import.meta.url),
      'utf8',
    ),
  ) as { value: unknown };
  expect(example.value).toEqual(defaultPlatformCatalogue);
});
