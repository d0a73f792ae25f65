import { defineConfig } from '@playwright/test';

// `cargo leptos end-to-end` starts the server (see scripts/test.sh for its
// address and database); Playwright only waits for it to answer.
const baseURL = process.env.TETRAD_E2E_URL ?? 'http://127.0.0.1:3017';

// The specs of one half of the run, when scripts/test.sh names them
// (space-separated file names): `cargo leptos end-to-end` passes no
// arguments to Playwright.
const only = process.env.TETRAD_E2E_SPECS?.split(/\s+/).filter(Boolean);

export default defineConfig({
  testDir: './tests',
  ...(only ? { testMatch: only.map((file) => `**/${file}`) } : {}),
  // A test's own limit, not a speed target: on this 2-core machine, with
  // two workers and the server beside them, a test that waits for a
  // replay once took 34 s in all, its teardown included.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  // A `test.only` left in a spec would silently skip every other test:
  // refused in every run (scripts/test.sh sets no CI variable), unless a
  // developer asks for it while working on one test.
  forbidOnly: !process.env.TETRAD_ALLOW_ONLY,
  // One retry: on this 2-core machine, with two workers and the server
  // beside them, a test that waits on a replay or a worker's deadline
  // misses its 10 s about once in a hundred and twenty, a different
  // test each run. A test must still pass whole on its second try, and
  // one that needed it is reported as flaky and named in the summary
  // scripts/test.sh prints (docs/decisions.md).
  retries: 1,
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'ru-RU',
    trace: 'retain-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright's own browser download is not available here.
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // The server is already being started by cargo-leptos; this command only
    // holds the slot while Playwright polls the health check.
    command: 'node -e "setInterval(() => {}, 1 << 30)"',
    url: `${baseURL}/healthz`,
    reuseExistingServer: true,
    timeout: 180_000,
  },
});
