import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against `npm start` in Debian's Chromium (no browser downloads are possible here).
 * A stack you already run on :5173 is reused outside CI.
 */
const webUrl = `http://localhost:${process.env.WEB_PORT ?? '5173'}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // The back-office is a lazy chunk behind a session check: on a busy 2-core runner its first paint
  // after a full page load has taken over 10 s.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  outputDir: '../test-results',
  use: {
    baseURL: webUrl,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'npm start',
    cwd: '..',
    // Browser journeys sign up and sign in more often than a person would (docs/security.md, "Request limits and the edge").
    env: { ...process.env, RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? '100' } as Record<string, string>,
    url: webUrl,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
