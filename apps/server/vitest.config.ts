import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // PGlite is single-threaded WASM; two workers on two cores is the sweet spot here.
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
