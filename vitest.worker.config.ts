// Worker tests: run inside workerd (miniflare) against a local D1 built from the real migrations.
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

// Fixed test-only secrets (64 characters each); production reads them from `wrangler secret`.
const SESSION_SECRET = 'test-session-secret-'.padEnd(64, 's');
const PASSWORD_PEPPER = 'test-password-pepper-'.padEnd(64, 'p');

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, SESSION_SECRET, PASSWORD_PEPPER },
        },
      }),
    ],
    test: {
      include: ['tests/worker/**/*.test.ts'],
      setupFiles: ['./tests/worker/apply-migrations.ts'],
    },
  };
});
