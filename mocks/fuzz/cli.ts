/**
 * `npm run fuzz [-- --requests N --seed S --json FILE]`: the fuzz run (run.ts) at full size,
 * 100,000 hostile requests by default, over every operation of both documents. Prints the
 * figures and every failure with the request that caused it; exits 1 when anything broke.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { runFuzz } from './run.ts';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '20261126' },
    json: { type: 'string' },
  },
});
const requests = Number(values.requests);
const seed = Number(values.seed);
if (!Number.isInteger(requests) || requests < 1 || !Number.isInteger(seed)) {
  console.error('--requests takes a whole number of at least 1, --seed a whole number.');
  process.exit(2);
}

console.log(`fuzz: ${requests} requests, seed ${seed}`);
const report = await runFuzz({
  requests,
  seed,
  onProgress: (done) => {
    if (done % 10_000 === 0) console.log(`  ${done} requests`);
  },
});
const { failures, ...figures } = report;
console.log(JSON.stringify(figures, null, 2));
if (values.json) writeFileSync(values.json, `${JSON.stringify(report, null, 2)}\n`);
for (const f of failures) {
  console.log(
    `#${f.index} ${f.problem}: ${f.request.method} ${f.request.path.slice(0, 200)} [${f.request.operationId}; ${f.request.hostility}] -> ${f.status} ${f.response.slice(0, 300)}`,
  );
}
console.log(failures.length === 0 ? 'fuzz: nothing broke' : `fuzz: ${failures.length} failures`);
process.exit(failures.length === 0 ? 0 : 1);
