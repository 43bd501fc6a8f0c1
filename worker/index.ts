// The Worker's handlers: requests (the Hono app), Cron Triggers (jobs/scheduled.ts) and the mail queue.
import { createApp } from './app';
import { runScheduled } from './jobs/scheduled';

const app = createApp();

export default {
  fetch: app.fetch,
  scheduled: runScheduled,
} satisfies ExportedHandler<Env>;
