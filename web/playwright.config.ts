import { defineConfig } from '@playwright/test';

// Browser tests drive the real Go binary (see e2e/fixtures.ts), which serves
// the built app from dist/: run `npm run build` (and `make build`) first.
// Playwright never downloads a browser here: Debian's Chromium is used.
export default defineConfig({
  testDir: './e2e',
  // Two workers: each has its own carta server and data (fixtures.ts, worker-scoped), and a
  // file's tests run in order in one worker. On a busy 2-core CI machine the suite (315 tests)
  // took 33 min with two on 2026-11-29, a11y.spec alone 19 min; a quieter one took ~12-19 min.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: 'list',
  // A test's and an expectation's time-outs catch a hang, not a slow machine: the 2-core CI
  // machine, with the other worker's browser contexts busy, runs a flow two to three times
  // slower than a quiet one (roles.spec's group owner: 9.5 s alone, 28 s beside tables.spec).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  use: {
    headless: true,
    // The board's endless pulse on a new order repaints every frame in a Chromium without
    // a GPU; reduced motion (which the app honours) keeps it from taking the CI's two cores.
    // Contexts a test opens itself get the same (fixtures.ts, `quiet`).
    reducedMotion: 'reduce',
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
