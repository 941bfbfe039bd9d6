/**
 * `--config FILE` (issue 3): a YAML or JSON file that replaces the default configuration,
 * validated against the control spec's MockConfig schema; a bad file gets a message naming the
 * field.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { mockControl } from '../../spec/index.ts';
import type { MockConfig } from '../defaults.ts';

/** A configuration file that cannot be used. */
export class ConfigFileError extends Error {
  override name = 'ConfigFileError';
}

/** Reads and validates a configuration file (YAML is a superset of JSON, so one parser reads both). */
export function loadConfigFile(path: string): MockConfig {
  let parsed: unknown;
  try {
    parsed = parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigFileError(`Config file ${path} cannot be read: ${(error as Error).message}`);
  }
  const errors = mockControl.validateSchema('MockConfig', parsed);
  if (errors.length > 0) {
    throw new ConfigFileError(
      `Config file ${path} is not valid:\n${errors.map((e) => `  ${e.attr}: ${e.detail}`).join('\n')}`,
    );
  }
  return parsed as MockConfig;
}
