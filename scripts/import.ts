// Imports a WordPress (.xml), Ghost (.json) or Byline (.zip) export, exactly as /admin/import does:
// the file is parsed and converted here (web/features/admin/import/import-*.ts) and sent in the same batches.
//
//   npm run import -- FILE [--as USERNAME] [--persist-to DIR] [--site URL]
//       writes to the LOCAL D1 and media (as `wrangler dev` keeps them) through the Worker's own import
//       functions (worker/services/import.ts, import-images.ts), as the admin USERNAME (default: the first active admin),
//       then tells the Byline running on that database (`npm start`, --site, default
//       http://localhost:8787) to re-read its content state, so visitors see the import at once.
//   npm run import -- FILE --remote [--url https://your.site]
//       sends the batches to the running Byline at --url (or BYLINE_URL) over its admin API, signed in
//       as BYLINE_LOGIN with BYLINE_PASSWORD from the environment (never from the command line).
//   --from https://old.example (both modes): the old Ghost site's address, for its `__GHOST_URL__`
//       images (then copied) and links to what this import does not bring.
//
// Prints progress and then the same report as the admin page; exits 1 if a batch was refused.
import './lib/node-22.mjs';
import { readFileSync } from 'node:fs';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { CONTENT_STATE_REFRESH_PATH, ImportBatchSchema, MEDIA_KEY_PATTERN, type ImportReport } from '../contracts/import';
import { users } from '../worker/db/schema';
import type { Db, SessionUser } from '../worker/env';
import { HttpError } from '../worker/lib/http-error';
import { importBatch } from '../worker/services/import';
import { copyImage, storeExportImage } from '../worker/services/import-images';
import { createHttpClient } from '../web/lib/http';
import { parseImportFile } from '../web/features/admin/import/import-file';
import { oldSiteAddress } from '../web/features/admin/import/import-ghost-urls';
import { ImportFileError } from '../web/features/admin/import/import-plan';
import { httpImportTransport } from '../web/features/admin/import/import-api';
import { batchRanges, runImport, type ImportProgress, type ImportTransport } from '../web/features/admin/import/import-run';
import { readArgs } from './lib/cli-args';
import { CliError, describeTarget, resolvePersistTo, runCli } from './lib/d1-local';
import { withLocalWorkerEnv } from './lib/local-worker-env';

const USAGE = `Usage: npm run import -- FILE [--from OLD_SITE_URL] [--as USERNAME] [--persist-to DIR] [--site URL]
       npm run import -- FILE [--from OLD_SITE_URL] --remote [--url URL]   (BYLINE_LOGIN and BYLINE_PASSWORD in the environment)`;

const OPTIONS = {
  as: { type: 'string' },
  'persist-to': { type: 'string' },
  site: { type: 'string' },
  from: { type: 'string' },
  remote: { type: 'boolean' },
  url: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The Byline serving this database locally: npm start's address unless --site says otherwise. */
const localSite = (site: string | undefined) => site ?? `http://localhost:${process.env.PORT ?? '8787'}`;

/**
 * Tells the Byline running on the database just written (`npm start`) to re-read its content state, so
 * its visitors see the import at once: a write made outside the Worker would otherwise reach them only
 * when the state it holds expires (STALE_BOUND_MS, docs/decisions/009 and 029).
 */
async function announceToRunningSite(site: string): Promise<void> {
  try {
    const res = await fetch(new URL(CONTENT_STATE_REFRESH_PATH, site), { method: 'POST', signal: AbortSignal.timeout(5000) });
    if (res.ok) console.log(`Told the site running at ${site}: its visitors see the import at once.`);
    else console.log(`The site at ${site} answered ${res.status}; its visitors see the import within 30 seconds.`);
  } catch {
    console.log(`No site is running at ${site}; one started on this database shows the import.`);
  }
}

/** The import endpoints' work done in-process on the local D1: the same functions the routes call. */
function localTransport(db: Db, media: Parameters<typeof copyImage>[1], admin: SessionUser): ImportTransport {
  return {
    batch: async (batch) => {
      const parsed = ImportBatchSchema.safeParse(batch);
      if (!parsed.success) throw new CliError(`Batch ${batch.batch} is not valid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      try {
        return await importBatch(db, parsed.data, Date.now(), admin);
      } catch (err) {
        if (err instanceof HttpError) throw new CliError(err.message);
        throw err;
      }
    },
    images: async (urls) => ({ items: await Promise.all(urls.map((url) => copyImage(db, media, admin, url))) }),
    mediaFile: async (file) => {
      if (!MEDIA_KEY_PATTERN.test(file.key)) throw new CliError(`Not a media key: ${file.key}`);
      const stored = await storeExportImage(db, media, admin, file);
      if (!stored) throw new CliError(`Not the image its key names: ${file.key}`);
      return stored;
    },
  };
}

async function adminOf(db: Db, username: string | undefined): Promise<SessionUser> {
  const [row] = await db
    .select({ id: users.id, username: users.username, name: users.name, email: users.email, bio: users.bio, image: users.image, role: users.role })
    .from(users)
    .where(and(eq(users.role, 0), isNull(users.disabledAt), username ? eq(users.username, username) : undefined))
    .orderBy(asc(users.id))
    .limit(1);
  if (!row) throw new CliError(username ? `No active admin named ${username}.` : 'No active admin in this database: create one with npm run admin:create.');
  return row;
}

/** An HTTP client for the deployed site, signed in as an admin (cookie kept, same-origin headers sent). */
async function remoteTransport(baseUrl: string): Promise<ImportTransport> {
  const login = process.env.BYLINE_LOGIN;
  const password = process.env.BYLINE_PASSWORD;
  if (!login || !password) throw new CliError('--remote needs BYLINE_LOGIN and BYLINE_PASSWORD (an admin) in the environment.');
  const origin = new URL(baseUrl).origin;
  let cookie = '';
  const http = createHttpClient({
    baseUrl: origin,
    fetch: async (input, init) => {
      const headers = new Headers(init.headers);
      headers.set('origin', origin);
      if (cookie) headers.set('cookie', cookie);
      const res = await fetch(input, { ...init, headers });
      const set = res.headers.getSetCookie().map((l) => l.split(';')[0]!).find((p) => p.includes('byline_session='));
      if (set) cookie = set;
      return res;
    },
  });
  await http.request('POST', '/api/auth/login', { login, password });
  return httpImportTransport(http);
}

function printReport(report: ImportReport): void {
  const i = report.imported;
  console.log(`\nImported from ${report.source}: ${i.posts} posts, ${i.users} authors, ${i.categories} categories, ${i.tags} tags, ${i.featured} featured, ${i.images} images copied, ${i.pages} pages, ${i.menus} menus replaced, ${i.redirects} old addresses redirected.`);
  console.log(`Batches that landed: ${batchRanges(report.landed) || 'none'} of ${report.totalBatches}.`);
  if (report.failed) console.log(`Stopped at batch ${report.failed.batch}: ${report.failed.message} (nothing of that batch was written; run the import again to continue).`);
  if (report.skipped.length) {
    console.log(`\nSkipped (${report.skipped.length}):`);
    for (const s of report.skipped) console.log(`  ${s.kind} ${s.key}: ${s.why}`);
  }
  if (report.warnings.length) {
    console.log(`\nWarnings (${report.warnings.length}):`);
    for (const w of report.warnings) console.log(`  ${w}`);
  }
}

async function main(): Promise<void> {
  const { values: args, positionals } = readArgs(process.argv.slice(2), OPTIONS, 1, USAGE);
  const [file] = positionals;
  if (args.help || !file) {
    console.log(USAGE);
    return;
  }
  const from = args.from === undefined ? null : oldSiteAddress(args.from);
  if (args.from !== undefined && !from) throw new CliError(`--from needs the old site's http(s) address, e.g. --from https://old.example (got ${args.from}).`);

  const started = performance.now();
  let plan;
  try {
    plan = parseImportFile(new Uint8Array(readFileSync(file)), { from });
  } catch (err) {
    if (err instanceof ImportFileError) throw new CliError(err.message);
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new CliError(`No such file: ${file}`);
    throw err;
  }
  const parsedIn = performance.now() - started;
  console.log(`Parsed ${file} (${plan.source}): ${plan.posts.length} posts, ${plan.users.length} authors, ${plan.categories.length} categories, ${plan.tags.length} tags in ${(parsedIn / 1000).toFixed(1)} s.`);

  let last = '';
  const onProgress = (p: ImportProgress) => {
    const line = `  ${p.label} (${p.done}/${p.total})`;
    if (line !== last) console.log(line);
    last = line;
  };

  let report: ImportReport;
  if (args.remote) {
    const url = args.url ?? process.env.BYLINE_URL;
    if (!url) throw new CliError('--remote needs --url https://your.site (or BYLINE_URL).');
    report = await runImport(plan, await remoteTransport(url), onProgress);
  } else {
    const persistTo = resolvePersistTo(args['persist-to']);
    console.log(`Importing into ${describeTarget({ kind: 'local', persistTo })} …`);
    report = await withLocalWorkerEnv(persistTo, async ({ db, media }) => runImport(plan, localTransport(db, media, await adminOf(db, args.as)), onProgress));
    if (report.landed.length > 0) await announceToRunningSite(localSite(args.site));
  }
  printReport(report);
  console.log(`\nDone in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  if (report.failed) process.exitCode = 1;
}

runCli(main);
