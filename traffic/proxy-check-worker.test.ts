import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, test } from 'vitest';
import type { CheckerMessage, CheckerReply } from './proxy-check-worker.ts';
import { ownedBytes, type WireExchange } from './proxy-wire.ts';

/** The checker's worker from the sources, as the proxy starts it (tsx's loader registered first). */
function checkerWorker(): Worker {
  const worker = new URL('./proxy-check-worker.ts', import.meta.url).href;
  const api = createRequire(import.meta.url)
    .resolve('tsx/esm/api')
    .replace(/\.cjs$/, '.mjs');
  const tsx = pathToFileURL(api).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(worker)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: {} });
}

const running: Worker[] = [];
afterEach(async () => {
  for (const worker of running.splice(0)) await worker.terminate();
});

function exchange(): WireExchange {
  const body = Buffer.from('{}');
  return {
    time: 0,
    method: 'GET',
    url: '/nowhere',
    requestHeaders: [],
    requestBody: ownedBytes([], 0),
    status: 404,
    responseHeaders: ['content-type', 'application/json'],
    responseBody: ownedBytes([body], body.length),
    cap: 1024,
  };
}

/** Every reply of the worker until its answer to a result question. */
async function repliesUntilResult(worker: Worker, messages: CheckerMessage[]) {
  const replies: CheckerReply[] = [];
  const done = new Promise<void>((resolve, reject) => {
    worker.on('error', reject);
    worker.on('message', (reply: CheckerReply) => {
      replies.push(reply);
      if (reply.kind === 'result') resolve();
    });
  });
  for (const message of messages) worker.postMessage(message);
  worker.postMessage({ kind: 'result', id: 7 } satisfies CheckerMessage);
  await done;
  return replies;
}

describe("the proxy's checker thread", () => {
  test('acknowledges a few large bodies without waiting for 64 exchanges, so a full proxy is released', async () => {
    const worker = checkerWorker();
    running.push(worker);
    // Two exchanges standing for 2 x 17 MiB of bodies: past the byte bound, under the count one.
    const bytes = 17 * 1024 * 1024;
    const replies = await repliesUntilResult(worker, [
      { kind: 'check', batch: [exchange()], bytes },
      { kind: 'check', batch: [exchange()], bytes },
    ]);
    // One acknowledgement per batch by bytes, then the one that precedes the result.
    expect(replies.map((r) => r.kind)).toEqual(['checked', 'checked', 'checked', 'result']);
    expect(replies[0]).toEqual({ kind: 'checked', bytes });
    expect(replies[1]).toEqual({ kind: 'checked', bytes: 2 * bytes });
    const result = replies.at(-1);
    expect(result?.kind === 'result' && result.id).toBe(7);
    expect(result?.kind === 'result' && result.changes?.exchanges).toBe(2);
  });

  test('checks every exchange of a batch, in order, and acknowledges small ones by count', async () => {
    const worker = checkerWorker();
    running.push(worker);
    const batch = Array.from({ length: 70 }, exchange);
    const replies = await repliesUntilResult(worker, [{ kind: 'check', batch, bytes: 70 }]);
    expect(replies.map((r) => r.kind)).toEqual(['checked', 'checked', 'result']);
    const result = replies.at(-1);
    expect(result?.kind === 'result' && result.changes?.exchanges).toBe(70);
    expect(
      result?.kind === 'result' && result.changes?.groups.map((g) => [g.rule, g.count]),
    ).toEqual([['kit:unknown-operation', 70]]);
  });

  test('answers a result question with only what changed since the previous one', async () => {
    const worker = checkerWorker();
    running.push(worker);
    const other = (): WireExchange => ({ ...exchange(), url: '/elsewhere' });
    const results = async (messages: CheckerMessage[]) =>
      (await repliesUntilResult(worker, messages)).flatMap((r) => (r.kind === 'result' ? [r] : []));
    const [first] = await results([{ kind: 'check', batch: [exchange(), other()], bytes: 4 }]);
    expect(first?.changes?.groups.map((g) => [g.operation, g.count])).toEqual([
      ['GET /nowhere', 1],
      ['GET /elsewhere', 1],
    ]);
    // Nothing checked since: nothing crosses the threads but the answer itself.
    const [idle] = await results([]);
    expect(idle).toEqual({ kind: 'result', id: 7 });
    // One exchange more: its group alone, with the counts.
    const [next] = await results([{ kind: 'check', batch: [other()], bytes: 2 }]);
    expect(next?.changes?.exchanges).toBe(3);
    expect(next?.changes?.groups.map((g) => [g.operation, g.count])).toEqual([
      ['GET /elsewhere', 2],
    ]);
  });
});
