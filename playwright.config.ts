import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the built app served by the real server (`npm run test:e2e` builds
 * first). e2e/global-setup.ts starts one server on a fresh data folder and a free port, and
 * passes its address to the workers in CANDOR_E2E_BASE_URL.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Two cores: the server, Chromium and the test workers share them.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: process.env.CANDOR_E2E_BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'off',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium, as its headless shell (the package chromium-headless-shell, the same
        // Blink and V8 without the desktop browser around them): the journeys took 8 min with it
        // against 13 min with the full browser, the same 79 passing (docs/decisions/065).
        // Playwright's own browser builds cannot be downloaded here. E2E_CHROMIUM=/usr/bin/chromium
        // runs them in the full browser.
        launchOptions: {
          executablePath: process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
