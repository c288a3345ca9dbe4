import { execFileSync } from 'node:child_process';
import { defineConfig, devices } from '@playwright/test';
import { limit } from './e2e/limits.ts';

// E2E_PORT, or a free port chosen once here: the workers inherit it through the environment.
process.env.E2E_PORT ||= String(freePort());
const PORT = Number(process.env.E2E_PORT);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;
// The run's own data folder, so two runs in one checkout do not share a database.
const DATA = `.e2e-data/${PORT}`;

/**
 * Stories run against the real built server (npm run build first) on a fresh embedded database,
 * in Debian's Chromium with iPhone 13 and Pixel 7 emulation. No browser is downloaded.
 * The server runs from a snapshot of the build (package.json, drizzle, dist copied into
 * .e2e-data/<port>/build), so a rebuild in the same checkout during a run cannot pull files from
 * under it; folders of runs older than a day are removed. Limits scale with E2E_SLOW (e2e/limits.ts).
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  // Generous: the longest journeys (two phones, sign-in, purchase, payment) take about a minute on a busy machine.
  timeout: limit(120_000),
  expect: { timeout: limit(10_000) },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    navigationTimeout: limit(30_000),
    // Recording a trace slows every step; in CI the retry of a failed story records one.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
  projects: [
    { name: 'iphone-13', use: { ...devices['iPhone 13'], browserName: 'chromium' } },
    { name: 'pixel-7', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
  ],
  webServer: {
    command:
      `mkdir -p .e2e-data && find .e2e-data -mindepth 1 -maxdepth 1 -mmin +1440 -exec rm -rf {} +` +
      ` && rm -rf ${DATA} && mkdir -p ${DATA}/build && cp -r package.json drizzle dist ${DATA}/build/` +
      ` && node --enable-source-maps ${DATA}/build/dist/server/main.js`,
    url: `${E2E_BASE_URL}/prod-api/version`,
    reuseExistingServer: false,
    // Generous: the longest journeys (two phones, sign-in, purchase, payment) take about a minute on a busy machine.
    timeout: limit(120_000),
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: `${DATA}/db`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGNIN_PER_MIN: '1000',
      // The stories read the SMS outbox, backdate policies and sign in through the WeChat simulator.
      DEV_ROUTES: 'true',
      WECHAT_SIMULATOR: 'true',
    },
  },
});

/**
 * A port nobody listens on, from the system's ephemeral range. Above 10080: fetch refuses some
 * lower ports (e.g. 4190, 6000), and the server calls its own WeChat simulator with fetch.
 */
function freePort(): number {
  const script =
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })";
  for (;;) {
    const port = Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
    if (port > 10080) return port;
  }
}
