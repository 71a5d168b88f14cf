import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = 3210;
const BASE_URL = `http://localhost:${PORT}`;
const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** A fresh data folder for every run (relative to the repo root, where `npm start` runs). */
const DATA_DIR = 'tmp/e2e-data';

/**
 * End-to-end tests against the real local stack (`npm start`: static export + API +
 * dynalite + local state machine + local speech), in Debian's Chromium.
 */
export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  outputDir: path.join(REPO_ROOT, 'test-results', 'dashboard-e2e'),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  webServer: {
    // Remove the previous run's data right before the server starts (Playwright starts
    // web servers before running any global setup, so it cannot be done there).
    command: `node -e "require('node:fs').rmSync('${DATA_DIR}', { recursive: true, force: true })" && npm start`,
    cwd: REPO_ROOT,
    url: BASE_URL,
    timeout: 300_000,
    reuseExistingServer: false,
    // SIGTERM to `npm start`'s process group lets the stack stop cleanly (DynamoDB Local
    // included); a SIGKILL of npm alone is also noticed by the server, which then stops.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      LUMCAST_DATA_DIR: DATA_DIR,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  },
});
