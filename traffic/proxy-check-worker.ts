/**
 * The proxy's checker, on a worker thread of its own (decision 029, "The proxy"): the thread
 * that forwards bytes never waits for a schema check, so the proxy's added latency is the
 * forwarding alone. It is the same `TrafficChecker` as `check`, fed the exchanges in the order
 * the proxy posts them; it answers `result` requests in that same order, so a result counts
 * every exchange posted before it. Exchanges come in batches, their bodies as bytes the proxy
 * gave away (proxy-wire.ts); decoding them is this thread's work.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { dataImport } from '../spec/index.ts';
import { type CheckerChanges, type CheckerOptions, TrafficChecker } from './checker.ts';
import { exchangeOf, type WireExchange } from './proxy-wire.ts';

/** What the proxy posts to the worker: exchanges in the order their answers ended, or a question. */
export type CheckerMessage =
  | { kind: 'check'; batch: WireExchange[]; bytes: number }
  | { kind: 'result'; id: number };

/**
 * What the worker posts back: what changed since its previous answer to a result question
 * (`changes` absent when no exchange was checked since), or how many body bytes it has checked
 * so far. The proxy keeps the groups it was given (proxy.ts), so a poll of the live view copies
 * across the threads only the groups that changed, not up to `--max-groups` every second.
 */
export type CheckerReply =
  | { kind: 'result'; id: number; changes?: CheckerChanges }
  | { kind: 'checked'; bytes: number };

/**
 * Acknowledge checked bytes once this many exchanges or bytes are unacknowledged, so the proxy
 * can bound what waits. The byte bound matters: with the count alone, a few large bodies past
 * the proxy's limit would be checked and never acknowledged, and new requests would wait for
 * ever; with it, an idle worker has acknowledged all but less than 16 MiB of what it was sent.
 */
const ACK_EVERY = 64;
const ACK_BYTES = 16 * 1024 * 1024;

if (parentPort) {
  const port = parentPort;
  const checker = new TrafficChecker(dataImport, workerData as CheckerOptions);
  // Before the first message is read: exchanges posted meanwhile wait in the port's queue, and
  // none of them pays for the compiling.
  checker.compileAnswerValidators();
  let unacknowledged = 0;
  let bytes = 0;
  let acknowledged = 0;
  port.on('message', (message: CheckerMessage) => {
    if (message.kind === 'check') {
      for (const wire of message.batch) checker.check(exchangeOf(wire));
      bytes += message.bytes;
      unacknowledged += message.batch.length;
      if (unacknowledged >= ACK_EVERY || bytes - acknowledged >= ACK_BYTES) {
        unacknowledged = 0;
        acknowledged = bytes;
        port.postMessage({ kind: 'checked', bytes } satisfies CheckerReply);
      }
      return;
    }
    unacknowledged = 0;
    acknowledged = bytes;
    port.postMessage({ kind: 'checked', bytes } satisfies CheckerReply);
    const changes = checker.changes();
    port.postMessage({
      kind: 'result',
      id: message.id,
      ...(changes ? { changes } : {}),
    } satisfies CheckerReply);
  });
}
