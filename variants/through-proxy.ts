/**
 * `npm run traffic:variants`: the proof that the checking proxy (decision 029, "The proxy") does
 * not mistake a legitimate choice for a deviation. For each legitimate variant (variants.ts: a
 * rewriting proxy in front of a fresh mock, as `npm run contract:variants` serves it), the
 * checking proxy stands in front of the variant and the whole contract suite runs through it in
 * full mode, with the variant's settings; the proof holds when the proxy reports no error finding
 * in front of any variant. Writes reports/traffic-variants.json and .md. Loopback only; runs are
 * bounded.
 *
 * Usage: npm run traffic:variants [-- <variant id> ...]
 * Ports: MUTANT_PORT (the mock, default 4591), TRAFFIC_PROXY_PORT (the checking proxy, default
 * 4592); the variant's rewriting proxy takes a free loopback port.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { startMockProcess } from './harness.ts';
import { startProxy } from './proxy.ts';
import {
  describeGroup,
  type ProxiedRun,
  runThroughProxy,
  writeResults,
} from './through-traffic-proxy.ts';
import { variants } from './variants.ts';

const MOCK_PORT = Number(process.env.MUTANT_PORT ?? 4591);
const PROXY_PORT = Number(process.env.TRAFFIC_PROXY_PORT ?? 4592);
const selected = process.argv.slice(2);
const unknown = selected.filter((id) => !variants.some((v) => v.id === id));
if (unknown.length) {
  console.error(`unknown variant(s): ${unknown.join(', ')}`);
  process.exit(2);
}
const chosen = selected.length ? variants.filter((v) => selected.includes(v.id)) : variants;

/** Writes the results so far (after each variant, so that a stopped run leaves its record). */
function report(final: boolean): number {
  const clean = rows.filter((r) => r.clean).length;
  const scope = selected.length
    ? ' (a selection, not the whole set)'
    : final
      ? ''
      : ` (partial: ${rows.length} of ${chosen.length} run so far)`;
  const headline = `no error finding in front of ${clean}/${rows.length} legitimate variants${scope}`;
  if (final) console.log(`\n${headline}`);
  writeResults('traffic-variants', { clean, total: rows.length, rows }, [
    '# The checking proxy in front of each legitimate variant',
    '',
    headline,
    '',
    '| variant | error findings | suite through the proxy | findings |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.id} | ${r.errors.length} | ${r.suite} | ${r.errors.map((e) => e.replaceAll('|', '\\|').slice(0, 200)).join('<br>') || '-'} |`,
    ),
  ]);
  return clean;
}

const rows: { id: string; clean: boolean; suite: string; exchanges: number; errors: string[] }[] =
  [];
for (const variant of chosen) {
  const mock = await startMockProcess(
    ['--import', 'tsx', 'bin/data-import-mock.ts', '--port', String(MOCK_PORT), '--quiet'],
    MOCK_PORT,
    'the mock',
  );
  const rewriting = await startProxy(variant.handle, `http://127.0.0.1:${MOCK_PORT}`, 0);
  const { port } = rewriting.server.address() as AddressInfo;
  let run: ProxiedRun;
  try {
    run = await runThroughProxy({
      target: `http://127.0.0.1:${port}`,
      proxyPort: PROXY_PORT,
      args: [],
      env: variant.env ?? {},
      reportsDir: join('reports', 'traffic-variants', variant.id),
    });
  } finally {
    await rewriting.close();
    mock.kill();
    await new Promise((r) => mock.once('exit', r));
  }
  const errors = run.errors.map(describeGroup);
  rows.push({
    id: variant.id,
    clean: errors.length === 0,
    suite: `${run.summary}${run.finished ? '' : ' (stopped by the timeout)'}`,
    exchanges: run.exchanges,
    errors,
  });
  console.log(
    `${errors.length ? 'ERRORS' : 'clean '} ${variant.id}: ${run.exchanges} exchanges, ${run.summary}`,
  );
  report(false);
  for (const e of errors.slice(0, 8)) console.log(`    ${e.slice(0, 300)}`);
}

const clean = report(true);
process.exit(clean === rows.length ? 0 : 1);
