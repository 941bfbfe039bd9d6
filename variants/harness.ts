/**
 * What the two proofs of the suite's strength share (variants/: legitimate variants it must
 * pass; mutation/: wrong ones it must kill): matching a request, reading a JSON body leniently,
 * rewriting the transaction results of an answer, and starting a mock to run the suite against.
 * Harness code only; loopback only.
 */
import { type ChildProcess, spawn } from 'node:child_process';

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
