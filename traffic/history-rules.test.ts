import { describe, expect, it } from 'vitest';
import { dataImport } from '../spec/index.ts';
import { matchOperation } from './check-exchange.ts';
import type { Exchange } from './exchange.ts';
import { TrafficHistory } from './history.ts';
import { processOf, recordingClient, withAnswer } from './traffic.test-helper.ts';

const STAGE = '/v1/data-import/account-import-process/create-or-update/';
const PROCESS = '/v1/data-import/account-import-process/process/';
const VALIDATE = '/v1/data-import/validate-account/';
const NOTES = '/v1/data-import/notes/create/';
const TRANSACTIONS = '/v1/data-import/transactions/create/';
const IMPORTED = '/v1/data-import/imported-account-import-processes/DEMO_ENERGY/';
const status = (external: string) =>
  `/v1/data-import/account-transfer-status/DEMO_ENERGY/${external}/`;

/** The rules of the error findings the history draws from `exchanges`, in order. */
function errorRules(exchanges: Exchange[], history = new TrafficHistory()): string[] {
  return exchanges
    .flatMap((e) => history.observe(e, matchOperation(dataImport, e)))
    .filter((f) => f.severity === 'error')
    .map((f) => f.rule);
}

/** A fresh mock with one account staged: its payload, number and the recorder. */
async function staged() {
  const rec = recordingClient();
  const account = rec.client.account();
  const external = account.external_account_number as string;
  const first = await rec.send('POST', STAGE, account);
  expect(first.response.status).toBe(201);
  return { rec, account, external, first };
}

/** A fresh mock with one account staged and processed. */
async function imported() {
  const setup = await staged();
  const done = await setup.rec.send('POST', PROCESS, processOf(setup.external));
  expect(done.response.status).toBe(201);
  return setup;
}

describe('TrafficHistory: staging', () => {
  it('names STG-3 when an account seen staged is staged again with 201', async () => {
    const { rec, account } = await staged();
    const again = await rec.send('POST', STAGE, account);
    expect(again.response.status).toBe(200);
    expect(errorRules(rec.exchanges)).toEqual([]);
    const created = { ...again, response: { ...again.response, status: 201 } };
    expect(errorRules([...rec.exchanges.slice(0, -1), created])).toEqual(['STG-3']);
  });

  it('names STG-5 when an account seen imported is staged again with success', async () => {
    const { rec, account } = await imported();
    const again = await rec.send('POST', STAGE, account);
    expect(again.response.status).toBe(400);
    expect(errorRules(rec.exchanges)).toEqual([]);
    const accepted = withAnswer(again, 200, {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: account.external_account_number,
    });
    expect(errorRules([...rec.exchanges.slice(0, -1), accepted])).toEqual(['STG-5']);
  });

  it('names VAL-7 when the first staging after a 404 and a validation answers 200, STG-2 without the validation', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    const external = account.external_account_number as string;
    const absent = await rec.send('GET', status(external));
    const validated = await rec.send('POST', VALIDATE, account);
    const first = await rec.send('POST', STAGE, account);
    expect([absent, validated, first].map((e) => e.response.status)).toEqual([404, 200, 201]);
    expect(errorRules(rec.exchanges)).toEqual([]);
    const asIfStaged = { ...first, response: { ...first.response, status: 200 } };
    expect(errorRules([absent, validated, asIfStaged])).toEqual(['VAL-7']);
    expect(errorRules([absent, asIfStaged])).toEqual(['STG-2']);
  });

  it('does not judge a 200 staging of an account the stream never saw absent (it may predate the stream)', async () => {
    const { rec, account } = await staged();
    const again = await rec.send('POST', STAGE, account);
    expect(errorRules([again])).toEqual([]);
  });
});

describe('TrafficHistory: status', () => {
  it('names STS-3 when a pair the service said had no import process is answered 200 with no staging since', async () => {
    const rec = recordingClient();
    const account = rec.client.account();
    const external = account.external_account_number as string;
    const absent = await rec.send('GET', status(external));
    await rec.send('POST', STAGE, account);
    const present = await rec.send('GET', status(external));
    expect(present.response.status).toBe(200);
    expect(errorRules(rec.exchanges)).toEqual([]);
    // Without the staging between them, the 200 contradicts the 404.
    expect(errorRules([absent, present])).toEqual(['STS-3']);
  });

  it('does not judge a 200 answered to a request sent before the 404 (the two ran at once)', async () => {
    const rec = recordingClient();
    const external = rec.client.account().external_account_number as string;
    const absent = await rec.send('GET', status(external));
    const earlier = withAnswer({ ...absent, time: absent.time - 500 }, 200, {
      status: 'UNKNOWN',
      service_account_number: '',
    });
    expect(errorRules([absent, earlier])).toEqual([]);
  });
});

describe('TrafficHistory: a staged account has no account yet (STS-4)', () => {
  it('names STS-4 when an account staged and not processed since is answered past UNKNOWN', async () => {
    const { rec, external } = await staged();
    const read = await rec.send('GET', status(external));
    expect(JSON.parse(read.response.body).status).toBe('UNKNOWN');
    expect(errorRules(rec.exchanges)).toEqual([]);
    const pending = withAnswer(read, 200, { status: 'PENDING', service_account_number: 'A-1' });
    expect(errorRules([rec.exchanges[0] as Exchange, pending])).toEqual(['STS-4']);
  });

  it('does not name STS-4 once a process was answered 201, nor for a request sent before the staging', async () => {
    const { rec, external, first } = await imported();
    const read = await rec.send('GET', status(external));
    expect(JSON.parse(read.response.body).status).toBe('PENDING');
    expect(errorRules(rec.exchanges)).toEqual([]);
    const before = { ...read, time: first.time - 500 };
    expect(errorRules([first, before])).toEqual([]);
  });
});

describe('TrafficHistory: dry run and notes', () => {
  it('names PRC-6 when an account dry-run only shows imported', async () => {
    const { rec, external } = await staged();
    const dryRun = await rec.send('POST', PROCESS, processOf(external, true));
    const after = await rec.send('GET', status(external));
    expect(JSON.parse(after.response.body).status).toBe('UNKNOWN');
    expect(errorRules(rec.exchanges)).toEqual([]);
    const created = withAnswer(after, 200, { status: 'PENDING', service_account_number: 'A-1' });
    expect(errorRules([rec.exchanges[0] as Exchange, dryRun, created])).toEqual(['PRC-6']);
  });

  it('does not name PRC-6 once a real process was answered 201', async () => {
    const { rec, external } = await staged();
    await rec.send('POST', PROCESS, processOf(external, true));
    await rec.send('POST', PROCESS, processOf(external));
    await rec.send('GET', status(external));
    expect(errorRules(rec.exchanges)).toEqual([]);
  });

  it('names NOTE-8 when notes are created for an account seen staged and never processed', async () => {
    const { rec, external } = await staged();
    const note = {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: external,
      notes: [{ body: 'Moved in' }],
    };
    const refused = await rec.send('POST', NOTES, note);
    expect(refused.response.status).toBe(404);
    expect(errorRules(rec.exchanges)).toEqual([]);
    const created = withAnswer(refused, 201, [
      { created_at: '2026-11-01T12:00:00Z', body: 'Moved in', status: 'NOTE_CREATION_SUCCESS' },
    ]);
    expect(errorRules([rec.exchanges[0] as Exchange, created])).toEqual(['NOTE-8']);
    // A note of an account whose staging the stream never saw is not judged.
    expect(errorRules([created])).toEqual([]);
  });
});

describe('TrafficHistory: V2 imports', () => {
  it('forgets what it knew of an account a V2 schedule takes over (its task imports it unseen)', async () => {
    const { rec, account, external } = await staged();
    const stage = rec.exchanges[0] as Exchange;
    const scheduled: Exchange = {
      ...stage,
      request: {
        ...stage.request,
        url: 'http://127.0.0.1/v2/data-import/accounts/',
        body: JSON.stringify({ payload: account, task_params: {} }),
      },
      response: { ...stage.response, status: 201, body: '' },
    };
    const refused = await rec.send('POST', NOTES, {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: external,
      notes: [{ body: 'Moved in' }],
    });
    const created = withAnswer(refused, 201, [
      { created_at: '2026-11-01T12:00:00Z', body: 'Moved in', status: 'NOTE_CREATION_SUCCESS' },
    ]);
    expect(errorRules([stage, created])).toEqual(['NOTE-8']);
    expect(errorRules([stage, scheduled, created])).toEqual([]);
  });
});

describe('TrafficHistory: transactions', () => {
  const charge = {
    transaction_id: 'T-1',
    transaction_date: '2026-10-30',
    amount: 10,
    type: 'CHARGE',
    reason: 'IMPORTED_CHARGE',
  };

  async function sentTwice() {
    const { rec, external } = await imported();
    const request = {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: external,
      transactions: [charge],
    };
    const first = await rec.send('POST', TRANSACTIONS, request);
    const second = await rec.send('POST', TRANSACTIONS, request);
    return { rec, first, second };
  }

  it('names TXN-5 when a transaction sent again unchanged is added again', async () => {
    const { rec, first, second } = await sentTwice();
    expect(JSON.parse(first.response.body).results[0].status).toBe('TRANSACTION_ADDED_TO_ACCOUNT');
    expect(JSON.parse(second.response.body).results[0].status).toBe('TRANSACTION_ALREADY_EXISTS');
    expect(errorRules(rec.exchanges)).toEqual([]);
    const again = withAnswer(second, 201, JSON.parse(first.response.body));
    expect(errorRules([...rec.exchanges.slice(0, -1), again])).toEqual(['TXN-5']);
  });

  it('does not judge a repeat sent with check_previously_added=false (TXN-6)', async () => {
    const { rec, first, second } = await sentTwice();
    const again = withAnswer(second, 201, JSON.parse(first.response.body));
    const unchecked = {
      ...again,
      request: { ...again.request, url: `${again.request.url}?check_previously_added=false` },
    };
    expect(errorRules([...rec.exchanges.slice(0, -1), unchecked])).toEqual([]);
  });
});

describe('TrafficHistory: imported list', () => {
  it('names STS-11 when a whole imported list leaves out an account seen imported before it was asked for', async () => {
    const { rec } = await imported();
    const list = await rec.send('GET', IMPORTED);
    expect(JSON.parse(list.response.body)).toHaveLength(1);
    expect(errorRules(rec.exchanges)).toEqual([]);
    const empty = withAnswer(list, 200, []);
    expect(errorRules([...rec.exchanges.slice(0, -1), empty])).toEqual(['STS-11']);
    // A list asked for before the process was sent may not name it yet.
    const before = { ...empty, time: (rec.exchanges[0] as Exchange).time };
    expect(errorRules([...rec.exchanges.slice(0, -1), before])).toEqual([]);
  });

  it('does not judge a list that may be a page or filtered (query, Link header, envelope)', async () => {
    const { rec } = await imported();
    const list = await rec.send('GET', IMPORTED);
    const setup = rec.exchanges.slice(0, -1);
    const empty = withAnswer(list, 200, []);
    const query = { ...empty, request: { ...empty.request, url: `${empty.request.url}?page=2` } };
    const link = {
      ...empty,
      response: {
        ...empty.response,
        headers: [...empty.response.headers, ['link', '<?page=2>; rel="next"'] as const],
      },
    };
    const envelope = withAnswer(list, 200, { results: [], next: '?page=2' });
    for (const page of [query, link, envelope]) expect(errorRules([...setup, page])).toEqual([]);
  });
});

describe('TrafficHistory: bounds', () => {
  it('keeps its state bounded past maxAccounts: accounts, digests an account, imported accounts', async () => {
    const { rec, external } = await imported();
    const [stage, process] = rec.exchanges as [Exchange, Exchange];
    const sent = await rec.send('POST', TRANSACTIONS, {
      import_supplier: 'DEMO_ENERGY',
      external_account_number: external,
      transactions: [
        {
          transaction_id: 'T-0',
          transaction_date: '2026-10-30',
          amount: 1,
          type: 'CHARGE',
          reason: 'IMPORTED_CHARGE',
        },
      ],
    });
    expect(sent.response.status).toBe(201);
    /** The same exchange about another account (and supplier). */
    const about = (e: Exchange, supplier: string, account: string, extra = {}): Exchange => {
      const body = JSON.parse(e.request.body);
      const key = 'import_supplier_code' in body ? 'import_supplier_code' : 'import_supplier';
      const request = { ...body, [key]: supplier, external_account_number: account, ...extra };
      return { ...e, request: { ...e.request, body: JSON.stringify(request) } };
    };
    const history = new TrafficHistory(50);
    const observe = (e: Exchange) => history.observe(e, matchOperation(dataImport, e));
    for (let i = 0; i < 2000; i++) {
      const supplier = `S-${i % 1100}`;
      observe(about(stage, supplier, `X-${i}`));
      observe(about(process, supplier, `X-${i}`));
    }
    // 300 different transactions added to one account.
    for (let i = 0; i < 300; i++) {
      const transaction = {
        transaction_id: `T-${i}`,
        transaction_date: '2026-10-30',
        amount: 1,
        type: 'CHARGE',
        reason: 'IMPORTED_CHARGE',
      };
      const answer = {
        results: [{ status: 'TRANSACTION_ADDED_TO_ACCOUNT', transaction_data: transaction }],
      };
      observe(
        withAnswer(about(sent, 'S-0', 'X-1999', { transactions: [transaction] }), 201, answer),
      );
    }
    const held = history.held;
    expect(held.accounts).toBe(50);
    expect(held.digests).toBe(256);
    // 1,024 suppliers at most, 64 accounts each at most: here two accounts each.
    expect(held.imported).toBeLessThanOrEqual(1024 * 2);
    expect(held.imported).toBeGreaterThan(1000);
    const one = new TrafficHistory(50);
    for (let i = 0; i < 200; i++) {
      const e = about(process, 'ONE', `Y-${i}`);
      one.observe(e, matchOperation(dataImport, e));
    }
    expect(one.held).toMatchObject({ accounts: 50, imported: 64 });
  });
});
