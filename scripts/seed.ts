// Seeds the LOCAL D1 with the demo content of demo/ (README there), once: if the users table already
// has a row, it changes nothing. Either way it ends by printing the demo admin's login.
//
//   npx tsx scripts/seed.ts [--persist-to DIR]      (DIR defaults to .wrangler/state, as wrangler dev)
//
// Everything is written the way the API writes it — the same contracts validate the input and the
// Worker's own functions store it (password hash, category slug, post slug, excerpt, reading time,
// body HTML, featured list) — through wrangler's getPlatformProxy on the database wrangler dev uses.
import './lib/node-22.mjs';
import { count, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { PostInputSchema, type PostInputData } from '../contracts/posts';
import { ROLE_ADMIN } from '../contracts/users';
import { categories, posts, users } from '../worker/db/schema';
import type { Db } from '../worker/env';
import { HttpError } from '../worker/lib/http-error';
import { hashPassword } from '../worker/lib/password';
import { storeUploadedImage, type MediaBucket } from '../worker/services/media-store';
import { createPostAs } from '../worker/services/post-writes';
import { changeSettings } from '../worker/services/settings';
import { slugify } from '../worker/lib/slug';
import { insertCategory } from '../worker/queries/admin-categories';
import { findPostsBySlugs, replaceFeatured } from '../worker/queries/featured';
import { insertUser, type UserRow } from '../worker/queries/users';
import { readArgs } from './lib/cli-args';
import { CliError, describeTarget, resolvePersistTo, runCli } from './lib/d1-local';
import { DEMO_MEDIA_COVER, readDemoContent, readDemoMedia, type DemoContent, type DemoPost, type DemoUser } from './lib/demo-content';
import { withLocalWorkerEnv } from './lib/local-worker-env';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

const USAGE = 'Usage: npx tsx scripts/seed.ts [--persist-to DIR]';

/** A post's moments as of `now`: when it was written, last touched and (to be) published. */
interface Timeline {
  publishedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

function timelineOf(post: DemoPost, now: number): Timeline {
  if (post.status === 'published') {
    const publishedAt = Math.round((now - post.daysAgo * DAY_MS) / MINUTE_MS) * MINUTE_MS;
    // Written the day before it went out, last touched when it was published.
    return { publishedAt, createdAt: publishedAt - DAY_MS, updatedAt: publishedAt };
  }
  if (post.status === 'scheduled') {
    // Due on the hour, daysAhead days from now; written yesterday.
    const publishedAt = Math.ceil((now + post.daysAhead * DAY_MS) / HOUR_MS) * HOUR_MS;
    return { publishedAt, createdAt: now - DAY_MS, updatedAt: now - DAY_MS + 2 * HOUR_MS };
  }
  const createdAt = Math.round((now - post.daysAgo * DAY_MS) / MINUTE_MS) * MINUTE_MS;
  return { publishedAt: null, createdAt, updatedAt: Math.min(now, createdAt + 6 * HOUR_MS) };
}

/** The body of `POST /api/posts` for a demo post, checked by the API's own schema. */
function postInput(post: DemoPost, publishedAt: number | null): PostInputData {
  const r = PostInputSchema.safeParse({
    title: post.title,
    body: post.body,
    category: post.category,
    status: post.status === 'draft' ? 'draft' : 'published',
    excerpt: post.excerpt,
    // An image of demo/media gets its /media/ address when the seed uploads it (uploadCovers).
    coverImage: post.cover !== undefined && DEMO_MEDIA_COVER.test(post.cover) ? undefined : post.cover,
    coverAlt: post.coverAlt,
    publishedAt: publishedAt === null ? undefined : new Date(publishedAt).toISOString(),
    slug: post.slug,
    tags: post.tags,
  });
  if (!r.success) throw new CliError(`${post.file}: ${r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return r.data;
}

/** A refusal of the write path (unknown category, slug taken, …) as a message naming the file. */
function refused(file: string, err: unknown): unknown {
  if (!(err instanceof HttpError)) return err;
  const fields = Object.entries(err.fields ?? {}).map(([k, v]) => `${k}: ${v}`);
  return new CliError(`${file}: ${[err.message, ...fields].join('; ')}`);
}

/**
 * Uploads each demo/media cover once, as the upload route stores an image, owned by the first author
 * using it: its `media/<file>` → `/media/<key>`.
 */
async function uploadCovers(db: Db, bucket: MediaBucket, posts: DemoPost[], accounts: Map<string, UserRow>): Promise<Map<string, string>> {
  const urls = new Map<string, string>();
  for (const post of posts) {
    if (post.cover === undefined || !DEMO_MEDIA_COVER.test(post.cover) || urls.has(post.cover)) continue;
    const stored = await storeUploadedImage(db, bucket, accounts.get(post.author)!.id, readDemoMedia(post.cover));
    if (!stored) throw new CliError(`${post.file}: demo/${post.cover} is not a JPEG, PNG, WebP, GIF or AVIF image`);
    urls.set(post.cover, stored.url);
  }
  return urls;
}

interface Seeded {
  posts: { post: DemoPost; time: Timeline }[];
  featured: number;
}

async function seed(db: Db, media: MediaBucket, content: DemoContent, pepper: string, now: number): Promise<Seeded> {
  // Every post's input is checked before the first write, so a bad file leaves the database empty.
  const planned = content.posts
    .map((post) => ({ post, time: timelineOf(post, now) }))
    .map((p) => ({ ...p, input: postInput(p.post, p.time.publishedAt) }))
    .sort((a, b) => a.time.createdAt - b.time.createdAt);

  // The API stamps each write with the moment it happens; a demo needs a history, so these stamps are
  // moved back afterwards — the only columns the seed sets itself.
  const backdate: BatchItem<'sqlite'>[] = [];
  const oldest = now - 120 * DAY_MS;
  const stamp = (at: number) => ({ createdAt: new Date(at), updatedAt: new Date(at) });

  // Users: the admin first, then the authors, a day apart, all before the oldest post. Each gets its own
  // salt, so authors sharing the demo password still get unrelated hashes.
  const hashes = await Promise.all(content.users.map((u) => hashPassword(u.password, pepper)));
  const accounts = new Map<string, UserRow>();
  for (const [i, u] of content.users.entries()) {
    const row = await insertUser(db, { username: u.username, name: u.name, email: u.email, passwordHash: hashes[i]!, role: u.role, bio: u.bio });
    accounts.set(u.username, row);
    backdate.push(db.update(users).set(stamp(oldest + i * DAY_MS)).where(eq(users.id, row.id)));
  }

  for (const c of content.categories) {
    const slug = await insertCategory(db, {
      name: c.name,
      description: c.description ?? '',
      slug: c.slug ? { handSet: c.slug } : { base: slugify(c.name) },
    });
    backdate.push(db.update(categories).set(stamp(oldest + content.users.length * DAY_MS)).where(eq(categories.slug, slug)));
  }

  // Each post is written by its author, as if they had uploaded its cover and pressed Save in the editor.
  const covers = await uploadCovers(db, media, content.posts, accounts);
  for (const { post, time, input } of planned) {
    let slug: string;
    const coverImage = covers.get(post.cover ?? '') ?? input.coverImage;
    try {
      slug = (await createPostAs(db, accounts.get(post.author)!, { ...input, coverImage }, now)).post.slug;
    } catch (err) {
      throw refused(post.file, err);
    }
    backdate.push(db.update(posts).set({ createdAt: new Date(time.createdAt), updatedAt: new Date(time.updatedAt) }).where(eq(posts.slug, slug)));
  }

  const featuredSlugs = planned
    .flatMap(({ post }) => (post.status === 'published' && post.featured !== undefined ? [{ slug: post.slug, place: post.featured }] : []))
    .sort((a, b) => a.place - b.place)
    .map((f) => f.slug);
  const ids = new Map((await findPostsBySlugs(db, featuredSlugs)).map((p) => [p.slug, p.id]));
  if (!(await replaceFeatured(db, featuredSlugs.map((s) => ids.get(s)!)))) throw new CliError('Could not store the featured list.');

  const [first, ...rest] = backdate;
  if (first) await db.batch([first, ...rest]);
  // The site's title, tagline, footer and links, as the settings screen saves them (after the categories,
  // which a default category names).
  await changeSettings(db, content.settings);
  return { posts: planned, featured: featuredSlugs.length };
}

function printLogin(admin: DemoUser, adminPresent: boolean): void {
  console.log('\nDemo admin login:');
  console.log(`  username: ${admin.username}`);
  console.log(`  email:    ${admin.email}`);
  console.log(`  password: ${admin.password}`);
  if (!adminPresent) {
    console.log(
      '  (Note: this database had users before the demo content, and the demo admin is not among them.\n' +
        '   Use your own admin account, or seed an empty database.)',
    );
  }
}

async function main(): Promise<void> {
  const { values } = readArgs(process.argv.slice(2), { 'persist-to': { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const persistTo = resolvePersistTo(values['persist-to']);
  const where = describeTarget({ kind: 'local', persistTo });

  const content = readDemoContent();
  const admin = content.users.find((u) => u.role === ROLE_ADMIN)!;
  const authors = content.users.filter((u) => u.role !== ROLE_ADMIN);

  await withLocalWorkerEnv(persistTo, async ({ db, pepper, media }) => {
    const [existing] = await db.select({ n: count() }).from(users);
    if (existing && existing.n > 0) {
      const demo = await db.$count(users, eq(users.username, admin.username));
      console.log(`Demo content already present in ${where} (${existing.n} users); nothing seeded.`);
      printLogin(admin, demo > 0);
      return;
    }

    console.log(`Seeding demo content into ${where} …`);
    const now = Date.now();
    const seeded = await seed(db, media, content, pepper, now);
    const state = (s: string) => seeded.posts.filter((p) => p.post.status === s).length;
    console.log(
      `Seeded: ${content.users.length} users (${content.users.length - authors.length} admin, ${authors.length} authors), ` +
        `${content.categories.length} categories, ${seeded.posts.length} posts ` +
        `(${state('published')} published, ${state('scheduled')} scheduled, ${state('draft')} drafts), ${seeded.featured} featured.`,
    );
    console.log(`Authors sign in with password "${authors[0]?.password}": ${authors.map((a) => a.username).join(', ')}.`);
    printLogin(admin, true);
  });
}

runCli(main);
