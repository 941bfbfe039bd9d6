#!/usr/bin/env node
/**
 * `data-import-traffic` (and `npm run traffic` in a clone): checks exchanges with a deployed
 * service, or with the mock, against the contract: `check FILE...` on recorded exchanges,
 * `proxy --target URL` on live ones, recording them redacted with `--record FILE`, and
 * `replay FILE...` against a mock (traffic/cli.ts, decision 029). Exit codes: 0 no finding at or
 * above `--fail-on`, 1 such findings, 2 bad input or arguments (or a recording a full disk
 * stopped).
 *
 * The command composes: `replay --mock` gets a fresh mock from here (the package's public factory
 * behind its node:http server on 127.0.0.1, a port of the system's choosing), so that the traffic
 * layer never imports the mock.
 */
import type { AddressInfo } from 'node:net';
import { printedVersion } from './kit-package.ts';

/** A fresh mock with the default state, listening on loopback until closed. */
async function startMock(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const [{ createDataImportMock }, { createMockServer, nodeEnv }] = await Promise.all([
    import('../mocks/index.ts'),
    import('../mocks/node.ts'),
  ]);
  const server = createMockServer(createDataImportMock({ env: nodeEnv() }).service);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (!printedVersion(process.argv.slice(2))) {
  const { main } = await import('../traffic/cli.ts');
  process.exitCode = await main(process.argv.slice(2), undefined, undefined, { startMock });
}
