import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The benchmarks (scripts/bench.sh), not tests: one worker, so figures are
// not shared with a second browser; no retries; the server is a release
// build that scripts/bench.sh has already started.
export default defineConfig({
  ...base,
  testDir: './bench',
  testMatch: '*.bench.ts',
  timeout: 600_000,
  fullyParallel: false,
  workers: 1,
  webServer: undefined,
  use: { ...base.use, baseURL: process.env.TETRAD_BENCH_URL ?? 'http://127.0.0.1:3018' },
});
