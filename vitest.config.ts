import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two workers for the projects that set none (Vitest's default on two cores is one): the web
    // app's 83 isolated files spent more time starting (imports, jsdom) than testing, one at a
    // time, with the second core idle. The server project sets its own (docs/decisions/047).
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { test: { name: 'lint', include: ['lint/**/*.test.ts'] } },
      { test: { name: 'bench', include: ['bench/**/*.test.mjs'] } },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
