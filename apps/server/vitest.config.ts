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
    // Each worker imports the server's modules once and runs its files one after another; every
    // file still opens its own database and app (test/test-app.ts). Importing them again for each
    // file was 170 s of a 364 s run (docs/decisions/043-server-tests-share-their-modules.md).
    isolate: false,
    sequence: { groupOrder: 1 },
  },
});
