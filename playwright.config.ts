// Browser journeys in Debian's Chromium against a real Callboard (built SPA + API) on a fresh
// embedded database with the demo data. Error reporting and product analytics are on, pointed at
// a receiver on loopback (tests/e2e/telemetry-receiver.ts) that the tests read back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './tests/e2e/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// Beside the server's port, so that two runs on one machine (E2E_PORT) do not collide. Set in the
// environment so that global-setup.ts and the test workers find the same port.
const telemetryPort = Number(process.env.E2E_TELEMETRY_PORT ?? port + 1000);
process.env.E2E_TELEMETRY_PORT = String(telemetryPort);
const telemetryOrigin = `http://127.0.0.1:${telemetryPort}`;
// The single sign-on journey's identity provider (tests/e2e/sso.spec.ts starts it on this port):
// on loopback, so the server must be told it may reach it.
const identityProviderPort = Number(process.env.E2E_IDP_PORT ?? port + 2000);
process.env.E2E_IDP_PORT = String(identityProviderPort);
// Evaluated in every Playwright process, but only the main one starts the server. The main one
// makes the server's data directory (about 500 MB once the journeys have run) and removes it when
// it exits, after the server has stopped; the workers inherit its name.
const ownsDataDir = !process.env.E2E_DATA_DIR;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'callboard-e2e-'));
if (ownsDataDir) {
  process.env.E2E_DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'npm run start --workspace @callboard/server',
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SENTRY_DSN: `http://public@127.0.0.1:${telemetryPort}/1`,
      POSTHOG_KEY: 'phc_e2e',
      POSTHOG_HOST: telemetryOrigin,
      SSO_INTERNAL_ISSUERS: `http://127.0.0.1:${identityProviderPort}`,
      // Another build of the SPA (npx vite build --outDir …), for parallel work on one machine.
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST_DIR: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
