/**
 * Fault profiles (decision 024): named, seeded fault plans shipped as YAML beside the mock
 * (mocks/fault-profiles/ in a clone, dist/mocks/fault-profiles/ in the package), or a file of
 * one's own, for `--faults NAME|FILE` and for `createDataImportMock({ faults })` on Node. A plan
 * is checked against the control spec's FaultPlan and the domain's ranges; a bad one is refused
 * with a message naming the field, and nothing starts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { mockControl } from '../../spec/index.ts';
import { createFaultBook, type FaultPlan } from '../domain/faults.ts';
import { ConfigFileError } from './config-file.ts';

/** The shipped fault profiles' folder. */
export const FAULT_PROFILES_DIR = new URL('../fault-profiles/', import.meta.url);

/** The names of the shipped fault profiles, sorted. */
export function faultProfileNames(): string[] {
  try {
    return readdirSync(FAULT_PROFILES_DIR)
      .filter((file) => file.endsWith('.yaml'))
      .map((file) => file.slice(0, -'.yaml'.length))
      .sort();
  } catch {
    return [];
  }
}

/**
 * Why a fault plan cannot be used, one line per field, or undefined: the schema's refusals, then
 * the ranges the domain refuses (a window or a uniform latency whose start is after its end).
 */
export function faultPlanProblems(plan: unknown): string | undefined {
  const schema = mockControl.validateSchema('FaultPlan', plan);
  const errors =
    schema.length > 0
      ? schema
      : (() => {
          const book = createFaultBook(plan as FaultPlan, () => new Uint8Array(4));
          return book.ok ? [] : (book.error.errors ?? []);
        })();
  return errors.length === 0
    ? undefined
    : errors.map((e) => `  ${e.attr || '(the plan)'}: ${e.detail}`).join('\n');
}

/**
 * A fault plan from a shipped profile's name or from a YAML or JSON file; a ConfigFileError
 * names the file and every bad field, or the shipped names when the value is neither.
 */
export function loadFaultProfile(value: string): FaultPlan {
  const shipped = faultProfileNames();
  const file = shipped.includes(value)
    ? fileURLToPath(new URL(`${value}.yaml`, FAULT_PROFILES_DIR))
    : value;
  if (!existsSync(file)) {
    throw new ConfigFileError(
      `--faults ${value}: no such file, and no fault profile of that name (${shipped.join(', ')}).`,
    );
  }
  let parsed: unknown;
  try {
    parsed = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigFileError(`Fault profile ${file} cannot be read: ${(error as Error).message}`);
  }
  const problems = faultPlanProblems(parsed);
  if (problems) throw new ConfigFileError(`Fault profile ${file} is not valid:\n${problems}`);
  return parsed as FaultPlan;
}
