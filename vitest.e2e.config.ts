import './scripts/lib/node-22.mjs';
import { defineConfig } from 'vitest/config';

// Browser tests: real Chromium (playwright-core) against the built site served by `wrangler dev`.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/e2e/support/global-setup.ts'],
    fileParallelism: false, // two cores: one browser at a time
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
