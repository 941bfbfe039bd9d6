/**
 * Writes a synthetic recording of N exchanges for the `check` benchmark (decision 029): a
 * migration's day as the kit's NDJSON format, built from the spec's own examples (stage, process,
 * transfer status, per account), so every line is a valid exchange and the checker does its full
 * work on each. The file is written where asked and never committed.
 *
 *   tsx traffic/recording.bench.ts OUT.ndjson [COUNT]
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { openapiDocument } from '../spec/index.ts';
import type { Exchange, Header } from './exchange.ts';
import { recordingLine } from './recording.ts';

const JSON_HEADERS: Header[] = [['content-type', 'application/json']];

function example(name: string): Record<string, unknown> {
  const examples = (openapiDocument.components as { examples: Record<string, { value: unknown }> })
    .examples;
  return structuredClone(new Map(Object.entries(examples)).get(name)?.value) as Record<
    string,
    unknown
  >;
}

/** The three exchanges of account `n`, a second apart. */
export function accountExchanges(n: number, start: number): Exchange[] {
  const external = `BENCH-${n}`;
  const account: Record<string, unknown> = {
    ...example('DomesticAccount'),
    external_account_number: external,
  };
  const auth: Header = ['authorization', 'Token bench-token'];
  const base = '/v1/data-import/';
  const at = (i: number) => start + n * 3000 + i * 1000;
  return [
    {
      time: at(0),
      request: {
        method: 'POST',
        url: `${base}account-import-process/create-or-update/`,
        headers: [...JSON_HEADERS, auth],
        body: JSON.stringify(account),
      },
      response: {
        status: 201,
        headers: JSON_HEADERS,
        body: JSON.stringify({
          import_supplier: account.import_supplier,
          external_account_number: external,
        }),
      },
    },
    {
      time: at(1),
      request: {
        method: 'POST',
        url: `${base}account-import-process/process/`,
        headers: [...JSON_HEADERS, auth],
        body: JSON.stringify({
          import_supplier_code: account.import_supplier,
          external_account_number: external,
          operations_team_name: 'MIGRATIONS',
        }),
      },
      response: {
        status: 201,
        headers: JSON_HEADERS,
        body: JSON.stringify({
          service_account_number: `A-${n.toString(16).toUpperCase().padStart(8, '0')}`,
        }),
      },
    },
    {
      time: at(2),
      request: {
        method: 'GET',
        url: `${base}account-transfer-status/${String(account.import_supplier)}/${external}/`,
        headers: [auth],
        body: '',
      },
      response: {
        status: 200,
        headers: JSON_HEADERS,
        body: JSON.stringify({
          status: 'PENDING',
          service_account_number: `A-${n.toString(16).toUpperCase().padStart(8, '0')}`,
        }),
      },
    },
  ];
}

/** Writes `count` exchanges (rounded up to whole accounts) to `file`, honouring back-pressure. */
export async function writeBenchRecording(file: string, count: number): Promise<void> {
  const out = createWriteStream(file);
  const start = Date.parse('2026-11-02T08:00:00Z');
  for (let n = 0; n * 3 < count; n += 1) {
    for (const e of accountExchanges(n, start)) {
      if (!out.write(`${recordingLine(e)}\n`)) await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, count] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx traffic/recording.bench.ts OUT.ndjson [COUNT]');
  await writeBenchRecording(file, Math.min(Number(count ?? 1_000_000) || 1_000_000, 10_000_000));
}
