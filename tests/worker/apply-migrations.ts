// Runs before each test file: the real migrations, applied to the local D1 (already-applied ones are skipped).
import { applyD1Migrations, env } from 'cloudflare:test';

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
