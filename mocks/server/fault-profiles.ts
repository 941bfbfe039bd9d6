/**
 * `--faults NAME|FILE` (decision 024): a shipped, seeded fault profile by its name
 * (mocks/domain/faults-profiles.ts), or a YAML or JSON plan of one's own, for the standalone
 * server and for `createDataImportMock({ faults })` on Node. A plan from a file is checked against
 * the control spec's FaultPlan and the domain's ranges; a bad one is refused with a message naming
 * the field, and nothing starts.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { parse } from 'yaml';
import { mockControl } from '../../spec/index.ts';
import { createFaultBook, type FaultPlan } from '../domain/faults.ts';
import { faultProfileNames, findFaultProfile } from '../domain/faults-profiles.ts';
import { ConfigFileError } from './config-file.ts';

export { faultProfileNames } from '../domain/faults-profiles.ts';

/**
 * Why a fault plan cannot be used, one line per field, or undefined: the schema's refusals, then
 * the ranges the domain refuses (a window or a uniform latency whose start is after its end).
 */
export function faultPlanProblems(plan: unknown, prefix = ''): string | undefined {
  let errors = mockControl.validateSchema('FaultPlan', plan);
  if (errors.length === 0) {
    const book = createFaultBook(plan as FaultPlan, () => new Uint8Array(4));
    errors = book.ok ? [] : (book.error.errors ?? []);
  }
  return errors.length === 0
    ? undefined
    : errors.map((e) => `  ${prefix}${e.attr || '(the plan)'}: ${e.detail}`).join('\n');
}

/**
 * A fault plan from a shipped profile's name or from a YAML or JSON file; a ConfigFileError
 * names the file and every bad field, or, in one line, the shipped names when the value is
 * neither a profile nor a file.
 */
export function loadFaultProfile(value: string): FaultPlan {
  const shipped = findFaultProfile(value);
  if (shipped) return shipped;
  if (!existsSync(value) || !statSync(value).isFile()) {
    throw new ConfigFileError(
      `--faults ${value}: no fault profile of that name and no such file; choose ${faultProfileNames().join(', ')}, or a YAML or JSON file.`,
    );
  }
  let parsed: unknown;
  try {
    parsed = parse(readFileSync(value, 'utf8'));
  } catch (error) {
    throw new ConfigFileError(`Fault profile ${value} cannot be read: ${(error as Error).message}`);
  }
  const problems = faultPlanProblems(parsed);
  if (problems) throw new ConfigFileError(`Fault profile ${value} is not valid:\n${problems}`);
  return parsed as FaultPlan;
}
