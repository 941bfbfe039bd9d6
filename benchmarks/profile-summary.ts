/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): self time by function and by package, the
 * heaviest first. Usage: `tsx benchmarks/profile-summary.ts FILE.cpuprofile [N] [FUNCTION]`: with
 * FUNCTION (e.g. `handle`), only the samples taken inside a call of it count, so that the set-up
 * of a benchmark (generating its bodies, loading modules) stays out of the figures, and the time
 * inside each function (self and callees) is listed as well. Samples of `(idle)` (a server waiting
 * for its sockets, `benchmarks/profile-server.ts`) are left out, so that the shares are of the CPU
 * the process used; self time is also shown by source file, so that a family of functions (the
 * generated validators, the platform's rules, node:http) reads as one line.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const [file, top = '15', under] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file!, 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parent.set(child, node.id);
/** The stack of a sample, innermost first. */
function stackOf(id: number): Node[] {
  const stack: Node[] = [];
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    stack.push(byId.get(at)!);
  }
  return stack;
}
const self = new Map<number, number>();
const inclusive = new Map<string, number>();
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  if (byId.get(id)!.callFrame.functionName === '(idle)') return;
  if (under) {
    const stack = stackOf(id);
    if (!stack.some((n) => n.callFrame.functionName === under)) return;
    // A function counted once per sample, however deep it recurses.
    for (const name of new Set(stack.map(label))) {
      inclusive.set(name, (inclusive.get(name) ?? 0) + delta);
    }
  }
  self.set(id, (self.get(id) ?? 0) + delta);
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
const byFile = new Map<string, number>();
/** A function as the summary names it: its name, file and line. */
function label(node: Node): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url
    .replace(/^.*node_modules\//, '')
    .replace(/^file:\/\/.*?\/(spec|mocks|benchmarks)\//, '$1/');
  return `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
}
for (const [id, time] of self) {
  const { url, functionName } = byId.get(id)!.callFrame;
  const name = label(byId.get(id)!);
  byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  const pkg =
    /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url ? (/\/(spec|mocks|benchmarks)\//.exec(url)?.[1] ?? 'node') : functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
  const file = url ? label(byId.get(id)!).replace(/^.* (.*):\d+$/, '$1') : functionName;
  byFile.set(file, (byFile.get(file) ?? 0) + time);
}
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
    console.log(`${((time / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
};
show('self time by package', byPackage);
show('self time by source file', byFile);
show('self time by function', byFunction);
if (under) show(`time inside each function, of the time inside ${under}`, inclusive);
