/**
 * The proxy's checker, on a worker thread of its own (decision 029, "The proxy"): the thread
 * that forwards bytes never waits for a schema check, so the proxy's added latency is the
 * forwarding alone. It is the same `TrafficChecker` as `check`, fed the exchanges in the order
 * the proxy posts them; it answers `result` requests in that same order, so a result counts
 * every exchange posted before it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { dataImport } from '../spec/index.ts';
import { type CheckerOptions, TrafficChecker } from './checker.ts';
import type { Exchange } from './exchange.ts';

/** What the proxy posts to the worker. */
export type CheckerMessage =
  | { kind: 'check'; exchange: Exchange; bytes: number }
  | { kind: 'result'; id: number };

/** What the worker posts back: a result, or how many body bytes it has checked so far. */
export type CheckerReply =
  | { kind: 'result'; id: number; result: ReturnType<TrafficChecker['result']> }
  | { kind: 'checked'; bytes: number };

/** Acknowledge checked bytes at most this often, so the proxy can bound what waits. */
const ACK_EVERY = 64;

if (parentPort) {
  const port = parentPort;
  const checker = new TrafficChecker(dataImport, workerData as CheckerOptions);
  let checked = 0;
  let bytes = 0;
  port.on('message', (message: CheckerMessage) => {
    if (message.kind === 'check') {
      checker.check(message.exchange);
      bytes += message.bytes;
      checked += 1;
      if (checked % ACK_EVERY === 0) port.postMessage({ kind: 'checked', bytes });
      return;
    }
    port.postMessage({ kind: 'checked', bytes });
    port.postMessage({ kind: 'result', id: message.id, result: checker.result() });
  });
}
