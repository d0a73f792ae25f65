import { defineConfig } from '@playwright/test';
import base, { inTheFullBrowser } from './playwright.config';

// The benchmarks (scripts/bench.sh), not tests: one worker, so figures are
// not shared with a second browser; no retries; the server is a release
// build that scripts/bench.sh has already started. In the full browser, as
// a phone runs the app: the tests' lighter headless shell is not what is
// measured.
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '*.bench.ts',
  timeout: 600_000,
  fullyParallel: false,
  workers: 1,
  webServer: undefined,
  projects: [{ name: 'full browser', use: inTheFullBrowser }],
  use: { ...base.use, baseURL: process.env.TETRAD_BENCH_URL ?? 'http://127.0.0.1:3018' },
});
