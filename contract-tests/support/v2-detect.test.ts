import { describe, expect, test } from 'vitest';
import { SettingsError } from './settings.ts';
import { decideV2, parseV2Setting, probeV2, resolvedV2, type V2ProbeInput } from './v2-detect.ts';
import { pollUntilFinal, windowAt } from './v2-payloads.ts';

/** A stub target: `answer(method, path)` gives the status and body of each probe request. */
function target(answer: (method: string, path: string) => [number, string]): V2ProbeInput {
  return {
    baseURL: 'http://target.invalid',
    token: 't',
    importSupplier: 'DEMO_ENERGY',
    timeoutMs: 1000,
    fetch: async (url, init) => {
      const [status, body] = answer(init.method ?? 'GET', new URL(url).pathname);
      return new Response(body, { status });
    },
  };
}

const notFound = JSON.stringify({ code: 'not_found', detail: 'Not found.' });

describe('CONTRACT_V2 and the preflight’s V2 probe (decision 028)', () => {
  test('CONTRACT_V2 takes on, off or auto (default), anything else is a setting error', () => {
    expect(parseV2Setting(undefined)).toBe('auto');
    expect(parseV2Setting('ON')).toBe('on');
    expect(parseV2Setting('off')).toBe('off');
    expect(() => parseV2Setting('yes')).toThrow(SettingsError);
  });

  test('an OPTIONS that is not 404 proves the route (the kit mock’s 405)', async () => {
    const decision = await probeV2(
      target((method) =>
        method === 'OPTIONS' ? [405, '{"code":"method_not_allowed"}'] : [404, notFound],
      ),
    );
    expect(decision.served).toBe(true);
    expect(decision.why).toMatch(/OPTIONS .* 405/);
  });

  test('404 not_found on the status path while a path with no route answers otherwise proves V2', async () => {
    const decision = await probeV2(
      target((_, path) => (path.endsWith('no-such-route/') ? [404, '<html>'] : [404, notFound])),
    );
    expect(decision).toMatchObject({ served: true });
  });

  test('a 404 not_found that every path answers alike is no proof: V2 is not served', async () => {
    const decision = await probeV2(target(() => [404, notFound]));
    expect(decision.served).toBe(false);
    expect(decision.why).toMatch(/as a path with no route does/);
  });

  test('a 404 that is not the platform’s not_found, or a refusal, is not V2', async () => {
    expect((await probeV2(target(() => [404, '<html>Not Found</html>']))).served).toBe(false);
    expect((await probeV2(target(() => [401, '{"code":"not_authenticated"}']))).served).toBe(false);
  });

  test('on and off decide without a probe; the decision reaches workers through the environment', async () => {
    const never = target(() => {
      throw new Error('probed');
    });
    expect(await decideV2('on', never)).toEqual({ served: true, why: 'CONTRACT_V2=on' });
    expect(await decideV2('off', never)).toEqual({ served: false, why: 'CONTRACT_V2=off' });
    expect(resolvedV2({ CONTRACT_V2_RESOLVED: 'on', CONTRACT_V2_WHY: 'w' })).toEqual({
      served: true,
      why: 'w',
    });
    expect(resolvedV2({})).toBeUndefined();
  });
});

describe('V2 payload helpers', () => {
  test('window instants are whole seconds on the given clock', () => {
    expect(windowAt(new Date('2026-11-25T10:00:00.900Z'), 90)).toBe('2026-11-25T10:01:30Z');
  });

  test('a poll reads until a final status, and at most its count of reads', async () => {
    const answers = ['PENDING', 'IN_PROGRESS', 'PROCESSED'];
    let reads = 0;
    const read = async () => ({ status: 200, body: { status: answers[reads++] } });
    const done = await pollUntilFinal(read, async () => {}, 10);
    expect(done.seen).toEqual(answers);
    expect(done.final).toBe(true);
    let stuck = 0;
    const never = await pollUntilFinal(
      async () => {
        stuck += 1;
        return { status: 200, body: { status: 'PENDING' } };
      },
      async () => {},
      5,
    );
    expect(never).toMatchObject({ final: false });
    expect(stuck).toBe(5);
  });
});
