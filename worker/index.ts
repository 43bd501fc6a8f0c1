// The Worker's handlers: requests (the Hono app), Cron Triggers (jobs/scheduled.ts) and the mail queue's
// consumer (jobs/mail-queue.ts).
import { createApp } from './app';
import { consumeMailBatch } from './jobs/mail-queue';
import { runScheduled } from './jobs/scheduled';
import type { QueuedMail } from './lib/mailer';
import type { NewsletterBatch } from './services/newsletter-send';

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled: runScheduled,
  queue: consumeMailBatch,
} satisfies ExportedHandler<Env, QueuedMail | NewsletterBatch>;
