/**
 * The suite's fixtures (Playwright `test.extend`): an `api` client that checks every response
 * against the spec, unique account numbers per test, staging helpers, the operator's `control`
 * client (mock mode only) and `kit.assume` for checks that rest on a kit assumption. Tests import
 * `test` and `expect` from here, never from `@playwright/test`.
 *
 * @example
 * import { expect, test } from './fixtures.ts';
 *
 * test('[STG-2] the first staging of an account returns 201', async ({ api, lifecycle }) => {
 *   const account = lifecycle.domesticAccount();
 *   expect((await api.stage(account)).status).toBe(201);
 * });
 */
import { createHash, randomBytes } from 'node:crypto';
import { test as base, expect, request as playwrightRequest } from '@playwright/test';
import { DataImportClient, safeFetch } from './support/api-client.ts';
import { ControlClient } from './support/control-client.ts';
import type { Dialect } from './support/dialect.ts';
import {
  issuedPayload,
  issuedToken,
  obtainTokenRequest,
  serviceError,
} from './support/obtain-token.ts';
import {
  businessAccount,
  domesticAccount,
  energyMeterPoints,
  type PayloadContext,
  processRequest,
  seedFor,
} from './support/payloads.ts';
import { redactText, registerSecret } from './support/redact.ts';
import {
  type ContractMode,
  type ContractSettings,
  readSettings,
  requireCredentials,
} from './support/settings.ts';
import { SOFT_ANNOTATIONS, type SoftSource } from './support/sources.ts';
import { targetTime, utcDate } from './support/target-clock.ts';

export { expect };

/** Where a project's requests go (set per project in playwright.config.ts). */
export interface Target {
  /** The interface's base address. */
  baseURL: string;
  /** Where the kit's control API answers (the mock itself, also when the interface goes through prism). */
  controlURL: string;
}

/** The settings a worker runs with, once the global setup has resolved the mode. */
export interface ResolvedSettings extends ContractSettings {
  mode: ContractMode;
  /** Prefix of everything this run creates (external account numbers, supplier codes). */
  runId: string;
}

/** Unique external account numbers for one test. */
export interface AccountNumbers {
  /** A new external account number, unique in the run: `CT-<run>-<test>-<n>`. */
  next(): string;
}

/** Valid payloads from the fixtures, each with a fresh external account number. */
export interface Payloads {
  /** The seed and day of this test's payloads (the seed is also a `seed` annotation). */
  context: PayloadContext;
  /** A valid domestic account (under IMPORT_SUPPLIER unless a supplier is given). */
  domesticAccount(supplier?: string): Record<string, unknown>;
  /** A valid business account; `certificates: true` adds REGO and ROC certificate accounts. */
  businessAccount(
    supplier?: string,
    shape?: {
      certificates?: boolean;
      fuel?: 'electricity' | 'gas' | 'dual';
      supplyAddresses?: number;
    },
  ): Record<string, unknown>;
}

/** Staging and processing helpers; using them skips the test in safe mode. */
export interface Lifecycle extends Payloads {
  /** The supplier the test stages under (IMPORT_SUPPLIER; in mock mode the demo supplier). */
  supplier: string;
  /** The operations team process links accounts to (OPERATIONS_TEAM). */
  team: string;
  /** Stages an account and expects 201. */
  stage(account: Record<string, unknown>): Promise<void>;
  /** Stages and processes an account; returns its service account number. */
  import(account: Record<string, unknown>): Promise<string>;
  /** The energy meter point identifiers of an account payload. */
  meterPoints(account: Record<string, unknown>): string[];
}

/**
 * Checks that rest on a source other than the reference: hard against the kit's mock, soft (an
 * annotation of their source, never a failure) against any other target.
 */
export interface KitChecks {
  /**
   * A check resting on a kit assumption (`x-kit-assumption`: both the reference and the platform
   * document are silent). A failure becomes a `kit-assumption` annotation outside mock mode.
   */
  assume(assumption: string, check: () => unknown | Promise<unknown>): Promise<void>;
  /**
   * A check resting on the real platform's published document (the reference is silent; the
   * platform decides). A failure becomes a `platform-fact` annotation outside mock mode.
   */
  platform(fact: string, check: () => unknown | Promise<unknown>): Promise<void>;
}

/** The options a project of playwright.config.ts may set. */
export interface ContractOptions {
  target: Target;
  tokenScope: 'worker' | 'test';
  /** Whose answers the target gives (decision 026); CONTRACT_DIALECT by default. */
  dialect: Dialect;
}

/** What a worker shares across its tests; exported so the V2 project's `test` can be declared. */
export interface WorkerFixtures {
  /** The project's target (an option; defaults to the environment's). */
  target: Target;
  /** `worker` (default) obtains one token per worker; `test` one per test (isolated project). */
  tokenScope: 'worker' | 'test';
  /** Whose answers the target gives (an option; CONTRACT_DIALECT by default; decision 026). */
  dialect: Dialect;
  /** The resolved settings of the run. */
  settings: ResolvedSettings;
  /** Obtains a token with the run's credential (ObtainToken with API_KEY, or ACCESS_TOKEN). */
  obtainToken: () => Promise<string>;
  /** The worker's token, obtained once. */
  workerToken: string | undefined;
}

/** What each test gets; exported so the V2 project's `test` can be declared. */
export interface TestFixtures {
  /** The mode of the run: safe, full or mock. */
  mode: ContractMode;
  /** The interface's client; every response is checked against the spec. */
  api: DataImportClient;
  /** Unique external account numbers for this test. */
  accounts: AccountNumbers;
  /** Valid payloads from the fixtures (validate-account is safe in every mode). */
  payloads: Payloads;
  /** Staging helpers; the test is skipped in safe mode (it changes the target's data). */
  lifecycle: Lifecycle;
  /** The operator's control API; the test is skipped outside mock mode. */
  control: ControlClient;
  /** Hard in mock mode, soft (annotated) elsewhere: checks resting on a kit assumption. */
  kit: KitChecks;
  /** The test's own short id (run id + test hash), for names it creates. */
  testKey: string;
  /** Attaches the test's exchanges, redacted, when it fails (automatic). */
  exchangeLog: undefined;
}

function resolveRunId(): string {
  process.env.CONTRACT_RUN_ID ??=
    Date.now().toString(36).slice(-5) + randomBytes(2).toString('hex').slice(0, 3);
  return process.env.CONTRACT_RUN_ID;
}

function defaultTarget(): Target {
  const s = readSettings();
  return { baseURL: s.baseURL, controlURL: s.controlURL };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // The environment's target; playwright.config.ts sets it per project.
  target: [defaultTarget(), { scope: 'worker', option: true }],
  tokenScope: ['worker', { scope: 'worker', option: true }],
  dialect: [readSettings().dialect, { scope: 'worker', option: true }],

  settings: [
    async ({ target, dialect }, use) => {
      const read = readSettings();
      // The global setup resolves the mode (CONTRACT_MODE, or detected) before any worker starts.
      const mode = read.mode ?? 'mock';
      await use({ ...read, ...target, dialect, mode, runId: resolveRunId() });
    },
    { scope: 'worker' },
  ],

  obtainToken: [
    async ({ settings }, use) => {
      const credentials = requireCredentials(settings, settings.mode);
      registerSecret(credentials.apiKey, settings.runId);
      registerSecret(credentials.accessToken, settings.runId);
      await use(async () => {
        if (credentials.accessToken) return credentials.accessToken;
        const context = await playwrightRequest.newContext({ baseURL: settings.baseURL });
        try {
          const names = settings.tokenFields;
          const response = await safeFetch(context, '/v1/graphql/', {
            method: 'POST',
            data: obtainTokenRequest(names, { [names.keyField]: credentials.apiKey as string }),
            failOnStatusCode: false,
          });
          const text = await response.text();
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          const token = issuedToken(names, body);
          const refresh = issuedPayload(names, body)?.[names.refreshField];
          if (!token) {
            throw new Error(
              redactText(
                `ObtainToken with API_KEY gave no token at ${settings.baseURL}/v1/graphql/ (HTTP ${response.status()}); the service said "${serviceError(body, text)}". Check API_KEY and the OBTAIN_TOKEN_* field names, or set ACCESS_TOKEN.`,
              ),
            );
          }
          const issued = { token, refreshToken: typeof refresh === 'string' ? refresh : undefined };
          registerSecret(issued.token, settings.runId);
          registerSecret(issued.refreshToken, settings.runId);
          return issued.token;
        } finally {
          await context.dispose();
        }
      });
    },
    { scope: 'worker' },
  ],

  workerToken: [
    async ({ obtainToken, tokenScope }, use) => {
      await use(tokenScope === 'worker' ? await obtainToken() : undefined);
    },
    { scope: 'worker' },
  ],

  mode: async ({ settings }, use) => {
    await use(settings.mode);
  },

  testKey: async ({ settings }, use, testInfo) => {
    const hash = createHash('sha256')
      .update(`${testInfo.testId}:${testInfo.retry}:${testInfo.repeatEachIndex}`)
      .digest('hex')
      .slice(0, 6);
    await use(`${settings.runId}${hash}`);
  },

  accounts: async ({ testKey }, use) => {
    let n = 0;
    await use({
      next: () => {
        n += 1;
        return `CT-${testKey}-${n}`;
      },
    });
  },

  api: async ({ request, settings, workerToken, obtainToken }, use, testInfo) => {
    let testToken: string | undefined;
    const client = new DataImportClient({
      request,
      mode: settings.mode,
      testInfo,
      runId: settings.runId,
      tokenFields: settings.tokenFields,
      dialect: settings.dialect,
      token: async () => {
        if (workerToken) return workerToken;
        testToken ??= await obtainToken();
        return testToken;
      },
    });
    await use(client);
  },

  exchangeLog: [
    async ({ api }, use, testInfo) => {
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus && api.log.length) {
        // Bodies and headers are redacted when logged (see DataImportClient.call).
        await testInfo.attach('exchanges.json', {
          body: JSON.stringify(api.log, null, 2),
          contentType: 'application/json',
        });
      }
    },
    { auto: true },
  ],

  payloads: async ({ settings, accounts, request }, use, testInfo) => {
    // Dated by the target's clock, not the runner's (support/target-clock.ts).
    const time = await targetTime(request, settings.controlURL);
    const context: PayloadContext = {
      seed: seedFor(testInfo.titlePath.slice(1).join(' › ')),
      today: utcDate(time.now),
    };
    testInfo.annotations.push({ type: 'seed', description: String(context.seed) });
    testInfo.annotations.push({ type: 'today', description: `${context.today} (${time.source})` });
    await use({
      context,
      domesticAccount: (supplier = settings.importSupplier) =>
        domesticAccount(supplier, accounts.next(), context),
      businessAccount: (supplier = settings.importSupplier, shape = {}) =>
        businessAccount(supplier, accounts.next(), context, shape),
    });
  },

  lifecycle: async ({ api, settings, payloads }, use, testInfo) => {
    testInfo.skip(
      settings.mode === 'safe',
      'Changes the target’s data; safe mode runs validate-account and the GET operations only.',
    );
    const lifecycle: Lifecycle = {
      ...payloads,
      supplier: settings.importSupplier,
      team: settings.operationsTeam,
      stage: async (account) => {
        const staged = await api.stage(account);
        expect(staged.status, 'staging the account (STG-2)').toBe(201);
      },
      import: async (account) => {
        await lifecycle.stage(account);
        const processed = await api.process(
          processRequest(
            account.import_supplier as string,
            account.external_account_number as string,
            settings.operationsTeam,
          ),
        );
        expect(processed.status, 'processing the account (PRC-4)').toBe(201);
        return processed.body.service_account_number as string;
      },
      meterPoints: (account) => energyMeterPoints(account),
    };
    await use(lifecycle);
  },

  control: async ({ request, settings, testKey }, use, testInfo) => {
    testInfo.skip(
      settings.mode !== 'mock',
      'Needs the operator’s powers (the kit mock’s control API); runs in mock mode only.',
    );
    await use(new ControlClient(request, settings.controlURL, testKey));
  },

  kit: async ({ settings }, use, testInfo) => {
    const soft =
      (source: SoftSource) =>
      async (reason: string, check: () => unknown | Promise<unknown>): Promise<void> => {
        if (settings.mode === 'mock') {
          await check();
          return;
        }
        try {
          await check();
        } catch (error) {
          const message = (error instanceof Error ? error.message : String(error)).replace(
            // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colours
            /\u001b\[[0-9;]*m/g,
            '',
          );
          testInfo.annotations.push({
            type: SOFT_ANNOTATIONS[source],
            description: redactText(`${reason}: ${message.split('\n').slice(0, 6).join(' ')}`),
          });
        }
      };
    await use({ assume: soft('kit'), platform: soft('platform') });
  },
});
