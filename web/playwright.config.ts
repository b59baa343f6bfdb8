import { defineConfig } from '@playwright/test';

// Browser tests drive the real Go binary (see e2e/fixtures.ts), which serves
// the built app from dist/: run `npm run build` (and `make build`) first.
// Playwright never downloads a browser here: Debian's Chromium is used.
export default defineConfig({
  testDir: './e2e',
  // Two workers: each has its own carta server and data (fixtures.ts, worker-scoped), and a
  // file's tests run in order in one worker. On the 2-core CI machine the suite takes ~12 min
  // with two (314 tests; a11y.spec alone ~6 min) instead of ~24 with one.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    headless: true,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
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
  projects: [{ name: 'chromium' }],
});
