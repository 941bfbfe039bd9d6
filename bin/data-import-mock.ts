#!/usr/bin/env node
/**
 * `data-import-mock` (and `npm start` in a clone): the standalone mock server, with every option
 * of mocks/start.ts (`--port`, `--host`, `--config`, `--state-file`, `--data-dir`,
 * `--import-state`, `--faults`, `--quiet`; PORT and HOST).
 * Exit codes: 0 on a clean stop (SIGINT, SIGTERM), 2 on a bad argument, configuration or state
 * file, or a port that cannot be bound.
 */
import { printedVersion } from './kit-package.ts';

if (!printedVersion(process.argv.slice(2))) await import('../mocks/start.ts');
