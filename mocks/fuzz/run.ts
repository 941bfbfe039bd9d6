/**
 * The fuzz run: a real server on loopback (the standalone node:http adapter over a fresh mock),
 * hostile requests from {@link nextRequest} one at a time, and after each the checks the kit
 * promises for bad input (ERR-1, ERR-6, GEN-2): no 5xx, no crash, the process's
 * `Object.prototype` untouched, and no change of state from a refused request (the exported state
 * compared before and after it). Every few hundred requests the mock is reset and an imported
 * account staged again, so that requests reach the operations behind the account checks.
 * Test tooling: nothing of the mock imports it.
 */
import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openapiDocument } from '../../spec/index.ts';
import { createMockServer } from '../adapters/node-server.ts';
import { createDataImportMock } from '../create-mock.ts';
import { stateDocument } from '../domain/state-document.ts';
import { nodeEnv } from '../node-env.ts';
import type { Redactor } from '../redaction.ts';
import { type FuzzRequest, type FuzzWorld, fuzzTargets, nextRequest, Random } from './requests.ts';

/** Options of {@link runFuzz}. */
export interface FuzzOptions {
  requests: number;
  seed: number;
  /** Requests between two resets of the mock (default 500). */
  resetEvery?: number;
  /** Called every `every` requests with the count so far. */
  onProgress?: (done: number) => void;
}

/** One broken promise, with what it takes to send the request again. */
export interface FuzzFailure {
  index: number;
  problem: string;
  status: number;
  request: FuzzRequest;
  response: string;
}

/** What a run found. */
export interface FuzzReport {
  seed: number;
  requests: number;
  /** Requests of the run's own set-up (resets, tokens, the account the operations act on). */
  setupRequests: number;
  byStatus: Record<string, number>;
  /** Refused requests (4xx) whose state was compared before and after. */
  refusedChecked: number;
  /** Operations of both documents the run aimed at. */
  operations: number;
  failures: FuzzFailure[];
  durationMs: number;
}

export interface Answer {
  status: number;
  text: string;
  contentType: string;
}

/** Sends one request as it is: the path is written to the request line unchanged. */
function send(port: number, agent: Agent, request: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: request.method,
        path: request.path,
        headers: {
          ...request.headers,
          ...(request.body !== undefined
            ? { 'content-length': Buffer.byteLength(request.body) }
            : {}),
        },
        agent,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            contentType: String(res.headers['content-type'] ?? ''),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(request.body);
  });
}

/** The account the operations act on: the interface's own domestic example. */
function exampleAccount(): Record<string, unknown> {
  const examples = (openapiDocument.components as { examples: Record<string, { value: unknown }> })
    .examples;
  return structuredClone(examples.DomesticAccount!.value) as Record<string, unknown>;
}

function mpxnsOf(account: Record<string, unknown>): string[] {
  const found = new Set<string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if ((k === 'mpan_core' || k === 'mprn' || k === 'mpan') && typeof v === 'string') {
          found.add(v);
        }
        walk(v);
      }
    }
  };
  walk(account);
  return [...found];
}

/** Supplier codes that are properties of every plain object; the first is created at each reset. */
const PROTOTYPE_SUPPLIERS = ['__proto__', 'constructor', 'toString'];

/** A detail whose `{name}` placeholder was left unfilled (a lookup that found nothing). */
const UNFILLED_TEMPLATE = /"detail":"[^"]*\{[a-z_]+\}/;

/** Whether an answer is the simulated payment vendor's (PAY-4, PAY-5): its memory may change. */
function vendorAnswer(request: FuzzRequest, answer: Answer): boolean {
  return (
    request.operationId === 'createPaymentInstruction' &&
    (answer.status === 400 || answer.status === 500) &&
    answer.text.includes('"error_detail"')
  );
}

/**
 * A failing exchange as the report keeps it: the report is written to a file and printed by the
 * test, so its request and answer go through the journal's redactor first and keep no token or
 * API key of the run.
 */
export function redactedExchange(
  redactor: Redactor,
  request: FuzzRequest,
  answer: Answer,
): Pick<FuzzFailure, 'status' | 'request' | 'response'> {
  const graphql = request.path.startsWith('/v1/graphql');
  const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
  return {
    status: answer.status,
    request: {
      ...request,
      headers: redactor.headers(request.headers),
      body: asText(redactor.requestBody(request.body, graphql))?.slice(0, 2000),
    },
    response: (asText(redactor.responseText(answer.text, graphql)) ?? '').slice(0, 1000),
  };
}

/** Runs the fuzzer against a fresh mock on loopback and reports what broke. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const random = new Random(options.seed);
  const resetEvery = options.resetEvery ?? 500;
  const mock = createDataImportMock({ env: nodeEnv() });
  const server = createMockServer(mock.service);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const crashes: string[] = [];
  const onCrash = (error: unknown) => crashes.push(String((error as Error)?.stack ?? error));
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
  const pristine = Object.getOwnPropertyNames(Object.prototype).sort().join(',');
  const targets = fuzzTargets();
  const account = exampleAccount();
  const world: FuzzWorld = {
    token: undefined,
    // Codes that are properties of every plain object, as ordinary suppliers of the mock.
    suppliers: ['DEMO_ENERGY', 'DEMO_PAUSED', 'DEMO_COMPLETE', 'UNKNOWN', ...PROTOTYPE_SUPPLIERS],
    accounts: [String(account.external_account_number), 'EXTERNAL-1234', 'NONE'],
    mpxns: [...mpxnsOf(account), '1200060176720'],
  };
  const report: FuzzReport = {
    seed: options.seed,
    requests: 0,
    setupRequests: 0,
    byStatus: {},
    refusedChecked: 0,
    operations: targets.length,
    failures: [],
    durationMs: 0,
  };
  const setup = async (method: string, path: string, body?: unknown) => {
    report.setupRequests += 1;
    return send(port, agent, {
      method,
      path,
      headers: {
        'content-type': 'application/json',
        ...(world.token ? { authorization: `Token ${world.token}` } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      operationId: 'setup',
      hostility: 'none',
    });
  };
  const login = async () => {
    world.token = undefined;
    const answer = await setup('POST', '/v1/graphql/', {
      query:
        'mutation T($input: ObtainJSONWebTokenInput!) { obtainKrakenToken(input: $input) { token } }',
      variables: { input: { APIKey: 'demo-api-key' } },
    });
    world.token = JSON.parse(answer.text)?.data?.obtainKrakenToken?.token;
  };
  const prepare = async () => {
    await setup('POST', '/__mock/reset');
    await login();
    // The example account imported under its own supplier and under one named like a property
    // of every object, so that requests reach the operations behind the account checks.
    for (const supplier of [String(account.import_supplier), PROTOTYPE_SUPPLIERS[0]!]) {
      await setup('PUT', `/__mock/suppliers/${supplier}`, { status: 'Ongoing' });
      const steps = [
        await setup('POST', '/v1/data-import/account-import-process/create-or-update/', {
          ...account,
          import_supplier: supplier,
          // References are unique across imported accounts (platform).
          references: [],
        }),
        await setup('POST', '/v1/data-import/account-import-process/process/', {
          import_supplier_code: supplier,
          external_account_number: account.external_account_number,
          operations_team_name: 'MIGRATIONS',
        }),
      ];
      const refused = steps.find((step) => step.status !== 201);
      if (refused) {
        report.failures.push({
          index: report.requests,
          problem: `the set-up could not import the example account under ${supplier}`,
          status: refused.status,
          request: {
            method: 'POST',
            path: '(set-up)',
            headers: {},
            operationId: 'setup',
            hostility: 'none',
          },
          response: refused.text.slice(0, 1000),
        });
      }
    }
  };
  // The fingerprint of the state a refused request must leave as it was. Tokens are left out:
  // an expired token is forgotten whenever it is presented, which is housekeeping, not the
  // request's doing.
  const fingerprint = () => {
    const { tokens: _tokens, ...rest } = stateDocument(mock.service.state);
    return JSON.stringify(rest);
  };
  const redactor = mock.service.journal.redactor;
  try {
    for (let i = 0; i < options.requests; i++) {
      if (i % resetEvery === 0) await prepare();
      else if (i % 100 === 0) await login();
      const request = nextRequest(targets, world, random, i);
      const before = fingerprint();
      let answer: Answer;
      try {
        answer = await send(port, agent, request);
      } catch (error) {
        answer = { status: 0, text: String(error), contentType: '' };
      }
      report.requests += 1;
      report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
      // A fault plan the hostile request happened to set (a valid rule, a named profile) makes
      // the interface answer 5xx and cut connections on purpose (decision 024): cleared at once,
      // so that a 5xx later still means a fault of the mock.
      if (request.path.startsWith('/__mock/faults') && answer.status < 300) {
        await setup('DELETE', '/__mock/faults');
      }
      const fail = (problem: string) =>
        report.failures.push({ index: i, problem, ...redactedExchange(redactor, request, answer) });
      const vendor = vendorAnswer(request, answer);
      if (answer.status === 0) fail('no answer (connection failed)');
      else if (answer.status >= 500 && !vendor) fail(`server error ${answer.status}`);
      if (UNFILLED_TEMPLATE.test(answer.text)) fail('an answer holds an unfilled template');
      if (answer.status >= 400 && !vendor) {
        report.refusedChecked += 1;
        if (fingerprint() !== before) fail('a refused request changed the state');
      }
      if (Object.getOwnPropertyNames(Object.prototype).sort().join(',') !== pristine) {
        fail('Object.prototype changed');
      }
      if (crashes.length > 0) fail(`the process failed: ${crashes.splice(0).join('\n')}`);
      // A fault plan the fuzzer got accepted does what the operator asks of it (decision 024):
      // later requests would meet injected 5xx answers and cut connections. Clear it, so that
      // every request after it is judged on the mock's own answers.
      if (request.path.startsWith('/__mock/faults') && answer.status < 400) {
        await setup('DELETE', '/__mock/faults');
      }
      // An override it got accepted answers instead of the mock (decision 025): cleared alike.
      if (request.path.startsWith('/__mock/overrides') && answer.status < 400) {
        await setup('DELETE', '/__mock/overrides');
      }
      if (report.failures.length >= 50) break;
      if (options.onProgress && (i + 1) % 1000 === 0) options.onProgress(i + 1);
    }
    const health = await setup('GET', '/__mock/health');
    if (health.status !== 200) {
      report.failures.push({
        index: report.requests,
        problem: `the mock no longer answers its health check (${health.status})`,
        status: health.status,
        request: {
          method: 'GET',
          path: '/__mock/health',
          headers: {},
          operationId: 'getHealth',
          hostility: 'none',
        },
        response: health.text.slice(0, 1000),
      });
    }
  } finally {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections?.();
  }
  report.durationMs = Math.round(performance.now() - started);
  return report;
}
