import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit tests sit next to the code they check; the Playwright suite has its own runner.
    include: ['{bin,spec,mocks,fixtures,scripts,packaging,console}/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
