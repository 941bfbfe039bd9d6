/**
 * The bodies the benchmarks send, built from the spec's examples and the fixtures' builders: the
 * spec's domestic example account, a large generated one (three customers, three sites with both
 * fuels, so six meter points, and years of readings), a transactions/create request of 50
 * transactions for the large account, the ObtainToken mutation, and the process request.
 */
import { readdirSync } from 'node:fs';
import {
  businessAccount,
  KINDS,
  loadProfile,
  type Population,
  resolvePopulation,
  transactionsRequest,
} from '../fixtures/index.ts';
import type { PlainRequest } from '../mocks/service.ts';
import { openapiDocument } from '../spec/index.ts';

type Json = Record<string, unknown>;

const examples = (openapiDocument.components as Record<string, Record<string, { value: Json }>>)
  .examples!;

/** The spec's DomesticAccount example. */
export const exampleAccount: Json = structuredClone(examples.DomesticAccount!.value);

function meterPoints(account: Json): number {
  const sites = (account.supply_addresses ?? []) as Json[];
  return sites.reduce((n, site) => n + ((site.meter_points as unknown[]) ?? []).length, 0);
}

/** The largest (the longest reading history) of 40 seeded business accounts of 3 customers and 6 meter points. */
export const largeAccount: Json = (() => {
  let best: Json | undefined;
  for (let seed = 1; seed <= 40; seed++) {
    const account = businessAccount({
      seed,
      externalAccountNumber: 'BENCH-LARGE-1',
      shape: { customers: 3, supplyAddresses: 3, fuel: 'dual', billed: true, certificates: false },
    }) as unknown as Json;
    if (meterPoints(account) < 6) continue;
    if (!best || JSON.stringify(account).length > JSON.stringify(best).length) best = account;
  }
  if (!best) throw new Error('no seed gave a large account of six meter points');
  return best;
})();

/**
 * An account under another account number, holding identifiers of its own: the platform keeps
 * account references and CAIS references unique among imported accounts
 * (reference_already_exists, cais_reference_already_in_use_on_another_account). The builders put
 * the account number in the CAIS references; each account reference ends in the copy's `seq`
 * (its last seven characters, as digits), so copies processed side by side never share one.
 */
export function accountAs(account: Json, externalAccountNumber: string, seq: number): Json {
  const copy = JSON.parse(
    JSON.stringify(account).replaceAll(
      String(account.external_account_number),
      externalAccountNumber,
    ),
  ) as Json;
  const digits = String(seq).padStart(7, '0');
  for (const reference of (copy.references ?? []) as { value: string }[]) {
    reference.value = reference.value.slice(0, -digits.length) + digits;
  }
  return copy;
}

/** The large account under another account number (see {@link accountAs}). */
export function largeAccountAs(externalAccountNumber: string): Json {
  return accountAs(largeAccount, externalAccountNumber, 1);
}

/** A transactions/create request of exactly 50 transactions for the large account. */
export const fiftyTransactions: Json = (() => {
  const account = largeAccount as never;
  const transactions: Json[] = [];
  const ids = new Set<string>();
  let first: Json | undefined;
  for (let seed = 1; transactions.length < 50 && seed < 500; seed++) {
    const request = transactionsRequest({ seed, account }) as unknown as Json;
    first ??= request;
    for (const t of request.transactions as Json[]) {
      const id = String(t.transaction_id);
      if (ids.has(id) || transactions.length >= 50) continue;
      ids.add(id);
      transactions.push(t);
    }
  }
  return { ...first, transactions };
})();

/** The ObtainToken mutation with the demo API key (AUTH-1). */
export const obtainToken: Json = {
  query:
    'mutation ObtainToken($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
  variables: { input: { APIKey: 'demo-api-key' } },
};

/** The process request of an account. */
export function processRequest(externalAccountNumber: string): Json {
  return {
    import_supplier_code: 'DEMO_ENERGY',
    external_account_number: externalAccountNumber,
    operations_team_name: 'MIGRATIONS',
  };
}

/** A JSON POST as the service's edge takes it (in-process benchmarks), with a token when given. */
export function jsonPost(path: string, body: unknown, token?: string): PlainRequest {
  return {
    method: 'POST',
    path,
    query: {},
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Token ${token}` } : {}),
    },
    bodyText: JSON.stringify(body),
  };
}

/** How many different bodies a distinct-accounts scenario sends round-robin. */
export const DISTINCT_ACCOUNTS = Number(process.env.BENCH_DISTINCT_ACCOUNTS ?? 10_000);

/**
 * The populations the distinct accounts are drawn from in turn: the fixtures' own domestic and
 * business forms and every example profile (fixtures/profiles/), so that phone numbers,
 * postcodes, meter points and dates differ from one request to the next as in a real migration
 * (no format memo is warm for them).
 */
function populations(): {
  kind: 'domestic-account' | 'business-account';
  population?: Population;
}[] {
  const dir = new URL('../fixtures/profiles/', import.meta.url);
  const profiles = readdirSync(dir)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .map((file) => resolvePopulation(loadProfile(new URL(file, dir).pathname)));
  return [
    { kind: 'domestic-account' },
    { kind: 'business-account' },
    ...profiles.map((population) => ({
      kind:
        population.accountType === 'business'
          ? ('business-account' as const)
          : ('domestic-account' as const),
      population,
    })),
  ];
}

/**
 * `count` different generated accounts (seed i, populations in turn, account number
 * `BENCH-DISTINCT-i`), as JSON texts: the bodies of the distinct-accounts scenarios.
 */
export function distinctAccounts(count = DISTINCT_ACCOUNTS): string[] {
  const sources = populations();
  return Array.from({ length: count }, (_, i) => {
    const source = sources[i % sources.length]!;
    return JSON.stringify(
      KINDS[source.kind].build({
        seed: i,
        externalAccountNumber: `BENCH-DISTINCT-${i}`,
        ...(source.population ? { population: source.population } : {}),
      } as never),
    );
  });
}

/** How many imported accounts the distinct transactions are spread over, round-robin. */
export const TRANSACTION_ACCOUNTS = Number(process.env.BENCH_TRANSACTION_ACCOUNTS ?? 200);

/**
 * The imported accounts the distinct transactions go to: copies of the large account under
 * `BENCH-TXN-k`, each holding references of its own (see {@link accountAs}).
 */
export function transactionAccounts(count = TRANSACTION_ACCOUNTS): Json[] {
  return Array.from({ length: count }, (_, k) =>
    accountAs(largeAccount, `BENCH-TXN-${k}`, 1000 + k),
  );
}

/**
 * `count` different transactions/create requests (seed i) as JSON texts, request i for account
 * `i mod accounts.length`: as a migration sends them, one account's batches among many others',
 * so that each account receives a bounded number of batches (count / accounts) and a request
 * costs what a migration's does, not what an account grown without bound would.
 */
export function distinctTransactions(
  count = DISTINCT_ACCOUNTS,
  accounts: readonly Json[] = transactionAccounts(),
): string[] {
  return Array.from({ length: count }, (_, seed) =>
    JSON.stringify(
      transactionsRequest({ seed, account: accounts[seed % accounts.length] as never }),
    ),
  );
}
