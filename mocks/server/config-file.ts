/**
 * `--config FILE` (decision 004): a YAML or JSON file that replaces the default configuration,
 * validated against the control spec's MockConfig schema; a bad file gets a message naming the
 * field. Files speak snake_case like the control API; one in the earlier camelCase form still
 * loads, with a notice (decision 008).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { type FieldError, mockControl, pointerToAttr } from '../../spec/index.ts';
import type { MockConfig } from '../defaults.ts';
import { createFaultBook, type FaultPlan } from '../domain/faults.ts';
import { faultProfileNames, findFaultProfile } from '../domain/faults-profiles.ts';
import { createOverrideBook } from '../domain/overrides.ts';
import { snakeDocument } from '../domain/state-document.ts';

/** A configuration file that cannot be used. */
export class ConfigFileError extends Error {
  override name = 'ConfigFileError';
}

/** Whether a parsed configuration is of the earlier camelCase form. */
function isLegacyConfig(parsed: unknown): parsed is Record<string, unknown> {
  return (
    typeof parsed === 'object' &&
    parsed !== null &&
    ['apiKeys', 'operationsTeams'].some((key) => Object.hasOwn(parsed, key))
  );
}

/**
 * The allowed values of each field whose value is not one of them: a person editing a file by
 * hand needs the list, which the interface-shaped detail ("... is not a valid choice.") omits.
 */
function choicesByAttr(parsed: unknown): Map<string, string[]> {
  const choices = new Map<string, string[]>();
  for (const error of mockControl.rawSchemaErrors('MockConfig', parsed)) {
    const allowed = (error.params as { allowedValues?: unknown }).allowedValues;
    if (error.keyword === 'enum' && Array.isArray(allowed)) {
      choices.set(pointerToAttr(error.instancePath), allowed.map(String));
    }
  }
  return choices;
}

/**
 * Reads and validates a configuration file (YAML is a superset of JSON, so one parser reads
 * both). `notice` hears about a file in the earlier camelCase form, which is read as its
 * snake_case equivalent.
 */
export function loadConfigFile(
  path: string,
  notice: (message: string) => void = (message) => console.error(message),
): MockConfig {
  let parsed: unknown;
  try {
    parsed = parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigFileError(`Config file ${path} cannot be read: ${(error as Error).message}`);
  }
  if (isLegacyConfig(parsed)) {
    notice(
      `Config file ${path} uses the earlier camelCase keys (apiKeys, operationsTeams, ...); it is read as snake_case (api_keys, operations_teams, ...), which configuration files use now.`,
    );
    parsed = snakeDocument(parsed);
  }
  const errors = mockControl.validateSchema('MockConfig', parsed);
  if (errors.length > 0) {
    const choices = choicesByAttr(parsed);
    const line = (e: FieldError) => {
      const allowed = e.code === 'invalid_choice' ? choices.get(e.attr) : undefined;
      return `  ${e.attr}: ${e.detail}${allowed ? ` Choices: ${allowed.join(', ')}.` : ''}`;
    };
    throw new ConfigFileError(`Config file ${path} is not valid:\n${errors.map(line).join('\n')}`);
  }
  const problems = faultsProblems((parsed as MockConfig).faults);
  if (problems) throw new ConfigFileError(`Config file ${path} is not valid:\n${problems}`);
  // What the schema cannot say of an override (its size, a header framing the answer).
  const overrides = createOverrideBook((parsed as MockConfig).overrides, 0);
  if (!overrides.ok) {
    const lines = (overrides.error.errors ?? []).map((e) => `  overrides.${e.attr}: ${e.detail}`);
    throw new ConfigFileError(`Config file ${path} is not valid:\n${lines.join('\n')}`);
  }
  return parsed as MockConfig;
}

/**
 * What the schema cannot say of a config file's `faults` (decision 024): a name the kit ships no
 * profile of (with the names to choose from), or a plan's range whose start is after its end.
 */
function faultsProblems(faults: MockConfig['faults']): string | undefined {
  if (faults === undefined) return undefined;
  if (typeof faults === 'string') {
    return findFaultProfile(faults)
      ? undefined
      : `  faults: no fault profile is named ${faults}. Choices: ${faultProfileNames().join(', ')}.`;
  }
  const book = createFaultBook(faults as FaultPlan, () => new Uint8Array(4));
  if (book.ok) return undefined;
  return (book.error.errors ?? []).map((e) => `  faults.${e.attr}: ${e.detail}`).join('\n');
}
