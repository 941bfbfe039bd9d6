import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from './cli.ts';
import {
  type LoopbackServer,
  recordedAgainst,
  serveMock,
  writeRecording,
} from './replay.test-helper.ts';

const servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const startMock = async () => {
    const server = await serveMock();
    servers.push(server);
    return server;
  };
  const code = await main(
    args,
    (l) => out.push(l),
    (l) => err.push(l),
    { startMock },
  );
  return { code, out, err };
}

const REPORTS = ['fidelity.json', 'fidelity.md', 'fidelity.html', 'fidelity-junit.xml'];

describe('data-import-traffic replay', () => {
  it('exits 0 when every answer is the same, and writes every report without a secret', async () => {
    const recording = await recordedAgainst();
    const file = writeRecording(recording);
    const reports = join(dirname(file), 'reports');
    const { code, out } = await run(['replay', file, '--mock', '--report-dir', reports]);
    expect(code).toBe(0);
    expect(out.at(-1)).toMatch(
      new RegExp(
        `^${recording.length} exchanges replayed against http://127\\.0\\.0\\.1:\\d+: ${recording.length} answered the same \\(100%\\), 0 differently`,
      ),
    );
    const token = JSON.parse(recording[0]?.response.body ?? '').data.obtainKrakenToken.token;
    for (const name of REPORTS) {
      const text = readFileSync(join(reports, name), 'utf8');
      expect(text).toContain('createNotes');
      expect(text).not.toContain(token);
      expect(text).not.toContain('demo-api-key');
    }
  });

  it('exits 1 on an exchange answered differently and names it in every report, unless --fail-on none', async () => {
    const recording = await recordedAgainst('staged-status-pending');
    const file = writeRecording(recording);
    const reports = join(dirname(file), 'reports');
    const { code } = await run(['replay', file, '--mock', '--report-dir', reports]);
    expect(code).toBe(1);
    const json = JSON.parse(readFileSync(join(reports, 'fidelity.json'), 'utf8'));
    expect(json.differing.map((d: { operation: string }) => d.operation)).toEqual([
      'getAccountTransferStatus',
    ]);
    expect(readFileSync(join(reports, 'fidelity.md'), 'utf8')).toContain(
      '| `/response/body/status` | `"PENDING"` | `"UNKNOWN"` |',
    );
    expect(readFileSync(join(reports, 'fidelity-junit.xml'), 'utf8')).toContain(
      '<failure message="1 differences, first at /response/body/status"',
    );
    expect(readFileSync(join(reports, 'fidelity.html'), 'utf8')).toContain(
      '<code>/response/body/status</code>',
    );
    const none = await run([
      'replay',
      file,
      '--mock',
      '--report-dir',
      reports,
      '--fail-on',
      'none',
    ]);
    expect(none.code).toBe(0);
  });

  it('replays against a running target by --base-url, resetting it first', async () => {
    const file = writeRecording(await recordedAgainst());
    const target = await serveMock();
    servers.push(target);
    const reports = join(dirname(file), 'r');
    for (let i = 0; i < 2; i += 1) {
      const result = await run([
        'replay',
        file,
        '--base-url',
        target.baseUrl,
        '--report-dir',
        reports,
      ]);
      expect(result.code).toBe(0);
    }
  });

  it('replays a HAR file as it replays a recording', async () => {
    const recording = await recordedAgainst();
    const file = join(dirname(writeRecording(recording)), 'session.har');
    const headers = (pairs: readonly (readonly [string, string])[]) =>
      pairs.map(([name, value]) => ({ name, value }));
    const entries = recording.map((e) => ({
      startedDateTime: new Date(e.time).toISOString(),
      request: {
        method: e.request.method,
        url: e.request.url,
        headers: headers(e.request.headers),
        ...(e.request.body
          ? { postData: { mimeType: 'application/json', text: e.request.body } }
          : {}),
      },
      response: {
        status: e.response.status,
        headers: headers(e.response.headers),
        content: { mimeType: 'application/json', text: e.response.body },
      },
    }));
    writeFileSync(file, JSON.stringify({ log: { version: '1.2', entries } }));
    const { code, out } = await run([
      'replay',
      file,
      '--mock',
      '--report-dir',
      join(dirname(file), 'h'),
    ]);
    expect(code).toBe(0);
    expect(out.at(-1)).toContain(`${recording.length} answered the same (100%)`);
  });

  it('answers bad arguments and an unreachable target with one line and exit 2', async () => {
    const file = writeRecording(await recordedAgainst());
    expect(await run(['replay', file])).toMatchObject({
      code: 2,
      err: ['data-import-traffic: replay needs exactly one of --mock and --base-url'],
    });
    expect((await run(['replay', file, '--mock', '--base-url', 'http://127.0.0.1:1'])).code).toBe(
      2,
    );
    expect((await run(['replay', file, '--base-url', 'ftp://x'])).code).toBe(2);
    expect((await run(['replay', file, '--mock', '--clock-tolerance', '-1'])).code).toBe(2);
    const closed = await serveMock();
    await closed.close();
    const unreachable = await run([
      'replay',
      file,
      '--base-url',
      closed.baseUrl,
      '--api-key',
      'k-secret-1',
    ]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.err).toEqual([
      expect.stringMatching(
        /^data-import-traffic: cannot reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)$/,
      ),
    ]);
    expect(unreachable.err.join('')).not.toContain('k-secret-1');
  });

  it('starts its own mock from the command for --mock', async () => {
    const file = writeRecording(await recordedAgainst());
    const root = fileURLToPath(new URL('..', import.meta.url));
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'bin/data-import-traffic.ts',
        'replay',
        file,
        '--mock',
        '--report-dir',
        join(dirname(file), 'bin'),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(text).toMatch(/answered the same \(100%\), 0 differently/);
  }, 120_000);
});
