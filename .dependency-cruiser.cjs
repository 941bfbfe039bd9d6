/**
 * The kit's layers and their import directions (decisions 003 and 008), checked by `npm run
 * lint:layers` in `npm test` over every folder with code:
 *
 *   spec  ->  mocks/domain  ->  mocks/operations  ->  edge (mocks/service.ts, error-bodies.ts,
 *   control/)  ->  adapters (mocks/adapters, server, start, create-mock)
 *
 * fixtures and the contract suite build on the spec only: they never import the mock. Above the
 * mock stand its test tooling (variants/, mutation/: wrapped and rewritten mocks the suite must
 * pass or kill) and, at the top, the composers: console/ (the pages, which implement the node
 * adapter's web hook interface, mocks/server/web-hook.ts) and bin/ (the commands, which pass the
 * console's hook to the mock's start). Nothing imports upwards. Unit tests beside the code may
 * reach further (they assemble whole mocks to test a layer).
 */
const notTest = '\\.test(-helper)?\\.ts$';
/** The folders above the mock: its test tooling, then its console and its commands. */
const aboveTheMock = 'variants|mutation|benchmarks|scripts|packaging|console|bin';
const edgeAndAbove = [
  '^mocks/(service|error-bodies|journal|create-mock|start|node|index|defaults|env|node-env|test-client|test-support)\\.ts$',
  '^mocks/(control|adapters|server)/',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules form a DAG: a cycle makes the layers meaningless and the order of loading fragile.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'spec-is-the-bottom',
      severity: 'error',
      comment:
        'The spec module is the single source of truth: it imports nothing of the kit above it.',
      from: { path: '^spec/', pathNot: notTest },
      to: { path: `^(mocks|fixtures|contract-tests|${aboveTheMock})/` },
    },
    {
      name: 'domain-knows-no-http',
      severity: 'error',
      comment:
        'The domain core is pure state and rules: no operations, edge, control API or adapters.',
      from: { path: '^mocks/domain/', pathNot: notTest },
      to: { path: ['^mocks/operations/', ...edgeAndAbove] },
    },
    {
      name: 'operations-below-the-edge',
      severity: 'error',
      comment: 'Operations are called by the edge; they never reach up to it or to the adapters.',
      from: { path: '^mocks/operations/', pathNot: notTest },
      to: { path: edgeAndAbove },
    },
    {
      name: 'edge-below-the-adapters',
      severity: 'error',
      comment:
        'The edge and the control API know no transport: adapters call them, not the other way.',
      from: {
        path: '^mocks/(service|error-bodies|journal)\\.ts$|^mocks/control/',
        pathNot: notTest,
      },
      to: { path: ['^mocks/(adapters|server)/', '^mocks/(start|create-mock|node|index)\\.ts$'] },
    },
    {
      name: 'fixtures-never-import-the-mock',
      severity: 'error',
      comment:
        'Fixtures generate with the spec module only, so QA can use them against any target.',
      from: { path: '^fixtures/', pathNot: notTest },
      to: { path: `^(mocks|contract-tests|${aboveTheMock})/` },
    },
    {
      name: 'suite-is-black-box',
      severity: 'error',
      comment:
        'The contract suite talks HTTP to a base URL and imports only the spec module and fixtures.',
      from: { path: '^contract-tests/' },
      to: { path: `^(mocks|${aboveTheMock})/` },
    },
    {
      name: 'mock-knows-nothing-above-it',
      severity: 'error',
      comment:
        "The mock, tests included, imports neither its console nor its tooling nor the commands: the console implements the adapter's hook interface and the command passes it in (mocks/server/web-hook.ts).",
      from: { path: '^mocks/' },
      to: { path: `^(${aboveTheMock})/` },
    },
    {
      name: 'console-sees-the-hook-interface',
      severity: 'error',
      comment:
        "The console's server implements the node adapter's web hook: of the mock it imports that interface only (its tests assemble whole mocks).",
      from: { path: '^console/server/', pathNot: notTest },
      to: { path: '^mocks/', pathNot: '^mocks/server/web-hook\\.ts$' },
    },
    {
      name: 'pages-use-the-public-mock',
      severity: 'error',
      comment:
        'The browser pages run the mock as a package user would (the MSW handlers of mocks/index.ts) and talk HTTP to the rest.',
      from: { path: '^console/web/' },
      to: { path: '^mocks/', pathNot: '^mocks/index\\.ts$' },
    },
    {
      name: 'tooling-below-the-composers',
      severity: 'error',
      comment:
        'The variants and the mutants wrap the mock as it is; they know neither its console nor the commands.',
      from: { path: '^(variants|mutation)/' },
      to: { path: '^(console|bin)/' },
    },
    {
      name: 'traffic-checks-from-the-contract',
      severity: 'error',
      comment:
        "The traffic checker (decision 029) judges exchanges by the spec and reports through the suite's pure writers: it never imports the mock, so it can judge any service, the mock included (its tests assemble mocks to make real exchanges).",
      from: { path: '^traffic/', pathNot: notTest },
      to: { path: `^(mocks|fixtures|contract-tests/(?!reporting/)|${aboveTheMock})/` },
    },
    {
      name: 'commands-are-the-top',
      severity: 'error',
      comment: 'bin/ composes the kit: nothing else imports a command.',
      from: { path: '^(?!bin/)' },
      to: { path: '^bin/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|spec/dist|reports|dist)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js', '.json'] },
  },
};
