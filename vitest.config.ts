import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit tests sit next to the code they check; the Playwright suite has its own runner.
    include: ['{bin,spec,mocks,fixtures,contract-tests,scripts,packaging,console}/**/*.test.ts'],
    // A test is never bounded by a wall-clock limit that load can reach: on a busy two-core
    // machine a step that takes 20 s alone can take minutes. These limits only stop a hang.
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
