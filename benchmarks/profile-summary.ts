/**
 * Summarises a V8 CPU profile (`node --cpu-prof`): self time by function and by package, the
 * heaviest first. Usage: `tsx benchmarks/profile-summary.ts FILE.cpuprofile [N]`.
 */
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
const [file, top = '15'] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file!, 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const self = new Map<number, number>();
profile.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
for (const [id, time] of self) {
  const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
  const where = url
    .replace(/^.*node_modules\//, '')
    .replace(/^file:\/\/.*?\/(spec|mocks|benchmarks)\//, '$1/');
  const name = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + time);
  const pkg =
    /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url ? (/\/(spec|mocks|benchmarks)\//.exec(url)?.[1] ?? 'node') : functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
}
const show = (title: string, map: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, time] of [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
    console.log(`${((time / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  }
};
show('self time by package', byPackage);
show('self time by function', byFunction);
