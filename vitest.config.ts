import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit tests sit next to the code they check, in every folder with code; the Playwright
    // suites (contract-tests/, console/tests/) are *.spec.ts files of their own runner.
    include: [
      '{spec,mocks,fixtures,contract-tests,console,variants,mutation,benchmarks,scripts,packaging,bin,traffic}/**/*.test.ts',
    ],
    // A test is never bounded by a wall-clock limit that load can reach: on a busy two-core
    // machine a step that takes 20 s alone can take minutes. These limits only stop a hang.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
