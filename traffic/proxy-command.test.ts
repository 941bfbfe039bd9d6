import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { main, writeReports } from './cli.ts';
import { listen, obtainToken, send, serveMock } from './proxy.test-helper.ts';
import { runProxyCommand } from './proxy-command.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const temp = () => mkdtempSync(join(tmpdir(), 'kit-proxy-cli-'));

function run(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  return main(
    argv,
    (l) => out.push(l),
    (l) => err.push(l),
  ).then((code) => ({ code, out, err }));
}

describe('data-import-traffic proxy', () => {
  test('runs until SIGINT, then writes the reports, the recording and exits 0 in front of the mock', async () => {
    const mock = await serveMock();
    const dir = temp();
    const record = join(dir, 'day.ndjson');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'bin/data-import-traffic.ts',
        'proxy',
        '--target',
        mock.base,
        '--record',
        record,
        '--report-dir',
        join(dir, 'reports'),
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    try {
      // Bounded: the proxy prints its address once it listens, or the child ends.
      for (let i = 0; i < 600 && !/-> /.test(output) && child.exitCode === null; i++)
        await new Promise((r) => setTimeout(r, 100));
      const url = /proxy: (http:\/\/\S+) -> /.exec(output)?.[1];
      expect(url, output).toBeDefined();
      const token = await obtainToken(url as string);
      await send(
        url as string,
        'GET',
        '/v1/data-import/all-account-import-processes/DEMO_ENERGY/',
        ['authorization', `Token ${token}`],
      );
      child.kill('SIGINT');
      expect(await exited, output).toBe(0);
      const report = JSON.parse(readFileSync(join(dir, 'reports', 'traffic.json'), 'utf8'));
      expect(report.totals).toMatchObject({ exchanges: 2, errors: 0 });
      expect(report.inputs).toEqual([mock.base]);
      expect(existsSync(join(dir, 'reports', 'traffic-junit.xml'))).toBe(true);
      const recording = readFileSync(record, 'utf8');
      expect(recording.trim().split('\n')).toHaveLength(2);
      expect(recording).not.toContain(token);
      expect(output).toMatch(/2 exchanges recorded \(redacted\)/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await mock.close();
    }
  });

  test('exits 1 by --fail-on when the service breaks a rule, and writes the finding', async () => {
    const broken = await listen(
      http.createServer((req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
      }),
    );
    let stop = () => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const dir = temp();
    const out: string[] = [];
    const running = runProxyCommand(
      {
        target: broken.base,
        port: 0,
        host: '127.0.0.1',
        reportDir: dir,
        failOn: 'error',
        keepHost: false,
      },
      {
        out: (l) => out.push(l),
        err: () => {},
        stopped,
        writeReports: (report) => writeReports(report, dir, ['json', 'markdown']),
      },
    );
    for (let i = 0; i < 600 && out.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const url = /proxy: (http:\/\/\S+) -> /.exec(out[0] ?? '')?.[1] as string;
    await send(url, 'GET', '/v1/data-import/account-transfer-status/DEMO_ENERGY/X-1/');
    stop();
    expect(await running).toBe(1);
    await broken.close();
    expect(readFileSync(join(dir, 'traffic.md'), 'utf8')).toMatch(/\| error \| STS-1 \|/);
  });

  test('refuses bad arguments, a policy it cannot read and an existing recording with exit 2', async () => {
    const dir = temp();
    const existing = join(dir, 'old.ndjson');
    writeFileSync(existing, 'evidence\n');
    const policy = join(dir, 'policy.json');
    writeFileSync(policy, '{"field":["email"]}');
    const target = ['proxy', '--target', 'http://127.0.0.1:9'];
    const port = await run([...target, '--port', '70000']);
    expect([port.code, port.err]).toEqual([
      2,
      ['data-import-traffic: --port must be an integer 0..65535'],
    ]);
    const cap = await run([...target, '--max-capture-bytes', '10']);
    expect(cap.err[0]).toMatch(/--max-capture-bytes must be an integer 1024\.\./);
    const record = await run([...target, '--record', existing]);
    expect(record.err).toEqual([
      `data-import-traffic: ${existing} exists: a recording is never overwritten (choose another --record file)`,
    ]);
    expect(readFileSync(existing, 'utf8')).toBe('evidence\n');
    const bad = await run([...target, '--mask-policy', policy]);
    expect(bad.err[0]).toMatch(/policy\.json: unknown key "field"/);
    const missing = await run(['proxy']);
    expect(missing.code).toBe(2);
    expect(missing.err[0]).toMatch(/--target/);
  });

  test('prints the live view in its banner line with --ui-port, and refuses a port out of range', async () => {
    const mock = await serveMock();
    let stop = () => {};
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const out: string[] = [];
    const running = runProxyCommand(
      {
        target: mock.base,
        port: 0,
        host: '127.0.0.1',
        reportDir: temp(),
        failOn: 'error',
        keepHost: false,
        uiPort: 0,
      },
      { out: (l) => out.push(l), err: () => {}, stopped, writeReports: async () => {} },
    );
    for (let i = 0; i < 600 && out.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const ui = /; live findings at (http:\/\/127\.0\.0\.1:\d+\/);/.exec(out[0] ?? '')?.[1];
    expect(ui, out[0]).toBeDefined();
    const live = await send(ui as string, 'GET', '/findings.json');
    expect(JSON.parse(live.body).inputs).toEqual([mock.base]);
    stop();
    expect(await running).toBe(0);
    await mock.close();
    const bad = await run(['proxy', '--target', 'http://127.0.0.1:9', '--ui-port', '70000']);
    expect([bad.code, bad.err]).toEqual([
      2,
      ['data-import-traffic: --ui-port must be an integer 0..65535'],
    ]);
  });
});
