/**
 * The suite's strength in one place: wrong variants killed (the mutants, mutation/run.ts) and
 * legitimate variants passed (variants/run.ts), each from its latest run, side by side. Either
 * runner updates its own half (reports/mutants.json, reports/variants.json) and rewrites
 * reports/suite-strength.md with both, so the two rates are always read together.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DIR = 'reports';

/** One legitimate variant's runs (safe and full). */
export interface VariantRow {
  id: string;
  description: string;
  cites: string;
  runs: { mode: string; passed: boolean; failures: string[] }[];
}

/** One mutant's result. */
export interface MutantRow {
  id: string;
  rule: string;
  killed: boolean;
  summary: string;
}

interface Half<T> {
  finishedAt: string;
  /** False when the run covered only some of them (ids given on the command line). */
  complete: boolean;
  rows: T[];
}

function read<T>(file: string): Half<T> | undefined {
  const path = join(DIR, file);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Half<T>) : undefined;
}

/** The combined report after a run of either half. */
export function strengthReport(update: {
  variants?: VariantRow[];
  mutants?: MutantRow[];
  complete?: boolean;
}): { lines: string[]; variants?: Half<VariantRow>; mutants?: Half<MutantRow> } {
  const now = new Date().toISOString();
  const complete = update.complete ?? true;
  const variants = update.variants
    ? { finishedAt: now, complete, rows: update.variants }
    : read<VariantRow>('variants.json');
  const mutants = update.mutants
    ? { finishedAt: now, complete, rows: update.mutants }
    : read<MutantRow>('mutants.json');
  const lines = ['# Contract suite strength', ''];
  if (mutants) {
    const killed = mutants.rows.filter((m) => m.killed).length;
    lines.push(
      `- Wrong variants killed: ${killed}/${mutants.rows.length} mutants (mutation/, mock mode; ${mutants.complete ? 'all' : 'a selection'}, ${mutants.finishedAt})`,
    );
  } else {
    lines.push('- Wrong variants killed: not run yet (`npm run contract:mutants`)');
  }
  if (variants) {
    const passed = variants.rows.filter((v) => v.runs.every((r) => r.passed)).length;
    const modes = [...new Set(variants.rows.flatMap((v) => v.runs.map((r) => r.mode)))].join(
      ' and ',
    );
    lines.push(
      `- Legitimate variants passed: ${passed}/${variants.rows.length} (variants/, ${modes} mode; ${variants.complete ? 'all' : 'a selection'}, ${variants.finishedAt})`,
    );
  } else {
    lines.push('- Legitimate variants passed: not run yet (`npm run contract:variants`)');
  }
  const survivors = mutants?.rows.filter((m) => !m.killed) ?? [];
  const falseFails = variants?.rows.filter((v) => v.runs.some((r) => !r.passed)) ?? [];
  if (survivors.length) {
    lines.push('', '## Surviving mutants (missing checks)', '');
    for (const m of survivors) lines.push(`- ${m.id} [${m.rule}]: ${m.summary}`);
  }
  if (falseFails.length) {
    lines.push('', '## Failed legitimate variants (false fails of the suite)', '');
    for (const v of falseFails) {
      for (const r of v.runs.filter((run) => !run.passed)) {
        lines.push(`- ${v.id} (${r.mode}): ${r.failures.slice(0, 5).join('; ')}`);
      }
    }
  }
  if (variants) {
    lines.push(
      '',
      '## Legitimate variants',
      '',
      '| Variant | Modes | Open because |',
      '| --- | --- | --- |',
    );
    for (const v of variants.rows) {
      const modes = v.runs.map((r) => `${r.mode} ${r.passed ? 'passed' : 'FAILED'}`).join(', ');
      lines.push(`| ${v.id}: ${v.description} | ${modes} | ${v.cites.replace(/\|/g, '\\|')} |`);
    }
  }
  return { lines, variants, mutants };
}

/** Writes the updated half and the combined Markdown. */
export function writeStrength(report: ReturnType<typeof strengthReport>): void {
  mkdirSync(DIR, { recursive: true });
  if (report.variants)
    writeFileSync(join(DIR, 'variants.json'), `${JSON.stringify(report.variants, null, 2)}\n`);
  if (report.mutants)
    writeFileSync(join(DIR, 'mutants.json'), `${JSON.stringify(report.mutants, null, 2)}\n`);
  writeFileSync(join(DIR, 'suite-strength.md'), `${report.lines.join('\n')}\n`);
}
