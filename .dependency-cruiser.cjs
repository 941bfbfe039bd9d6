/**
 * The kit's layers and their import directions (decisions 003 and 008), checked by `npm run
 * lint:layers` in `npm test`:
 *
 *   spec  ->  mocks/domain  ->  mocks/operations  ->  edge (mocks/service.ts, error-bodies.ts,
 *   control/)  ->  adapters (mocks/adapters, server, start, create-mock)
 *
 * fixtures and the contract suite build on the spec only: they never import the mock. Unit tests
 * beside the code may reach further (they assemble whole mocks to test a layer).
 */
const notTest = '\\.test(-helper)?\\.ts$';
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
      to: { path: '^(mocks|fixtures|contract-tests|mutation|benchmarks|scripts)/' },
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
      to: { path: '^(mocks|contract-tests|mutation)/' },
    },
    {
      name: 'suite-is-black-box',
      severity: 'error',
      comment:
        'The contract suite talks HTTP to a base URL and imports only the spec module and fixtures.',
      from: { path: '^contract-tests/' },
      to: { path: '^(mocks|mutation)/' },
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
