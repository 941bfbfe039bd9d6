/**
 * What the two proofs of the suite's strength share (variants/: legitimate variants it must
 * pass; mutation/: wrong ones it must kill): matching a request, reading a JSON body leniently,
 * rewriting the transaction results of an answer, and starting a mock to run the suite against.
 * Harness code only; loopback only.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { type Dialect, parseDialect, platformAnswer } from '../mocks/dialect.ts';
import type { PlainResponse } from '../mocks/error-bodies.ts';
import { dataImport } from '../spec/index.ts';
import type { Handle } from './proxy.ts';

/** A JSON object as the harnesses read and rewrite it. */
export type Json = Record<string, unknown>;

/** Whether a request is the given method on a path containing `fragment` (an operation's path). */
export function requestIs(
  request: { method: string; path: string },
  method: string,
  fragment: string,
): boolean {
  return request.method === method && request.path.includes(fragment);
}

/** A body's JSON value, or undefined when the text is not JSON (a harness rewrites only JSON). */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The results of a transactions answer (TXN-3: each has status and transaction_data) with each
 * transaction_data changed by `change`.
 */
export function mapTransactionData<R extends { transaction_data?: Json }>(
  results: R[],
  change: (data: R['transaction_data']) => Json,
): R[] {
  return results.map((r) => ({ ...r, transaction_data: change(r.transaction_data) }));
}

/** How long a mock may take to answer its health check before the harness gives up. */
const START_TIMEOUT_MS = 30_000;

/**
 * Starts `node <args>` (a mock listening on 127.0.0.1:`port`) and resolves once its control
 * API's health check answers OK; a mock that does not within 30 s is stopped and `name did not
 * start` is thrown.
 */
export async function startMockProcess(
  args: string[],
  port: number,
  name: string,
): Promise<ChildProcess> {
  const child = spawn('node', args, { stdio: 'ignore' });
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/__mock/health`);
      if (response.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error(`${name} did not start`);
}

/**
 * The dialect a harness run serves and checks (decision 026), and the ids left on its command
 * line: `--dialect <name>` first, else CONTRACT_DIALECT, else the reference's. A name that is not
 * a dialect throws.
 */
export function dialectArguments(
  argv: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): { dialect: Dialect; ids: string[] } {
  const ids: string[] = [];
  let named: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--dialect') named = argv[++i] ?? '';
    else if (arg.startsWith('--dialect=')) named = arg.slice('--dialect='.length);
    else ids.push(arg);
  }
  const value = named ?? env.CONTRACT_DIALECT;
  return { dialect: value ? parseDialect(value.toLowerCase()) : 'reference', ids };
}

/** The interface operation a request routes to; undefined for the control API or no route. */
function interfaceOperation(method: string, path: string): string | undefined {
  if (path.startsWith('/__mock/')) return undefined;
  const route = dataImport.route(method, path);
  return route.kind === 'found' ? route.operation.operationId : undefined;
}

/**
 * An interface answer in the dialect: the platform dialect maps it with the mock's own
 * {@link platformAnswer}. A mutant changes the reference's answer and the mapping comes after it,
 * as a platform service with the same fault would answer, so a mutant reads the reference's names
 * whatever the dialect; a variant comes after the mapping instead ({@link proxyInDialect}).
 */
export function answerInDialect(
  dialect: Dialect,
  request: { method: string; path: string; bodyText: string },
  response: PlainResponse,
): PlainResponse {
  if (dialect === 'reference') return response;
  const operationId = interfaceOperation(request.method, request.path);
  return operationId ? platformAnswer(operationId, request.bodyText, response) : response;
}

/**
 * A proxy's handling with the mock's JSON answers mapped into the dialect before the variant sees
 * them (see {@link answerInDialect}): the variant's change lands on the dialect's answer, so a
 * variant that renames the reference's error codes cannot steer which platform body is chosen
 * (the platform's shape is picked by the code the mock gave).
 */
export function proxyInDialect(dialect: Dialect, handle: Handle): Handle {
  if (dialect === 'reference') return handle;
  return (request, forward) =>
    handle(request, async (sent) => {
      const response = await forward(sent);
      const body = /json/i.test(response.headers['content-type'] ?? '')
        ? parseJson(response.body)
        : undefined;
      if (body === undefined) return response;
      const mapped = answerInDialect(
        dialect,
        { method: sent.method, path: sent.path, bodyText: sent.body },
        { status: response.status, body },
      );
      return mapped.body === body ? response : { ...response, body: JSON.stringify(mapped.body) };
    });
}
