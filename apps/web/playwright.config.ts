import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);

/** End to end: Debian's Chromium against the built app served by the real server on a fresh database. */
export default defineConfig({
  testDir: './e2e',
  outputDir: '../../test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Spec files run two at a time (each test makes its own business); tests in a file in order.
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: '../../test-results/playwright.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records a screencast and DOM snapshots of every step: it took a third of Chromium's CPU
    // (a whole-suite run was CPU-bound on 2 cores). In CI a failed test is run again with one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
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
  projects: [
    {
      name: 'chromium',
      testIgnore: /sw-update\.spec/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    // Gives the server a new service worker script: alone, after everything else.
    {
      name: 'sw-update',
      testMatch: /sw-update\.spec/,
      dependencies: ['chromium'],
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: {
    command: `node e2e/start-server.mjs`,
    url: `http://localhost:${PORT}/docs/json`,
    env: { E2E_PORT: String(PORT) },
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM, not Playwright's default SIGKILL: start-server.mjs then drops the run's PostgreSQL database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
