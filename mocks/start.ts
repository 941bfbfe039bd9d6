/**
 * The standalone mock (`data-import-mock`, `npm start`) on 127.0.0.1:4010 (PORT and HOST
 * override) with the default state, or a config file's, optionally kept across restarts in a
 * state file. Exit codes: 0 after SIGINT/SIGTERM, 2 for a bad argument, configuration or state
 * file, or an address that cannot be bound.
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { parseOrigins } from '../console/server/cors.ts';
import { createWebHook } from '../console/server/web-hook.ts';
import { createMockServer } from './adapters/node-server.ts';
import { createDataImportMock } from './create-mock.ts';
import { DEMO_API_KEY, defaultConfig } from './defaults.ts';
import { nodeEnv } from './node-env.ts';
import { ConfigFileError, loadConfigFile } from './server/config-file.ts';
import { openDataDir } from './server/data-dir.ts';
import { createStateWriter, loadStateFile, StateFileError } from './server/state-file.ts';
import { importStateFile, StateImportError } from './server/state-import.ts';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new InvalidArgumentError('must be a port number 0-65535');
  }
  return n;
}

function mebibytes(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new InvalidArgumentError('must be a whole number of MiB, 0 or more');
  return n;
}

const program = new Command()
  .name('data-import-mock')
  .description(
    'The Data-Import mock: the interface under /v1/ and the operator control API under /__mock/.',
  )
  .option(
    '-p, --port <port>',
    'port to listen on (env PORT)',
    port,
    port(process.env.PORT ?? '4010'),
  )
  .option('-H, --host <host>', 'address to listen on (env HOST)', process.env.HOST ?? '127.0.0.1')
  .option('-c, --config <file>', 'YAML or JSON configuration replacing the default state')
  .option(
    '-s, --state-file <file>',
    'keep the state in this JSON file across restarts (small states)',
  )
  .option(
    '-d, --data-dir <dir>',
    'keep the state in an embedded store in this folder (millions of accounts; decision 012)',
  )
  .option(
    '--store-memory <MiB>',
    'with --data-dir: the store pages kept mapped before the store lets go of them between requests (env STORE_MEMORY_MIB, default 512, 0 never; decision 017)',
    mebibytes,
  )
  .option(
    '--import-state <file>',
    'with --data-dir: first replace its state by this export, read as a stream (any size)',
  )
  .option(
    '--cors-origins <origins>',
    'origins a web page may call the interface from: *, none, or a comma-separated list',
    '*',
  )
  .option(
    '--control-origins <origins>',
    'origins besides this machine that may use the control API and console: none, *, or a list',
    'none',
  )
  .option('-q, --quiet', 'print nothing but errors')
  .option('-V, --version', 'print the kit version')
  .addHelpText(
    'after',
    '\nExit codes: 0 after SIGINT or SIGTERM; 2 for a bad argument, configuration or state file,\n' +
      'or an address that cannot be bound.',
  )
  .showHelpAfterError()
  .exitOverride();

try {
  program.parse();
} catch (error) {
  // A usage error exits 2 (the shells' convention), help exits 0.
  if (!(error instanceof CommanderError)) throw error;
  process.exit(error.exitCode === 0 ? 0 : 2);
}
const options = program.opts<{
  port: number;
  host: string;
  config?: string;
  stateFile?: string;
  corsOrigins: string;
  controlOrigins: string;
  dataDir?: string;
  importState?: string;
  storeMemory?: number;
  quiet?: boolean;
}>();

try {
  const config = options.config ? loadConfigFile(options.config) : defaultConfig;
  const env = nodeEnv();
  if (options.stateFile && options.dataDir) {
    console.error('Give --state-file or --data-dir, not both.');
    process.exit(2);
  }
  if (options.importState && !options.dataDir) {
    console.error('--import-state needs --data-dir (the control API imports smaller states).');
    process.exit(2);
  }
  if (options.importState && options.dataDir) {
    const imported = await importStateFile(options.importState, options.dataDir);
    if (!options.quiet) {
      console.log(
        `Imported ${options.importState}: ${imported.accounts} accounts, ${imported.outbox} e-mails`,
      );
    }
  }
  const dataDir = options.dataDir
    ? openDataDir(options.dataDir, { memoryBudgetMiB: options.storeMemory })
    : undefined;
  const saved = options.stateFile ? loadStateFile(options.stateFile) : dataDir?.state;
  const write = options.stateFile ? createStateWriter(options.stateFile) : dataDir?.write;
  const mock = createDataImportMock({
    config,
    env,
    state: saved,
    onChange: write,
    refuseWrites: dataDir?.refuseWrites,
  });
  if (write && !saved) await write(mock.state);
  const server = createMockServer(mock.service, {
    maintenance: dataDir && { due: dataDir.recycleDue, run: dataDir.recycle },
    hook: createWebHook({
      service: mock.service,
      apiKey: options.config ? undefined : DEMO_API_KEY,
      cors: {
        interfaceOrigins: parseOrigins(options.corsOrigins),
        controlOrigins: parseOrigins(options.controlOrigins),
      },
    }),
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Port ${options.port} on ${options.host} is in use; choose another with --port or PORT.`
        : `Cannot listen on ${options.host}:${options.port}: ${error.message}`,
    );
    process.exit(2);
  });
  server.listen(options.port, options.host, () => {
    const address = server.address() as { port: number };
    const base = `http://${options.host}:${address.port}`;
    if (!options.quiet) {
      console.log(`Data-Import mock on ${base}`);
      console.log(`  interface      ${base}/v1/data-import/...   token: POST ${base}/v1/graphql/`);
      console.log(`  control API    ${base}/__mock/ (health: ${base}/__mock/health)`);
      console.log(`  console        ${base}/console   reference: ${base}/docs`);
      if (!options.config) console.log(`  API key        ${DEMO_API_KEY}`);
      for (const s of config.suppliers) console.log(`  supplier       ${s.code} (${s.status})`);
      console.log(`  teams          ${config.operations_teams.join(', ')}`);
      console.log(
        `  state          ${options.stateFile ? `kept in ${options.stateFile}` : options.dataDir ? `kept in ${options.dataDir}/` : 'in memory'}`,
      );
    }
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  if (
    error instanceof ConfigFileError ||
    error instanceof StateFileError ||
    error instanceof StateImportError
  ) {
    console.error(error.message);
    process.exit(2);
  }
  throw error;
}
