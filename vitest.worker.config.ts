// Worker tests: run inside workerd (miniflare) against a local D1 built from the real migrations.
import './scripts/lib/node-22.mjs';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// Fixed test-only secrets (64 characters each); production reads them from `wrangler secret`.
const SESSION_SECRET = 'test-session-secret-'.padEnd(64, 's');
const PASSWORD_PEPPER = 'test-password-pepper-'.padEnd(64, 'p');
// The site's configured address (wrangler.toml leaves it empty): every mailed link is built from it.
// The same origin the tests' requests go to (tests/worker/helpers.ts ORIGIN).
const SITE_URL = 'https://byline.test';

// The Worker's MAIL binding (send_email in wrangler.toml) is bound instead to this outbox, a worker of the
// tests' own with the binding's `send` method: it keeps what the Worker sent, and tests read it back
// through MAIL_OUTBOX (tests/worker/mail-outbox.ts); it refuses mail to @undeliverable.test, as a mail
// service can. Our mailer code runs unchanged.
const MAIL_OUTBOX_WORKER = `
import { WorkerEntrypoint } from 'cloudflare:workers';
const sent = [];
export class Outbox extends WorkerEntrypoint {
  async send(message) {
    // An address the tests use for a mail service that refuses: the queue's retries and failure list.
    if ([].concat(message.to).some((to) => to.endsWith('@undeliverable.test'))) throw new Error('550 mailbox unavailable');
    sent.push(JSON.parse(JSON.stringify(message)));
    return { messageId: '<' + sent.length + '@outbox.test>' };
  }
  // Each test file starts with an empty outbox (tests/worker/apply-migrations.ts): files share this worker.
  async clear() {
    sent.length = 0;
  }
  async sentTo(address) {
    return sent.filter((m) => [].concat(m.to).includes(address));
  }
}
export default { fetch: () => new Response('mail outbox') };
`;

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: {
          bindings: { TEST_MIGRATIONS: migrations, SESSION_SECRET, PASSWORD_PEPPER, SITE_URL },
          email: { send_email: [] },
          serviceBindings: {
            MAIL: { name: 'mail-outbox', entrypoint: 'Outbox' },
            MAIL_OUTBOX: { name: 'mail-outbox', entrypoint: 'Outbox' },
          },
          workers: [{ name: 'mail-outbox', modules: true, script: MAIL_OUTBOX_WORKER, compatibilityDate: '2026-04-20' }],
        },
      }),
    ],
    test: {
      include: ['tests/worker/**/*.test.ts'],
      setupFiles: ['./tests/worker/apply-migrations.ts'],
      // One runtime for every file (a fresh one per file cost ~2 s each: over half the suite's time); each file
      // still starts from the migrated database (tests/worker/fresh-database.ts) — docs/decisions/070.
      isolate: false,
      // The Worker logs one JSON line per request (decision 059): thousands here, and request-log.test.ts reads
      // them itself; printing them would bury a failure's own output.
      onConsoleLog: (log: string) => !log.startsWith('{"requestId":'),
    },
  };
});
