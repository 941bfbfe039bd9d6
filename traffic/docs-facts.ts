/**
 * What the docs site's traffic page (`/docs/traffic`, decision 029) says, read from the traffic
 * face's own definitions rather than written twice: the commands and their options from the
 * command line (cli.ts), the masking policy (mask.ts), the rules findings can name
 * (rules-known.ts), the replay's noise rules (fidelity.ts) and the severity of each source
 * (findings.ts). Plain data, so that the console's page builder needs no traffic code to render.
 */
import type { Command, Option } from 'commander';
import { trafficCommands } from './cli.ts';
import { NOISE_RULES } from './fidelity.ts';
import { type FindingSource, type Severity, severityOf } from './findings.ts';
import { DEFAULT_MASK_POLICY, kindOf, MASKED, type MaskPolicy } from './mask.ts';
import { KNOWN_RULES, type KnownRule } from './rules-known.ts';

/** One option of a command, as its definition states it. */
export interface OptionFact {
  /** As written on the command line: `--port <n>`, `--no-reset`. */
  flags: string;
  description: string;
  /** The default, as text, when there is one. */
  default?: string;
  /** The values it accepts, when they are a fixed list. */
  choices?: string[];
  required: boolean;
}

/** One command: its name, what it does, its arguments and options. */
export interface CommandFact {
  name: string;
  description: string;
  arguments: { name: string; description: string; variadic: boolean; required: boolean }[];
  options: OptionFact[];
}

/** One entry of the masking policy and what it becomes in a report and in a recording. */
export interface MaskFact {
  name: string;
  where: 'header' | 'field';
  /** In a recording: `[REDACTED:<kind>:<n>]`. */
  kind: string;
}

/** Everything the traffic page shows. */
export interface TrafficDocsFacts {
  commands: CommandFact[];
  severities: { source: FindingSource; severity: Severity }[];
  mask: { marker: string; entries: MaskFact[] };
  rules: readonly KnownRule[];
  noise: { rule: string; reason: string }[];
}

function optionFact(option: Option): OptionFact {
  const value: unknown = option.defaultValue;
  return {
    flags: option.flags,
    description: option.description,
    // A negated flag's implied `true` and a switch's `false` say nothing a reader needs.
    ...(value !== undefined && typeof value !== 'boolean' ? { default: String(value) } : {}),
    ...(option.argChoices ? { choices: [...option.argChoices] } : {}),
    required: option.mandatory,
  };
}

function commandFact(command: Command): CommandFact {
  return {
    name: command.name(),
    description: command.description(),
    arguments: command.registeredArguments.map((a) => ({
      name: a.name(),
      description: a.description,
      variadic: a.variadic,
      required: a.required,
    })),
    options: command.options.map(optionFact),
  };
}

/** The masking policy as a table: headers, then JSON fields, each with its recording kind. */
export function maskFacts(policy: MaskPolicy = DEFAULT_MASK_POLICY): TrafficDocsFacts['mask'] {
  return {
    marker: MASKED,
    entries: [
      ...[...policy.headers].map((name) => ({
        name,
        where: 'header' as const,
        kind: kindOf(name),
      })),
      ...[...policy.fields].map((name) => ({ name, where: 'field' as const, kind: kindOf(name) })),
    ],
  };
}

/** The facts of the traffic page, from the definitions as they are. */
export function trafficDocsFacts(): TrafficDocsFacts {
  const sources: FindingSource[] = ['reference', 'platform', 'kit'];
  return {
    commands: trafficCommands().map(commandFact),
    severities: sources.map((source) => ({ source, severity: severityOf(source) })),
    mask: maskFacts(),
    rules: KNOWN_RULES,
    noise: [...NOISE_RULES].map(([rule, reason]) => ({ rule, reason })),
  };
}
