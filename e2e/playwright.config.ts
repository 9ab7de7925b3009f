import { defineConfig } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_PASSWORD, E2E_PORT } from './support/constants';

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // One worker: the specs share one server on embedded PGlite (a single connection); two at once
  // made a page's refresh after a write wait behind the other spec's work on a loaded machine.
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    viewport: { width: 1440, height: 900 },
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The app honours reduced motion: no dialog or drawer is caught mid-animation by a click.
    reducedMotion: 'reduce',
    trace: 'off',
    // A click or navigation that cannot happen fails at its own line instead of at the test's timeout.
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
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
  webServer: {
    command: 'node ../scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/login`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      ADMIN_EMAIL: E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: E2E_PASSWORD,
    },
  },
});
