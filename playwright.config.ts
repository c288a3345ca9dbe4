import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices, type Project } from '@playwright/test';
import { limit } from './e2e/limits.ts';

/**
 * The stories (e2e/README.md) in Debian's Chromium with phone emulation; no browser is downloaded.
 *
 * Target: `E2E_BASE_URL` names a running server and none is started; otherwise the real built
 * server (npm run build first) runs on a fresh embedded database, from a snapshot of the build
 * (package.json, drizzle, dist copied into .e2e-data/<port>/build, so a rebuild in the same checkout
 * during a run cannot pull files from under it; folders of runs older than a day are removed).
 * e2e/global-setup.ts asks the target once what it offers; stories tagged with a need it lacks are
 * skipped with the reason.
 *
 * Phones: `npx playwright test` runs iPhone 13 and Pixel 7; `--project` chooses others, and
 * `--project='*'` runs them all (small phones, and inside WeChat the stories tagged @in-wechat).
 * Limits scale with E2E_SLOW (e2e/limits.ts); E2E_LANGUAGE=pl runs the stories in Polish;
 * E2E_RECORD=failures records every story (trace, video) and keeps the failed ones'.
 */
const EXTERNAL = process.env.E2E_BASE_URL?.replace(/\/$/, '');
// E2E_PORT, or a free port chosen once here: the workers inherit it through the environment.
if (!EXTERNAL) process.env.E2E_PORT ||= String(freePort());
const PORT = Number(process.env.E2E_PORT);
const BASE_URL = EXTERNAL ?? `http://127.0.0.1:${PORT}`;
// The run's own data folder, so two runs in one checkout do not share a database.
const DATA = `.e2e-data/${PORT}`;

/** When traces and videos are made: a failed story's retry, or every story with E2E_RECORD=failures. */
const RECORDING = process.env.E2E_RECORD === 'failures' ? 'retain-on-failure' : 'on-first-retry';

/** Playwright's description of a phone, in Debian's Chromium (the WebKit phones too: the H5 targets WeChat's Chromium-based webview on both). */
function phone(device: string) {
  return { ...devices[device], browserName: 'chromium' as const };
}

/** The stories' own options (e2e/fixtures.ts): inside WeChat or not. */
type StoryOptions = { wechat: boolean };

/** Stories that are about WeChat's in-app browser carry this tag; the WeChat phones run only them. */
const IN_WECHAT = /@in-wechat\b/;

const projects: Project<StoryOptions>[] = [
  // The default run: today's two phones, every story (those about WeChat switch to its browser themselves).
  { name: 'iphone-13', use: phone('iPhone 13') },
  { name: 'pixel-7', use: phone('Pixel 7') },
  // Small screens: iPhone SE (375 × 667) and a 360 px-wide Android phone.
  { name: 'iphone-se', default: false, grepInvert: IN_WECHAT, use: phone('iPhone SE (3rd gen)') },
  { name: 'android-360', default: false, grepInvert: IN_WECHAT, use: phone('Galaxy S8') },
  // The same phones inside WeChat: silent sign-in through WeChat, the JS-SDK, the in-page PDF viewer.
  { name: 'iphone-se-wechat', default: false, grep: IN_WECHAT, use: { ...phone('iPhone SE (3rd gen)'), wechat: true } },
  { name: 'android-360-wechat', default: false, grep: IN_WECHAT, use: { ...phone('Galaxy S8'), wechat: true } },
];

export default defineConfig<StoryOptions>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // Generous: the longest journeys (two phones, sign-in, purchase, payment) take about a minute on a busy machine.
  timeout: limit(120_000),
  expect: { timeout: limit(10_000) },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The list while it runs; the HTML report (key screens, failures' traces and videos, attachments) in playwright-report/.
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: BASE_URL,
    navigationTimeout: limit(30_000),
    // Recording slows every story down: by default a failed story's retry is recorded (CI retries
    // once); E2E_RECORD=failures records every story and keeps the failed ones' recordings.
    trace: RECORDING,
    video: recordsVideo() ? RECORDING : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
  projects,
  webServer: EXTERNAL
    ? undefined
    : {
        command:
          `mkdir -p .e2e-data && find .e2e-data -mindepth 1 -maxdepth 1 -mmin +1440 -exec rm -rf {} +` +
          ` && rm -rf ${DATA} && mkdir -p ${DATA}/build && cp -r package.json drizzle dist ${DATA}/build/` +
          ` && node --enable-source-maps ${DATA}/build/dist/server/main.js`,
        url: `${BASE_URL}/prod-api/version`,
        reuseExistingServer: false,
        timeout: limit(120_000),
        env: {
          PORT: String(PORT),
          HOST: '127.0.0.1',
          DATA_DIR: `${DATA}/db`,
          LOG_LEVEL: 'warn',
          RATE_LIMIT_SIGNIN_PER_MIN: '1000',
          // Both phones' stories sign in by SMS from one address, more often than a person in an hour.
          RATE_LIMIT_SMS_PER_HOUR: '1000',
          // Stories share busy machines, where a lagging event loop would shed their pages; the
          // shedding itself is proven by its API test (src/server/plugins/load-shedding.test.ts).
          PRESSURE_MAX_EVENT_LOOP_DELAY_MS: '0',
          // The development routes and the WeChat simulators the tagged stories use.
          DEV_ROUTES: 'true',
          WECHAT_SIMULATOR: 'true',
        },
      },
});

/**
 * Playwright records videos with an ffmpeg of its own, downloaded by `npx playwright install
 * ffmpeg`; where nothing can be downloaded scripts/test puts Debian's in its place. Without it the
 * stories run without videos rather than fail.
 */
function recordsVideo(): boolean {
  const browsers = JSON.parse(readFileSync('node_modules/playwright-core/browsers.json', 'utf8')) as {
    browsers: { name: string; revision: string }[];
  };
  const revision = browsers.browsers.find((b) => b.name === 'ffmpeg')?.revision;
  const root = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
  return existsSync(join(root, `ffmpeg-${revision}`, 'ffmpeg-linux'));
}

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
