// Runs before each test file. Test files share one runtime (isolate: false in vitest.worker.config.ts: a fresh
// runtime per file cost ~2 s each, over half the suite's time), so each file starts from the database the real
// migrations leave (tests/worker/fresh-database.ts) and an empty mail outbox (docs/decisions/070).
import { env } from 'cloudflare:test';
import { freshDatabase } from './fresh-database';

await Promise.all([freshDatabase(env.DB, env.TEST_MIGRATIONS), env.MAIL_OUTBOX.clear()]);
