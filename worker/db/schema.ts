// The drizzle tables. Column names are snake_case in SQL (drizzle `casing`), camelCase here.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** The moment a statement runs, in milliseconds: the timestamps' default, and their value in an INSERT … SELECT. */
export const NOW_MS = sql`(unixepoch('subsec') * 1000)`;

const timestamps = {
  createdAt: integer({ mode: 'timestamp_ms' }).notNull().default(NOW_MS),
  updatedAt: integer({ mode: 'timestamp_ms' }).notNull().default(NOW_MS),
};

export const users = sqliteTable(
  'users',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    // Stored lower-cased by the contracts, so a plain UNIQUE is case-insensitive in effect.
    username: text().notNull(),
    name: text().notNull(),
    email: text().notNull(),
    passwordHash: text().notNull(),
    bio: text().notNull().default(''),
    image: text(),
    role: integer().notNull().default(1),
    disabledAt: integer({ mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_username_unique').on(t.username),
    uniqueIndex('users_email_unique').on(t.email),
    index('users_role_created_idx').on(t.role, t.createdAt),
    index('users_created_idx').on(t.createdAt),
    // Authors by name, for the admin's post list sorted by author (migration 0014).
    index('users_name_idx').on(sql`${t.name} COLLATE NOCASE`),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    // The opaque id the profile's session list shows (128 random bits from the database, migration 0008).
    publicId: text()
      .notNull()
      .default(sql`(lower(hex(randomblob(16))))`),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // SHA-256 of the random id carried in the cookie; the id itself is never stored.
    secretHash: text().notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    lastSeenAt: integer({ mode: 'timestamp_ms' }).notNull(),
    userAgent: text().notNull().default(''),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex('sessions_secret_hash_unique').on(t.secretHash),
    uniqueIndex('sessions_public_id_unique').on(t.publicId),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

export const categories = sqliteTable(
  'categories',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    slug: text().notNull(),
    name: text().notNull(),
    description: text().notNull().default(''),
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_slug_unique').on(t.slug), uniqueIndex('categories_name_unique').on(sql`lower(${t.name})`)],
);

export const posts = sqliteTable(
  'posts',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    slug: text().notNull(),
    title: text().notNull(),
    excerpt: text().notNull().default(''),
    body: text().notNull().default(''),
    coverImage: text(),
    // The cover's alt text (migration 0014) and whether it is decorative on purpose (0025, decision 066).
    coverAlt: text().notNull().default(''),
    coverDecorative: integer({ mode: 'boolean' }).notNull().default(false),
    categoryId: integer().notNull().references(() => categories.id),
    authorId: integer()
      .notNull()
      .references(() => users.id),
    status: text({ enum: ['draft', 'pending', 'published'] }).notNull().default('draft'),
    publishedAt: integer({ mode: 'timestamp_ms' }),
    version: integer().notNull().default(1),
    // Derived from the body on every write (ceil(words / 220), at least 1), so lists need not read bodies.
    readingMinutes: integer().notNull().default(1),
    // The body's HTML, rendered at write time (docs/decisions/007); null until first read for older rows.
    bodyHtml: text(),
    // MARKDOWN_RULES_VERSION of worker/lib/markdown.ts that rendered body_html; an older one is rendered again on read.
    bodyHtmlVersion: integer(),
    // Who wrote the current content (migration 0009); a revision names them. Null for older rows.
    editedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    // Per-post SEO (migration 0019, contracts/seo.ts): null when not set; noindex keeps it out of search and the sitemap.
    seoTitle: text(),
    seoDescription: text(),
    seoImage: text(),
    canonicalUrl: text(),
    noindex: integer({ mode: 'boolean' }).notNull().default(false),
    // Comments (migration 0026): the post's switch, and its approved comments counted by triggers on comments.
    commentsOpen: integer({ mode: 'boolean' }).notNull().default(true),
    commentCount: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('posts_slug_unique').on(t.slug),
    index('posts_status_published_idx').on(t.status, t.publishedAt),
    index('posts_category_status_published_idx').on(t.categoryId, t.status, t.publishedAt),
    index('posts_author_status_published_idx').on(t.authorId, t.status, t.publishedAt),
    index('posts_updated_idx').on(t.updatedAt),
    // The admin's post list, filtered by status, category or author, newest updated first (migration 0003),
    // each holding the columns the list's filters read (migration 0014).
    index('posts_author_updated_idx').on(t.authorId, t.updatedAt, t.id, t.status, t.publishedAt, t.categoryId),
    index('posts_status_updated_idx').on(t.status, t.updatedAt, t.id, t.publishedAt, t.categoryId, t.authorId),
    index('posts_category_updated_idx').on(t.categoryId, t.updatedAt, t.id, t.status, t.publishedAt, t.authorId),
    // The admin's post list sorted by title or by status (migration 0014, docs/decisions/030).
    index('posts_admin_title_idx').on(sql`${t.title} COLLATE NOCASE`, t.id, t.status, t.publishedAt, t.categoryId, t.authorId),
    index('posts_admin_status_idx').on(t.status, sql`${t.updatedAt} DESC`, sql`${t.id} DESC`, t.publishedAt, t.categoryId, t.authorId),
    // Search's per-match checks (visibility, category, author) by post id, without reading the row (migration 0012).
    index('posts_id_visibility_idx').on(t.id, t.status, t.publishedAt, t.categoryId, t.authorId),
  ],
);

// posts_fts (0001, rebuilt with prefix indexes by 0028; FTS5: queries/search.ts) and post_counts (0007, kept by triggers: queries/post-counts.ts): raw SQL.

export const featured = sqliteTable(
  'featured',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [uniqueIndex('featured_post_unique').on(t.postId), index('featured_position_idx').on(t.position)],
);

export const media = sqliteTable(
  'media',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    key: text().notNull(),
    ownerId: integer()
      .notNull()
      .references(() => users.id),
    contentType: text().notNull(),
    size: integer().notNull(),
    // Pixels as shown (migration 0022); null until known (rows older than it are filled on first use).
    width: integer(),
    height: integer(),
    alt: text().notNull().default(''), // The library's alt text (migration 0023), offered on insertion; '' = none yet.
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('media_key_unique').on(t.key), index('media_owner_idx').on(t.ownerId)],
);

// Failed-login counters, one row per key ("user:<id>", "account:<unknown login>", "address:<ip>", "register:<ip>"), exact because D1 is.
export const loginAttempts = sqliteTable(
  'login_attempts',
  {
    key: text().primaryKey(),
    count: integer().notNull(),
    windowStart: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('login_attempts_window_start_idx').on(t.windowStart)],
);

// One row (id = 1): the content generation, raised by triggers on every write to what visitors see
// (migrations/0006_edge_cache.sql), so the edge cache's keys change with the content (decision 009).
export const siteState = sqliteTable('site_state', {
  id: integer().primaryKey(),
  generation: integer().notNull(),
});

// Password reset links (migration 0008): only the SHA-256 of the emailed token is kept; one use, one hour.
export const passwordResets = sqliteTable(
  'password_resets',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    usedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('password_resets_token_hash_unique').on(t.tokenHash), index('password_resets_user_idx').on(t.userId), index('password_resets_expires_idx').on(t.expiresAt)],
);

// New-device codes (migration 0013, decision 026): one per account, an HMAC with the pepper; 15 minutes, 5 tries.
export const deviceCodes = sqliteTable(
  'device_codes',
  {
    userId: integer()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    triesLeft: integer().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('device_codes_expires_idx').on(t.expiresAt)],
);

// Email changes awaiting the new address's link (migration 0013): only the token's SHA-256; 24 hours, single use.
export const emailChanges = sqliteTable(
  'email_changes',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text().notNull(),
    tokenHash: text().notNull(),
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
    usedAt: integer({ mode: 'timestamp_ms' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('email_changes_token_hash_unique').on(t.tokenHash), index('email_changes_user_idx').on(t.userId), index('email_changes_expires_idx').on(t.expiresAt)],
);

// Tags and a post's tags (migration 0009). post_tags.published_at mirrors the post's publish time while
// it is published (null otherwise), kept by triggers, so a tag's list is read from one index.
export const tags = sqliteTable(
  'tags',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    slug: text().notNull(),
    name: text().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('tags_slug_unique').on(t.slug), uniqueIndex('tags_name_unique').on(sql`lower(${t.name})`)],
);

export const postTags = sqliteTable(
  'post_tags',
  {
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tagId: integer()
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    publishedAt: integer({ mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagId] }), index('post_tags_tag_published_idx').on(t.tagId, t.publishedAt)],
);

// The content a post had before each update of its title, excerpt or body; the newest 50 a post are kept.
export const postRevisions = sqliteTable(
  'post_revisions',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    title: text().notNull(),
    excerpt: text().notNull(),
    body: text().notNull(),
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('post_revisions_post_idx').on(t.postId, t.id)],
);

// Old slugs of posts, each answered with a 301 to the post's current address.
export const postSlugs = sqliteTable(
  'post_slugs',
  {
    slug: text().primaryKey(),
    postId: integer()
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('post_slugs_post_idx').on(t.postId)],
);

// Remote images an import copied into media (migration 0011), by their original address: fetched once.
export const importMedia = sqliteTable('import_media', {
  sourceUrl: text().primaryKey(),
  mediaKey: text().notNull(),
  createdAt: timestamps.createdAt,
});

// The publication's settings (migration 0015, product.md §14): one row, id 1, seeded with the defaults.
// `social_links` is a JSON array of https URLs; `logo` and `icon` are media keys.
export const settings = sqliteTable('settings', {
  id: integer().primaryKey(),
  title: text().notNull(),
  tagline: text().notNull(),
  description: text().notNull(),
  logo: text(),
  icon: text(),
  accentColor: text().notNull(),
  language: text().notNull(),
  timeZone: text().notNull(),
  postsPerPage: integer().notNull(),
  footer: text().notNull(),
  socialLinks: text().notNull(),
  registration: text().notNull(),
  deviceVerification: text().notNull(),
  defaultCategoryId: integer().references(() => categories.id, { onDelete: 'set null' }),
  feedFullText: integer({ mode: 'boolean' }).notNull(),
  comments: integer({ mode: 'boolean' }).notNull().default(true), // readers may comment (migration 0026)
  updatedAt: timestamps.updatedAt,
});

// Redirects (migration 0016): an old address answered with `status` to `toPath`, only where a page would 404.
export const redirects = sqliteTable(
  'redirects',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    fromPath: text().notNull(),
    toPath: text().notNull(),
    status: integer().$type<301 | 302>().notNull(),
    source: text({ enum: ['manual', 'slug', 'category', 'tag', 'import'] }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('redirects_from_path_unique').on(t.fromPath), index('redirects_to_path_idx').on(t.toPath)],
);

// Standalone pages (migration 0017, docs/decisions/046): served at `/:slug`, never in a list, feed or search.
export const pages = sqliteTable(
  'pages',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    slug: text().notNull(),
    title: text().notNull(),
    body: text().notNull().default(''),
    // Rendered at write time by worker/lib/markdown.ts, as posts' body_html.
    bodyHtml: text().notNull().default(''),
    // The body's first ~160 characters of text, made from the same parse: the description when SEO sets none.
    excerpt: text().notNull().default(''),
    status: text({ enum: ['draft', 'published'] }).notNull().default('draft'),
    seoTitle: text(),
    seoDescription: text(),
    seoImage: text(),
    canonicalUrl: text(),
    noindex: integer({ mode: 'boolean' }).notNull().default(false),
    // Who created it; kept as null when that account is deleted.
    authorId: integer().references(() => users.id, { onDelete: 'set null' }),
    version: integer().notNull().default(1),
    publishedAt: integer({ mode: 'timestamp_ms' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('pages_slug_unique').on(t.slug),
    index('pages_updated_idx').on(t.updatedAt),
    index('pages_status_slug_idx').on(t.status, t.slug, t.updatedAt),
  ],
);

// The header and footer menus (migration 0018): one row per saved menu, its items as JSON (docs/decisions/047).
export const navigationMenus = sqliteTable('navigation_menus', {
  menu: text({ enum: ['header', 'footer'] }).primaryKey(),
  items: text().notNull(),
  updatedAt: timestamps.updatedAt,
});

// Pending invites (migration 0020, decision 055): one per email, the token's SHA-256; accepted or revoked: deleted.
export const invites = sqliteTable(
  'invites',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    email: text().notNull(),
    role: integer().notNull(),
    tokenHash: text().notNull(),
    invitedBy: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
    expiresAt: integer({ mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    uniqueIndex('invites_token_hash_unique').on(t.tokenHash),
    uniqueIndex('invites_email_unique').on(t.email),
    index('invites_created_idx').on(t.createdAt),
    index('invites_invited_by_idx').on(t.invitedBy),
    index('invites_expires_idx').on(t.expiresAt),
  ],
);

// Their own modules: jobs and queued mail (0021), media uses (0024), comments (0026), the newsletter (0027).
export * from './schema-jobs';
export * from './schema-media';
export * from './schema-comments';
export * from './schema-newsletter';
