// The test-only bindings vitest.worker.config.ts adds to the Worker's Env.
import type { D1Migration } from 'cloudflare:test';

/** One mail as the Worker handed it to the send_email binding. */
export interface OutboxMail {
  from: { name: string; email: string };
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** The outbox MAIL is bound to in tests (vitest.worker.config.ts): what the Worker sent, by recipient. */
      MAIL_OUTBOX: { sentTo(address: string): Promise<OutboxMail[]>; clear(): Promise<void> };
    }
  }
}

export {};
