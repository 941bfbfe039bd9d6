import { importStateFile } from './mocks/server/state-import.ts';

const t = performance.now();
console.log(
  await importStateFile('/tmp/perf-export-20k.json', '/tmp/perf-import-20k'),
  Math.round(performance.now() - t),
  'ms',
);
