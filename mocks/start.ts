/**
 * The standalone mock (`data-import-mock`, `npm start`) on 127.0.0.1:4010 (PORT and HOST
 * override) with the default state, or a config file's, optionally kept across restarts in a
 * state file. Exit codes: 0 after SIGINT/SIGTERM, 2 for a bad argument, configuration or state
 * file, or an address that cannot be bound. It does nothing when imported: the command
 * (bin/data-import-mock.ts) calls {@link startMock} with the web hook to put in front of the
 * service (the console's), so that the mock imports nothing of the console (decision 003).
 */
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { createMockServer } from './adapters/node-server.ts';
import { createDataImportMock } from './create-mock.ts';
import { DEMO_API_KEY, defaultConfig } from './defaults.ts';
import { DIALECTS, type Dialect, parseDialect } from './dialect.ts';
import { nodeEnv } from './node-env.ts';
import { ConfigFileError, loadConfigFile } from './server/config-file.ts';
import { MAX_STORE_RESERVE_MIB, openDataDir } from './server/data-dir.ts';
import { faultProfileNames, loadFaultProfile } from './server/fault-profiles.ts';
import { createStateWriter, loadStateFile, StateFileError } from './server/state-file.ts';
import { importStateFile, StateImportError } from './server/state-import.ts';
import type { WebHook } from './server/web-hook.ts';
import {
  checkDataDir,
  checkedHosts,
  checkedOrigins,
  checkReadableFile,
  checkStateFile,
  StartUpError,
  storageErrorMessage,
} from './start-checks.ts';

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

/** A parser of a whole number of `unit` from 0 to `max`: anything else is refused, never replaced. */
function wholeNumber(unit: string, max: number): (value: string) => number {
  return (value) => {
    const n = /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
    if (!(n <= max)) throw new InvalidArgumentError(`must be a whole number of ${unit}, 0-${max}`);
    return n;
  };
}

/** A `--dialect` value (decision 026); another name is a usage error. */
function dialect(value: string): Dialect {
  try {
    return parseDialect(value);
  } catch {
    throw new InvalidArgumentError(`must be one of ${DIALECTS.join(', ')}`);
  }
}

/** The command line of the mock, with its help text and exit codes. */
function commandLine(): Command {
  return new Command()
    .name('data-import-mock')
    .description(
      'The Data-Import mock: the interface under /v1/ and the operator control API under /__mock/.',
    )
    .option('-p, --port <port>', 'port to listen on (env PORT, default 4010)', port)
    .option('-H, --host <host>', 'address to listen on (env HOST)', process.env.HOST ?? '127.0.0.1')
    .option('-c, --config <file>', 'YAML or JSON configuration replacing the default state')
    .option(
      '--faults <name|file>',
      `inject faults from a named, seeded profile (${faultProfileNames().join(', ')}) or a YAML or JSON plan (docs/decisions/024-faults-and-overrides.md)`,
    )
    .option(
      '-s, --state-file <file>',
      'keep the state in this JSON file across restarts (small states)',
    )
    .option(
      '-d, --data-dir <dir>',
      'keep the state in an embedded store in this folder (millions of accounts; docs/decisions/012-durable-store-and-performance-record.md); env STORE_RESERVE_MIB is the free room its filesystem keeps, below which changes are refused with 503 (MiB, default 64, 0 none; docs/decisions/021-concurrent-writes-and-full-disks.md)',
    )
    .option(
      '--store-memory <MiB>',
      'with --data-dir: the store pages kept mapped before the store lets go of them between requests (env STORE_MEMORY_MIB, default 512, 0 never; docs/decisions/017-store-memory.md)',
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
    .option(
      '--allowed-hosts <names>',
      'Host names besides loopback names and the --host address that the control API and console answer (DNS rebinding): none, *, or a comma-separated list',
      'none',
    )
    .option(
      '--dialect <dialect>',
      "whose answers the interface gives: reference (default), or platform, the platform document's names and shapes wherever the spec records a difference (x-platform-difference; docs/decisions/026-platform-dialect.md); overrides the configuration's dialect",
      dialect,
    )
    .option('-q, --quiet', 'print nothing but errors')
    .option('-V, --version', 'print the kit version')
    .addHelpText(
      'after',
      '\nThe documents cited are in the kit: at these paths in a clone, under dist/ in the package\n' +
        '(node_modules/data-import-contract-kit/dist/docs/decisions/).\n' +
        '\nExit codes: 0 after SIGINT or SIGTERM; 2 for a bad argument, configuration or state file,\n' +
        'or an address that cannot be bound.',
    )
    .showHelpAfterError()
    .exitOverride();
}

/** The command's options, as commander reads them. */
interface StartOptions {
  port?: number;
  host: string;
  config?: string;
  faults?: string;
  stateFile?: string;
  corsOrigins: string;
  controlOrigins: string;
  allowedHosts: string;
  dataDir?: string;
  importState?: string;
  storeMemory?: number;
  dialect?: Dialect;
  quiet?: boolean;
}

/** Reads the command line; help exits 0 and a usage error 2 (the shells' convention). */
function parseArguments(argv: string[]): StartOptions {
  const program = commandLine();
  try {
    program.parse(argv);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    process.exit(error.exitCode === 0 ? 0 : 2);
  }
  return program.opts<StartOptions>();
}

/** Ends the command with one line and exit code 2 (a bad argument, path or file). */
function refuse(message: string): never {
  console.error(`data-import-mock: ${message}`);
  process.exit(2);
}

/** A setting from the environment, read by the option's own parser; a bad one is refused. */
function fromEnv<T>(name: string, parse: (value: string) => T): T | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  try {
    return parse(value);
  } catch (error) {
    refuse(`${name}=${value}: ${(error as Error).message}.`);
  }
}

/** The settings of a start, each checked before anything is opened (decision 020). */
interface StartSettings {
  listenPort: number;
  envStoreMemory?: number;
  storeMemory?: number;
  storeReserve?: number;
  storeCheckMs?: number;
  interfaceOrigins: '*' | string[];
  controlOrigins: '*' | string[];
  allowedHosts: '*' | string[];
}

/** The settings the environment gives (PORT and the store's), read by their options' parsers. */
function envSettings(options: StartOptions) {
  const envStoreMemory = fromEnv('STORE_MEMORY_MIB', mebibytes);
  return {
    listenPort: options.port ?? fromEnv('PORT', port) ?? 4010,
    envStoreMemory,
    storeMemory: options.storeMemory ?? envStoreMemory,
    // The free room the store's filesystem keeps (decision 021), and how often the store looks
    // at its mapped pages (tests of the server look at every request with 0): the store reads no
    // environment, so that a bad value is refused here, as an option's would be.
    storeReserve: fromEnv('STORE_RESERVE_MIB', wholeNumber('MiB', MAX_STORE_RESERVE_MIB)),
    storeCheckMs: fromEnv('STORE_MEMORY_CHECK_MS', wholeNumber('ms', 60_000)),
  };
}

/** Refuses the options that ask for a store without giving one (--data-dir). */
function checkStoreOptions(options: StartOptions, env: ReturnType<typeof envSettings>): void {
  if (options.stateFile && options.dataDir) refuse('give --state-file or --data-dir, not both.');
  if (options.importState && !options.dataDir) {
    refuse('--import-state needs --data-dir (the control API imports smaller states).');
  }
  if (options.storeMemory !== undefined && !options.dataDir) {
    refuse(
      '--store-memory budgets the store of --data-dir; give --data-dir too (the state is in memory without it).',
    );
  }
  // The store's settings from the environment are refused without a store, as --store-memory is.
  const storeSettings: [string, number | undefined, string][] = [
    ['STORE_MEMORY_MIB', env.envStoreMemory, 'budgets the mapped pages of'],
    ['STORE_RESERVE_MIB', env.storeReserve, 'keeps free room for'],
    ['STORE_MEMORY_CHECK_MS', env.storeCheckMs, 'paces the looks at the mapped pages of'],
  ];
  for (const [name, value, what] of storeSettings) {
    if (value !== undefined && !options.dataDir) {
      refuse(
        `${name}=${value} ${what} the store of --data-dir; give --data-dir too, or leave it unset.`,
      );
    }
  }
}

/** Every path and value, checked before anything is opened (mocks/start-checks.ts). */
function readSettings(options: StartOptions): StartSettings {
  const env = envSettings(options);
  try {
    const interfaceOrigins = checkedOrigins(options.corsOrigins, '--cors-origins');
    const controlOrigins = checkedOrigins(options.controlOrigins, '--control-origins');
    const allowedHosts = checkedHosts(options.allowedHosts, '--allowed-hosts');
    checkStoreOptions(options, env);
    if (options.config) checkReadableFile(options.config, '--config');
    if (options.importState) checkReadableFile(options.importState, '--import-state');
    if (options.dataDir) checkDataDir(options.dataDir);
    if (options.stateFile) checkStateFile(options.stateFile);
    return { ...env, interfaceOrigins, controlOrigins, allowedHosts };
  } catch (error) {
    if (error instanceof StartUpError) refuse(error.message);
    throw error;
  }
}

/** Opens the storage (importing a state first when asked) and the mock on it. */
async function openMock(options: StartOptions, settings: StartSettings) {
  const config = options.config ? loadConfigFile(options.config) : defaultConfig;
  const faults = options.faults ? loadFaultProfile(options.faults) : undefined;
  const env = nodeEnv();
  if (options.importState && options.dataDir) {
    const imported = await importStateFile(options.importState, options.dataDir);
    if (!options.quiet) {
      console.log(
        `Imported ${options.importState}: ${imported.accounts} accounts, ${imported.outbox} e-mails`,
      );
    }
  }
  const dataDir = options.dataDir
    ? openDataDir(options.dataDir, {
        memoryBudgetMiB: settings.storeMemory,
        reserveMiB: settings.storeReserve,
        checkEveryMs: settings.storeCheckMs,
      })
    : undefined;
  const saved = options.stateFile ? loadStateFile(options.stateFile) : dataDir?.state;
  const write = options.stateFile ? createStateWriter(options.stateFile) : dataDir?.write;
  const mock = createDataImportMock({
    config,
    env,
    state: saved,
    onChange: write,
    refuseWrites: dataDir?.refuseWrites,
    faults,
    dialect: options.dialect,
  });
  if (write && !saved) await write(mock.state);
  return { config, mock, dataDir };
}

/** The lines the command prints once it listens: where each part is, and with what state. */
function announce(
  options: StartOptions,
  config: typeof defaultConfig,
  base: string,
  dialect: Dialect,
): void {
  console.log(`Data-Import mock on ${base}`);
  console.log(`  interface      ${base}/v1/data-import/...   token: POST ${base}/v1/graphql/`);
  console.log(`  control API    ${base}/__mock/ (health: ${base}/__mock/health)`);
  console.log(`  console        ${base}/console   reference: ${base}/docs`);
  if (!options.config) console.log(`  API key        ${DEMO_API_KEY}`);
  for (const s of config.suppliers) console.log(`  supplier       ${s.code} (${s.status})`);
  console.log(`  teams          ${config.operations_teams.join(', ')}`);
  if (options.faults) console.log(`  faults         ${options.faults} (GET ${base}/__mock/faults)`);
  if (dialect !== 'reference') {
    console.log(`  dialect        ${dialect} (the platform document's answers)`);
  }
  console.log(
    `  state          ${options.stateFile ? `kept in ${options.stateFile}` : options.dataDir ? `kept in ${options.dataDir}/` : 'in memory'}`,
  );
}

/** Serves the mock behind the web hook until SIGINT or SIGTERM. */
async function serve(options: StartOptions, settings: StartSettings, webHook: WebHook) {
  const { config, mock, dataDir } = await openMock(options, settings);
  const { listenPort } = settings;
  const server = createMockServer(mock.service, {
    maintenance: dataDir && { due: dataDir.recycleDue, run: dataDir.recycle },
    hook: webHook({
      service: mock.service,
      apiKey: options.config ? undefined : DEMO_API_KEY,
      cors: {
        interfaceOrigins: settings.interfaceOrigins,
        controlOrigins: settings.controlOrigins,
      },
      hosts: { allowedHosts: settings.allowedHosts, boundHost: options.host },
    }),
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    console.error(
      error.code === 'EADDRINUSE'
        ? `Port ${listenPort} on ${options.host} is in use; choose another with --port or PORT.`
        : `Cannot listen on ${options.host}:${listenPort}: ${error.message}`,
    );
    process.exit(2);
  });
  server.listen(listenPort, options.host, () => {
    const address = server.address() as { port: number };
    if (!options.quiet)
      announce(options, config, `http://${options.host}:${address.port}`, mock.service.dialect);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/**
 * Starts the standalone mock as its command line (`argv`, process.argv's form) says, with
 * `webHook` in front of the service: the pages, CORS and the Host allow-list (decision 011).
 * A bad argument, file or address ends the process with one line and exit code 2.
 */
export async function startMock(webHook: WebHook, argv: string[] = process.argv): Promise<void> {
  const options = parseArguments(argv);
  const settings = readSettings(options);
  /** What the storage is, for a message about an error met while opening it. */
  const storage = options.stateFile
    ? `--state-file ${options.stateFile}`
    : options.dataDir
      ? `--data-dir ${options.dataDir}`
      : 'the mock';
  try {
    await serve(options, settings, webHook);
  } catch (error) {
    if (
      error instanceof ConfigFileError ||
      error instanceof StateFileError ||
      error instanceof StateImportError
    ) {
      console.error(error.message);
      process.exit(2);
    }
    // A file system error while opening the storage (a disk that filled, a permission that
    // changed since the checks): one line, exit code 2. Anything else is a fault of the mock:
    // its stack.
    const message = storageErrorMessage(error, storage);
    if (message) refuse(message);
    throw error;
  }
}
