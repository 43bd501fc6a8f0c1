// The Worker's scheduled handler: the Cron Triggers of wrangler.toml ([triggers] crons) each run their list of
// jobs (decision 059). Crons never fire locally: `curl 'http://localhost:8787/cdn-cgi/local/scheduled'` runs every
// job under `npm start` (and `npm run dev`), `?cron=17+3+*+*+*` one cron's.
import { createDb } from '../db/client';
import type { Db } from '../env';
import { workersCacheOn } from '../lib/cache-store';
import { purgeDueScheduled } from '../services/scheduled-purge';
import { deleteExpiredRows, pruneRevisions } from './expired-rows';

/** What a job is given: the bindings, a database client, the run's time and its execution context. */
export interface JobContext {
  env: Env;
  db: Db;
  now: number;
  ctx: ExecutionContext;
}

interface Job {
  name: string;
  run: (job: JobContext) => Promise<unknown>;
}

/** How far back each every-minute run looks for scheduled moments: two runs' worth. */
export const SCHEDULED_PURGE_WINDOW_MS = 2 * 60_000;

/** Every minute: what must happen within a minute of its time. Also in wrangler.toml. */
export const EVERY_MINUTE = '* * * * *';
/** Once a day, at a quiet hour: what walks a whole index. Also in wrangler.toml. */
export const DAILY = '17 3 * * *';

/** Each cron's jobs, in order. A job is one entry here; a failing one does not stop the others. */
export const JOBS_BY_CRON: Readonly<Record<string, readonly Job[]>> = {
  [EVERY_MINUTE]: [
    // Scheduled posts whose moment came since the run before (two minutes back, so a late run misses none;
    // purging twice costs nothing): their Workers Cache copies and the lists go (decision 057).
    {
      name: 'purge scheduled posts going live',
      run: ({ env, now, ctx }) => purgeDueScheduled(env, workersCacheOn(ctx), now - SCHEDULED_PURGE_WINDOW_MS, now),
    },
    { name: 'delete expired rows', run: ({ db, now }) => deleteExpiredRows(db, now) },
  ],
  [DAILY]: [{ name: 'cap revisions per post', run: ({ db }) => pruneRevisions(db) }],
};

/** The jobs `cron` runs; a cron not in the table (a manual trigger without `?cron=`) runs every job. */
export const jobsFor = (cron: string): readonly Job[] => JOBS_BY_CRON[cron] ?? Object.values(JOBS_BY_CRON).flat();

/** Runs the cron's jobs one after another, logs one JSON line per job, and fails the run if any job failed. */
export async function runScheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
  const job: JobContext = { env, db: createDb(env.DB), now: controller.scheduledTime, ctx };
  const failures: unknown[] = [];
  for (const { name, run } of jobsFor(controller.cron)) {
    const started = Date.now();
    try {
      await run(job);
      console.log(JSON.stringify({ cron: controller.cron, job: name, ok: true, ms: Date.now() - started }));
    } catch (err) {
      failures.push(err);
      console.error(JSON.stringify({ cron: controller.cron, job: name, ok: false, ms: Date.now() - started }), err);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} scheduled job(s) failed`);
}
