import { defineConfig } from '@playwright/test';

// Real journeys in Debian's Chromium; never a downloaded browser. Each spec starts the
// servers it needs (see tests/e2e/support/server.ts) because some specs kill and restart them.
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  timeout: 120_000,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking',
        '--disable-component-update', '--disable-sync', '--no-first-run',
      ],
    },
  },
});
