import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort } from '@rangrez/db/testing/free-port';
import { OWNER } from './owner.ts';

// The config is loaded by the runner first and then by each worker: set run-wide values once, in env,
// so the workers see the same data directory and port.
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), 'rangrez-e2e-'));
  // The embedded PostgreSQL runs as an unprivileged user when we are root: it must be able to enter the dir.
  chmodSync(process.env.E2E_DATA_DIR, 0o755);
}
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_PG_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  outputDir: path.join(import.meta.dirname, '../test-results/e2e'),
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromePath,
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx apps/api/src/server.ts',
    cwd: path.join(import.meta.dirname, '..'),
    url: `${baseURL}/api/v1/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    // Ctrl-C semantics: the app finishes, then stops its embedded PostgreSQL.
    gracefulShutdown: { signal: 'SIGINT', timeout: 15_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT,
      LOG_LEVEL: 'warn',
      WARM_MEDIA: 'false',
      // Every spec signs up from 127.0.0.1; the production default (10 an hour) would trip across specs.
      SIGNUP_RATE_LIMIT_PER_HOUR: '10000',
      // Likewise the per-minute abuse limits (plugins/limits.ts): both workers sign in and order from 127.0.0.1.
      LOGIN_RATE_LIMIT_PER_MINUTE: '10000',
      ORDER_RATE_LIMIT_PER_MINUTE: '10000',
      SLIDER_EVENT_RATE_LIMIT_PER_MINUTE: '10000',
      PINCODE_RATE_LIMIT_PER_MINUTE: '10000',
      REVIEW_RATE_LIMIT_PER_MINUTE: '10000',
      PROMOTION_CODE_RATE_LIMIT_PER_MINUTE: '10000',
      NEWSLETTER_RATE_LIMIT_PER_MINUTE: '10000',
      // Every spec's shopper orders with one phone (fixtures.ts).
      COD_MAX_OPEN_PER_PHONE: '1000000',
      // The back office's first owner (admin.spec.ts signs in as them).
      OWNER_EMAIL: OWNER.email,
      OWNER_PASSWORD: OWNER.password,
      // As a public store runs: every staff member must set up two-factor sign-in (admin.spec.ts goes through it).
      STAFF_2FA: 'required',
      // A registered seller: paid orders get their tax invoice (payment-retry.spec.ts downloads one).
      SELLER_GSTIN: '27AAPFU0939F1ZV',
      DATABASE_URL: '',
    },
  },
});
