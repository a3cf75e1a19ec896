import { defineConfig } from 'vitest/config';

// Unit, database and API tests (Playwright journeys live in tests/e2e and run separately).
// Database tests run against PGlite always, and against PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default'],
    globalSetup: ['apps/server/src/test/global-setup.ts'],
    setupFiles: ['apps/web/src/testing/setup.ts'],
  },
});
