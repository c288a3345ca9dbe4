import { defineConfig, devices } from '@playwright/test';

// Not one of fetch's blocked ports (e.g. 4190): the server calls its own WeChat simulator with fetch.
const PORT = Number(process.env.E2E_PORT ?? 4180);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

/**
 * Stories run against the real built server (npm run build first) on a fresh embedded database,
 * in Debian's Chromium with iPhone 13 and Pixel 7 emulation. No browser is downloaded.
 * The server runs from a snapshot of the build (package.json, drizzle, dist copied into
 * .e2e-data/build), so a rebuild in the same checkout during a run cannot pull files from under it.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
  projects: [
    { name: 'iphone-13', use: { ...devices['iPhone 13'], browserName: 'chromium' } },
    { name: 'pixel-7', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
  ],
  webServer: {
    command: 'rm -rf .e2e-data && mkdir -p .e2e-data/build && cp -r package.json drizzle dist .e2e-data/build/'
      + ' && node --enable-source-maps .e2e-data/build/dist/server/main.js',
    url: `${E2E_BASE_URL}/prod-api/version`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: '.e2e-data/db', LOG_LEVEL: 'warn', RATE_LIMIT_SIGNIN_PER_MIN: '1000' },
  },
});
