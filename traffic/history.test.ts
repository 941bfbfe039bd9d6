import { describe, expect, it } from 'vitest';
import { dataImport } from '../spec/index.ts';
import { matchOperation } from './check-exchange.ts';
import type { Exchange } from './exchange.ts';
import { TrafficHistory } from './history.ts';
import { importedAccount, recordingClient, withAnswer } from './traffic.test-helper.ts';

const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const NOTES = '/v1/data-import/notes/create/';
const VALIDATE = '/v1/data-import/validate-account/';
const status = (external: string) =>
  `/v1/data-import/account-transfer-status/DEMO_ENERGY/${external}/`;

function observeAll(history: TrafficHistory, exchanges: Exchange[]) {
  return exchanges.flatMap((e) => history.observe(e, matchOperation(dataImport, e)));
}

/** A staged and processed account with one note created on it, against a fresh mock. */
async function accountWithNote(rec: ReturnType<typeof recordingClient>, body: string) {
  const { external } = await importedAccount(rec);
  const note = {
    import_supplier: 'DEMO_ENERGY',
    external_account_number: external,
    notes: [{ body }],
  };
  const created = await rec.send('POST', NOTES, note);
  expect(JSON.parse(created.response.body)[0].status).toBe('NOTE_CREATION_SUCCESS');
  return { external, note, created };
}

/** The same note answered as created again: NOTE-3 when the history remembers the first. */
function createdAgain(created: Exchange): Exchange {
  return { ...created, time: created.time + 60_000 };
}

describe('TrafficHistory', () => {
  it('keeps no history for exchanges that show none (validation), and one account for a staging', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    const validated = await rec.send('POST', VALIDATE, account);
    expect(validated.response.status).toBe(200);
    const history = new TrafficHistory();
    expect(observeAll(history, rec.exchanges)).toEqual([]);
    expect(history.size).toBe(0);
    const staged = await rec.send('POST', STAGE, account);
    expect(staged.response.status).toBe(201);
    expect(observeAll(history, [staged])).toEqual([]);
    expect(history.size).toBe(1);
  });

  it('tells a note body ending in NUL from a created_at starting with one (NOTE-3 on the exact pair)', async () => {
    const rec = recordingClient();
    const { created } = await accountWithNote(rec, 'Moved in');
    const sentAs = (body: string, createdAt: string): Exchange => {
      const request = JSON.parse(created.request.body);
      request.notes = [{ body, created_at: createdAt }];
      return { ...created, request: { ...created.request, body: JSON.stringify(request) } };
    };
    const history = new TrafficHistory();
    const findings = observeAll(history, [
      sentAs('Moved in\u0000', '2026-11-02T08:00:00Z'),
      sentAs('Moved in', '\u00002026-11-02T08:00:00Z'),
    ]);
    expect(findings).toEqual([]);
    expect(observeAll(history, [sentAs('Moved in', '\u00002026-11-02T08:00:00Z')])).toEqual([
      expect.objectContaining({ rule: 'NOTE-3', pointer: '/response/body/0/status' }),
    ]);
  });

  it('tells apart bodies that differ only in a lone surrogate (NOTE-3 on the exact body)', async () => {
    const rec = recordingClient();
    const { created } = await accountWithNote(rec, 'Moved in');
    const sentAs = (body: string): Exchange => {
      const request = JSON.parse(created.request.body);
      request.notes = [{ body }];
      return { ...created, request: { ...created.request, body: JSON.stringify(request) } };
    };
    const history = new TrafficHistory();
    expect(observeAll(history, [sentAs('Meter \ud800'), sentAs('Meter \ud801')])).toEqual([]);
    expect(observeAll(history, [sentAs('Meter \ud801')])).toEqual([
      expect.objectContaining({ rule: 'NOTE-3' }),
    ]);
  });

  it('pairs answer items with sent notes of their body and created_at, whatever the order (NOTE-5)', async () => {
    const rec = recordingClient();
    const { external } = await accountWithNote(rec, 'First');
    const batch = await rec.send('POST', NOTES, {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: external,
      notes: [
        { body: 'Meter read taken.', created_at: '2024-01-01T10:00:00Z' },
        { body: 'Meter read taken.', created_at: '2024-02-01T10:00:00Z' },
        { document_paths: [{ document_path: 'letters/welcome.pdf' }] },
      ],
    });
    const items = JSON.parse(batch.response.body) as { status: string }[];
    expect(items.map((n) => n.status)).toEqual(Array(3).fill('NOTE_CREATION_SUCCESS'));
    const reversed = withAnswer(batch, 201, [...items].reverse());
    expect(observeAll(new TrafficHistory(), [...rec.exchanges.slice(0, -1), reversed])).toEqual([]);
  });

  it('remembers a long note body as created, whatever its size (NOTE-3)', async () => {
    const rec = recordingClient();
    const { created } = await accountWithNote(rec, 'x'.repeat(5000));
    const history = new TrafficHistory();
    observeAll(history, rec.exchanges);
    const [found] = observeAll(history, [createdAgain(created)]);
    expect(found).toMatchObject({ rule: 'NOTE-3', severity: 'error' });
  });

  it('gives a forgotten account’s place to a new one with none of its notes or status', async () => {
    const rec = recordingClient();
    const first = await accountWithNote(rec, 'Same words');
    const firstStatus = await rec.send('GET', status(first.external));
    expect(JSON.parse(firstStatus.response.body).status).toBe('PENDING');
    const second = await accountWithNote(rec, 'Same words');
    const history = new TrafficHistory(1);
    // The second account takes the first one's place: its note is its first, and its status
    // starts from nothing.
    const seen = observeAll(history, rec.exchanges);
    expect(seen).toEqual([]);
    expect(history.size).toBe(1);
    const unknownBefore = withAnswer(firstStatus, 200, {
      status: 'UNKNOWN',
      service_account_number: '',
    });
    const secondUnknown = {
      ...unknownBefore,
      request: { ...unknownBefore.request, url: `http://127.0.0.1${status(second.external)}` },
    };
    // No status was seen for the second account: UNKNOWN is no step back (STS-4) from the first's.
    expect(observeAll(history, [secondUnknown])).toEqual([]);
    expect(observeAll(history, [createdAgain(second.created)])).toEqual([
      expect.objectContaining({ rule: 'NOTE-3' }),
    ]);
    // The first account was forgotten with its notes: its repeat is not judged.
    expect(observeAll(history, [createdAgain(first.created)])).toEqual([]);
  });

  it('keeps at most maxAccounts accounts, the newest', async () => {
    const rec = recordingClient();
    const exchanges: Exchange[] = [];
    for (let i = 0; i < 5; i++) exchanges.push(await rec.send('GET', status(`GONE-${i}`)));
    expect(exchanges.every((e) => e.response.status === 404)).toBe(true);
    const history = new TrafficHistory(3);
    observeAll(history, exchanges);
    expect(history.size).toBe(3);
  });
});
