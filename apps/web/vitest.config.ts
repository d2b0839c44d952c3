import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    passWithNoTests: true,
    setupFiles: ['src/test/setup.ts'],
    // Two files run at once (../../vitest.config.ts): on a busy two-core machine a test that types
    // into a form can pass 5 s, Vitest's default, without anything being wrong.
    testTimeout: 15_000,
  },
});
