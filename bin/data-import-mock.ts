#!/usr/bin/env node
/**
 * `data-import-mock` (and `npm start` in a clone): the standalone mock server, with every option
 * of mocks/start.ts (`--port`, `--host`, `--config`, `--state-file`, `--data-dir`,
 * `--import-state`, `--faults`, `--quiet`; PORT and HOST).
 * Exit codes: 0 on a clean stop (SIGINT, SIGTERM), 2 on a bad argument, configuration or state
 * file, or a port that cannot be bound.
 *
 * The command composes the mock and its console: the console's web hook (the pages, CORS, the
 * Host allow-list) is passed to the mock's start, which knows it only by the adapter's interface
 * (mocks/server/web-hook.ts).
 */
import { printedVersion } from './kit-package.ts';

if (!printedVersion(process.argv.slice(2))) {
  const [{ startMock }, { createWebHook }] = await Promise.all([
    import('../mocks/start.ts'),
    import('../console/server/web-hook.ts'),
  ]);
  await startMock(createWebHook);
}
