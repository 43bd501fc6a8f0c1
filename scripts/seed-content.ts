// Demo content for a fresh local database (product.md §8), seeded by scripts/seed.ts. Data only:
// dates are offsets in days from the moment the seed runs, so the site always looks recently active.

export type SeedRole = 0 | 1;

export interface SeedUser {
  username: string;
  name: string;
  email: string;
  password: string;
  role: SeedRole;
  bio: string;
  image: string | null;
}

export interface SeedCategory {
  name: string;
  description: string;
}

/** When a post appears: published some days ago, scheduled some days ahead, or a draft created some days ago. */
export type SeedTiming =
  | { status: 'published'; daysAgo: number }
  | { status: 'scheduled'; daysAhead: number }
  | { status: 'draft'; daysAgo: number };

export interface SeedPost {
  title: string;
  /** Plain text, about 160 characters. */
  excerpt: string;
  /** A category name from DEMO_CATEGORIES. */
  category: string;
  /** A username from DEMO_AUTHORS. */
  author: string;
  timing: SeedTiming;
  /** Position in the featured list (0–5), for published posts only. */
  featured?: number;
  /** Markdown. */
  body: string;
}

const md = (text: string): string => text.trim();

export const DEMO_ADMIN_PASSWORD = 'byline-demo-admin';
export const DEMO_AUTHOR_PASSWORD = 'byline-demo-author';

export const DEMO_ADMIN: SeedUser = {
  username: 'demo-admin',
  name: 'Dana Admin',
  email: 'admin@byline.test',
  password: DEMO_ADMIN_PASSWORD,
  role: 0,
  bio: 'Dana looks after the Byline demo site: she manages the categories, picks the featured posts and keeps author accounts in order.',
  image: null,
};

export const DEMO_AUTHORS: readonly SeedUser[] = [
  {
    username: 'maya-chen',
    name: 'Maya Chen',
    email: 'maya@byline.test',
    password: DEMO_AUTHOR_PASSWORD,
    role: 1,
    bio: 'Maya leads platform engineering at Byline, where she works on the Worker, the database and everything that makes pages fast. Before that she spent six years building payment systems.',
    image: null,
  },
  {
    username: 'tom-okafor',
    name: 'Tom Okafor',
    email: 'tom@byline.test',
    password: DEMO_AUTHOR_PASSWORD,
    role: 1,
    bio: 'Tom designs the reading experience and the editor. He cares about type, contrast and forms that forgive mistakes, and he tests everything with a keyboard first.',
    image: null,
  },
  {
    username: 'sara-lind',
    name: 'Sara Lind',
    email: 'sara@byline.test',
    password: DEMO_AUTHOR_PASSWORD,
    role: 1,
    bio: 'Sara is the managing editor. She writes most of the guides, edits the news and makes sure the team writes its decisions down.',
    image: null,
  },
];

export const DEMO_CATEGORIES: readonly SeedCategory[] = [
  { name: 'Engineering', description: 'How Byline is built: the Worker, the database, caching, security and the trade-offs behind them.' },
  { name: 'Design', description: 'Typography, colour, accessibility and the small interface decisions that make reading pleasant.' },
  { name: 'Culture', description: 'How a small team writes, reviews, decides and looks after its attention.' },
  { name: 'Guides', description: 'Step-by-step help for writing, publishing and running your own Byline.' },
  { name: 'News', description: 'Product announcements and changes to Byline, newest first.' },
];

export const DEMO_POSTS: readonly SeedPost[] = [
  // ── Engineering ──────────────────────────────────────────────────────────────────────────────
  {
    title: 'Caching Public Pages at the Edge Without Serving Stale Content',
    excerpt:
      'Shared caches can make every article load instantly, or show readers yesterday’s typo for an hour. Here is how we pick cache headers for public and private pages.',
    category: 'Engineering',
    author: 'maya-chen',
    timing: { status: 'published', daysAgo: 4.6 },
    featured: 1,
    body: md(`
A page served from a cache close to the reader is the fastest page there is. The catch is that a cache
has no idea when an author fixes a typo, so every caching decision is really a decision about how long
you are willing to be wrong.

## Public pages and private pages

We split every response into one of two groups before we think about headers at all:

- **Public pages** look the same to every visitor: an article, a category listing, the RSS feed.
- **Private pages** depend on who is asking: the editor, the profile page, anything under \`/admin\`.

Private pages get \`Cache-Control: private, no-store\`. No shared cache may keep them, and the browser
does not keep them either. That single rule removes a whole class of bugs where one person's menu is
shown to another.

## Short shared lifetimes, long grace periods

For public pages we send a short shared lifetime and let caches serve a slightly old copy while they
fetch a new one in the background:

\`\`\`ts
app.get('/details/:slug', async (c) => {
  const html = await renderArticle(c, c.req.param('slug'));
  // Browsers always revalidate; shared caches keep a copy for a minute,
  // then serve it for up to five more while they refresh it.
  c.header('Cache-Control', 'public, max-age=0, s-maxage=60, stale-while-revalidate=300');
  return c.html(html);
});
\`\`\`

\`s-maxage\` applies only to shared caches, so a reader's own browser still asks for a fresh copy.
\`stale-while-revalidate\` comes from [RFC 5861](https://www.rfc-editor.org/rfc/rfc5861) and is what
keeps the slow path away from readers: the first request after expiry is answered from the cache,
and the refresh happens behind it.

## What about logged-in readers?

A page that shows an *Edit* button to its author is no longer the same for everyone. Rather than
varying the cache on the session cookie, which fragments it into one copy per visitor, we render the
shared HTML for everybody and let the client add the personal bits after it has checked the session.

> A cache that stores one copy per visitor is not a cache. It is a very expensive hard disk.

## Checklist

1. Decide public or private first; only then pick a lifetime.
2. Keep shared lifetimes short enough that a correction shows up before anyone complains.
3. Never cache responses that set cookies.
4. Read the [MDN reference for Cache-Control](https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Cache-Control)
   once a year; every time, we find a directive we had misremembered.
`),
  },
  {
    title: 'Optimistic Concurrency: Why Every Post Has a Version Number',
    excerpt:
      'Two editors open the same post, both press Save, and one of them silently loses an hour of work. A single integer column stops that from ever happening on Byline.',
    category: 'Engineering',
    author: 'maya-chen',
    timing: { status: 'published', daysAgo: 21.5 },
    body: md(`
Picture two editors with the same post open in two tabs. One fixes the headline, the other rewrites
the second paragraph. Both press *Save*. Without any protection the second save wins and the headline
fix disappears, and nobody notices until a reader does.

## Three ways to handle it

- **Last write wins.** Simple, and wrong for anything people spend time on.
- **Locks.** Whoever opens the post first holds it. Locks need timeouts, and somebody always goes to
  lunch with a post locked.
- **Optimistic concurrency.** Everybody may edit; a save is refused if the post changed since you
  loaded it.

We chose the third. Conflicts are rare, so we should not make the common case slower to handle them.

## How it works

Every post carries a \`version\` column that starts at 1. The editor receives the version along with
the post and sends it back with every save. The update only matches if nobody got there first:

\`\`\`sql
UPDATE posts
SET title = ?1, body = ?2, version = version + 1, updated_at = ?3
WHERE slug = ?4 AND version = ?5;
\`\`\`

If the statement changed no rows, the post was edited in the meantime. The API answers
\`409 Conflict\` and changes nothing at all. Because the check and the write are one statement, there is
no window between them in which a third save could sneak in.

## What the editor shows

A 409 is not an error message to shrug at. The editor keeps your text exactly as it is, tells you that
someone else saved a newer version, and offers to open it in a new tab so you can compare and merge by
hand. Your work is never thrown away, and neither is theirs.

> The database is the only place that knows the truth at the moment of the write. Ask it there, not a
> second earlier.

## Small details that matter

1. Every successful update increments the version, including publishing and unpublishing.
2. The version is part of the API's post shape, so scripts get the same protection as the editor.
3. Deleting a post does not need a version: you cannot lose an edit to a post that no longer exists.

Martin Fowler's catalogue describes the pattern as
[Optimistic Offline Lock](https://martinfowler.com/eaaCatalog/optimisticOfflineLock.html). It has been
around for decades because it works.
`),
  },
  {
    title: 'Expand and Contract: Database Migrations You Never Roll Back',
    excerpt:
      'Rolling a schema change back under pressure is rarely safe. We split every change into small steps that each work with both the old code and the new code.',
    category: 'Engineering',
    author: 'maya-chen',
    timing: { status: 'published', daysAgo: 40.2 },
    body: md(`
Our schema lives in numbered SQL files under \`migrations/\`, applied in order with
\`wrangler d1 migrations apply\`. We do not write "down" migrations. Instead, every change is shaped so
that we never need one.

## The problem with rolling back

Code deploys in seconds and can be reverted in seconds. Data cannot. If a migration renames a column
and the new code has a bug, reverting the code brings back a program that looks for a column that no
longer exists. The rollback is now a second outage.

## Expand, migrate, contract

The answer is to split each change into steps that are each safe on their own:

1. **Expand.** Add the new thing next to the old one. Nothing reads it yet.
2. **Write both.** Deploy code that writes the old and the new place, and reads the old one.
3. **Backfill.** Copy existing rows into the new shape.
4. **Read new.** Deploy code that reads the new place.
5. **Contract.** Once nothing reads the old column, remove it in a later migration.

At every step the previous version of the code still works against the database, so a bad deploy is
fixed by deploying the previous build, and the data never has to move backwards.

## An example

Suppose posts gain a subtitle that used to be squeezed into the excerpt:

\`\`\`sql
-- 0007_post_subtitle.sql (expand)
ALTER TABLE posts ADD COLUMN subtitle TEXT NOT NULL DEFAULT '';

-- 0008_backfill_subtitle.sql (backfill, after the write-both deploy)
UPDATE posts SET subtitle = excerpt WHERE subtitle = '' AND length(excerpt) <= 120;
\`\`\`

The contract step might come weeks later, or never, if the old column does no harm.

## SQLite has opinions

D1 is SQLite, and SQLite's \`ALTER TABLE\` is deliberately small: adding a column is cheap, but changing
a column's type or constraints means building a new table, copying the rows and swapping the names.
The [SQLite documentation](https://www.sqlite.org/lang_altertable.html) describes the procedure in
detail, and it is worth following to the letter.

> Every migration should be boring enough that you would run it on a Friday afternoon. We still do not,
> but we could.

## Our rules

- One concern per migration file; never edit a file that has been applied anywhere.
- Migrations run in CI against a fresh database on every pull request.
- A migration that deletes data needs a second reviewer, and a backup taken the same day.
`),
  },
  {
    title: 'Hashing Passwords in a Worker with PBKDF2 and a Pepper',
    excerpt:
      'Workers have no native bcrypt or Argon2, but WebCrypto has PBKDF2. This is how we store passwords, why we add a secret pepper, and the limits we had to live with.',
    category: 'Engineering',
    author: 'maya-chen',
    timing: { status: 'published', daysAgo: 63.4 },
    body: md(`
Storing passwords well comes down to one idea: if the database leaks, each guess an attacker makes
should be as expensive as we can afford. On a server we would reach for Argon2 or bcrypt. A Cloudflare
Worker offers the [Web Crypto API](https://developer.mozilla.org/en-US/docs/Web/API/SubtleCrypto)
instead, and the slow hash it provides is PBKDF2.

## The stored format

Each hash records everything needed to check it later, so we can raise the cost without a migration:

\`\`\`text
pbkdf2-sha256$100000$<salt, base64>$<hash, base64>
\`\`\`

The salt is 16 random bytes, different for every user, so two people with the same password end up
with unrelated hashes.

## Adding a pepper

The salt lives in the database. The *pepper* does not: it is a secret stored with the Worker's other
secrets. We run the password through HMAC with the pepper first, then feed the result into PBKDF2:

\`\`\`ts
const enc = new TextEncoder();

async function derive(password: string, pepper: string, salt: Uint8Array): Promise<ArrayBuffer> {
  const hmacKey = await crypto.subtle.importKey(
    'raw', enc.encode(pepper), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'],
  );
  const peppered = await crypto.subtle.sign('HMAC', hmacKey, enc.encode(password));
  const key = await crypto.subtle.importKey('raw', peppered, 'PBKDF2', false, ['deriveBits']);
  return crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: 100_000 }, key, 256);
}
\`\`\`

A stolen database without the pepper is useless for offline guessing, because every guess needs a
value the thief does not have.

## The iteration limit

The [OWASP Password Storage Cheat Sheet](https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html)
recommends 600,000 iterations of PBKDF2-HMAC-SHA256. The Workers runtime refuses anything above
100,000, so that is what we use. The pepper is a large part of why we are comfortable with that.

> Security advice is written for an ideal platform. Engineering is knowing which advice you cannot
> follow, and what you do instead.

## The details that are easy to miss

- Hashes are compared in constant time, so the comparison itself leaks nothing.
- When someone logs in with an unknown username we still run a full hash against a dummy value, so the
  response time does not reveal which accounts exist.
- Five failed attempts in fifteen minutes, per account or per address, earn a \`429\` until the window
  passes.
`),
  },
  {
    title: 'Keyset Pagination for Lists That Keep Growing',
    excerpt:
      'OFFSET pagination is easy to write and gets slower with every page. Keyset pagination stays fast and never shows the same post twice, at the price of page numbers.',
    category: 'Engineering',
    author: 'sara-lind',
    timing: { status: 'published', daysAgo: 91.6 },
    body: md(`
Every list on a publishing site starts small. Then the archive grows, somebody clicks through to page
forty, and the query behind it quietly becomes the slowest thing in the database.

## How OFFSET works, and why it slows down

The classic query looks harmless:

\`\`\`sql
SELECT slug, title, published_at
FROM posts
WHERE status = 'published'
ORDER BY published_at DESC, id DESC
LIMIT 12 OFFSET 480;
\`\`\`

To skip 480 rows the database still has to find them, one by one, and throw them away. Page forty does
forty times the work of page one. Worse, if a new post is published while a reader is paging, every
row shifts down by one and the reader sees the last post of the previous page again.

## Keyset pagination

Instead of "skip N rows", keyset pagination says "continue after the last row I saw":

\`\`\`sql
SELECT slug, title, published_at, id
FROM posts
WHERE status = 'published'
  AND (published_at, id) < (?1, ?2)
ORDER BY published_at DESC, id DESC
LIMIT 12;
\`\`\`

With an index on \`(status, published_at)\`, the database jumps straight to the right place, however
deep into the archive it is. The \`id\` breaks ties between posts published in the same millisecond.

## Comparing the two

| | OFFSET | Keyset |
|---|---|---|
| Cost of a deep page | grows with the page number | constant |
| Jump to page 17 | yes | no, only next and previous |
| Stable while posts are added | no, rows shift | yes |
| Total count needed | usually | no |
| Easy to write | very | a little more care |

## Which one we use

Byline's public lists use page numbers, because readers and search engines both like links such as
\`?page=3\`, and twelve posts a page keeps even old pages cheap at our size. The admin area, the feeds
and any export use keyset pagination, because they walk the whole table and must not skip or repeat a
row.

Markus Winand's [article on paging through results](https://use-the-index-luke.com/sql/partial-results/fetch-next-page)
is the clearest explanation we know, and it is where we first saw the row-value comparison above.
`),
  },
  {
    title: 'Testing Workers Against a Real Local Database',
    excerpt:
      'Mocking the database made our tests pass while production failed. Running every Worker test inside workerd against a real local D1 fixed that, and it was not slow.',
    category: 'Engineering',
    author: 'tom-okafor',
    timing: { status: 'draft', daysAgo: 3.1 },
    body: md(`
For our first months we tested the API with a hand-written fake of the database. The fake returned
whatever the test told it to, so the tests were fast and green, and two bugs reached production anyway:
a missing index on a unique column and a query that SQLite parsed differently than we expected.

## The idea

Run the tests in the same runtime as production, against the same kind of database, with the same
migrations. Cloudflare's [Vitest integration](https://developers.cloudflare.com/workers/testing/vitest-integration/)
does exactly that: each test file runs inside workerd, and bindings such as D1 are real local
instances backed by SQLite.

## The setup

The configuration reads our \`wrangler.toml\`, so the bindings in tests match the ones in production:

\`\`\`ts
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-pool-workers';
import { defineConfig } from 'vitest/config';

export default defineConfig(async () => {
  const migrations = await readD1Migrations('./migrations');
  return {
    plugins: [
      cloudflareTest({
        wrangler: { configPath: './wrangler.toml' },
        miniflare: { bindings: { TEST_MIGRATIONS: migrations } },
      }),
    ],
    test: {
      include: ['tests/worker/**/*.test.ts'],
      setupFiles: ['./tests/worker/apply-migrations.ts'],
    },
  };
});
\`\`\`

The setup file applies the migrations before the tests start, so every run begins with exactly the
schema that production has.

## What we test this way

- Every API route, through \`fetch\`, with real cookies and real JSON.
- Every rule from the product spec: permissions, validation messages, 409 on a stale version.
- The rendered HTML of public pages, including the status code of the 404 page.

> If a test cannot fail for the reasons production fails, it is documentation, not a test.

## Is it slow?

Less than we feared. Storage is isolated per test file, so tests do not trip over each other, and the
whole suite runs in well under a minute on a laptop. The time we used to spend keeping the fake in sync
with reality more than pays for it.

*Still to write: how we seed users for permission tests, and the helper that signs in as an admin.*
`),
  },

  // ── Design ───────────────────────────────────────────────────────────────────────────────────
  {
    title: 'Choosing a Type Scale for Long-Form Reading',
    excerpt:
      'Line length, line height and a restrained type scale do more for readability than any typeface choice. These are the numbers behind Byline’s article pages.',
    category: 'Design',
    author: 'tom-okafor',
    timing: { status: 'published', daysAgo: 9.1 },
    featured: 2,
    body: md(`
People come to Byline to read, often for ten minutes at a time. That makes body text the most
important thing we design, and it is mostly a matter of three numbers.

## Line length

Long lines make the eye's return sweep to the next line error-prone; short lines break sentences into
fragments. Robert Bringhurst's *The Elements of Typographic Style* suggests 45 to 75 characters per
line, with 66 as a comfortable ideal. We cap the article column at about 68 characters:

\`\`\`css
.article-body {
  max-width: 68ch;
  font-size: 1.125rem;
  line-height: 1.65;
}
\`\`\`

Using the \`ch\` unit ties the measure to the font itself, so it stays right if we ever change typeface.

## Line height

Body text at 18 pixels reads best with generous leading, between 1.5 and 1.7. Headings are larger and
shorter, so they need less: we use 1.2 for headings and tighten further for the article title.

## A modest scale

Each heading level is the previous one multiplied by 1.25, a *major third*:

| Role | Size |
|---|---|
| Body | 1.125 rem |
| Heading 3 | 1.41 rem |
| Heading 2 | 1.76 rem |
| Article title | 2.2 rem |

A steeper ratio looks dramatic on a landing page and shouty in an article with six subheadings. A
gentle ratio lets the structure show without turning every section into an event.

## Small things that add up

- Paragraphs are separated by space, not indentation; on screens, space reads faster.
- Code blocks use a slightly smaller size so that 80-column examples fit without scrolling on a laptop.
- Links are underlined. Colour alone is not enough, and underlines help readers who skim.
- Headings get more space above than below, so they visibly belong to the text that follows.

> Good typography is invisible. Readers do not notice it; they just read further.

If you want to go deeper, [Practical Typography](https://practicaltypography.com/) by Matthew
Butterick is the most useful free resource we know, and it is a pleasure to read in its own right.
`),
  },
  {
    title: 'Focus States People Can Actually See',
    excerpt:
      'Keyboard users navigate by the focus ring. Browser defaults are often a faint outline on a dark background, so we designed our own and tested it on every surface.',
    category: 'Design',
    author: 'tom-okafor',
    timing: { status: 'published', daysAgo: 25.3 },
    body: md(`
Try this: put your mouse away, press Tab on your favourite website, and count how many presses it takes
before you lose track of where you are. On many sites the answer is two.

## Why focus matters

Anyone who navigates with a keyboard, a switch device or voice control relies on the focus indicator to
know which element will respond next. WCAG 2.2 makes a visible focus indicator a Level AA requirement
(success criterion 2.4.7), and adds that the focused element must not be entirely hidden behind sticky
headers or banners (2.4.11). The full text is in the [WCAG 2.2 recommendation](https://www.w3.org/TR/WCAG22/).

## What went wrong with the defaults

Browser focus rings are designed to work on white pages. Byline defaults to a dark theme, where a thin
blue outline nearly disappears against our navy background. Some of our buttons also had
\`outline: none\` inherited from an old reset stylesheet, which removed the ring entirely.

## Our focus style

We now use one style for every interactive element:

- A **2-pixel solid outline** in the accent colour, with a 2-pixel offset so it never touches the
  element's own border.
- A contrast of at least 3:1 against both the element and the page behind it, in both themes.
- It appears only for keyboard focus, using \`:focus-visible\`, so mouse users do not see rings on
  every click, which was the original excuse for removing them.

## Testing it

1. Tab through every page from top to bottom, in both themes.
2. Check that the focus never goes behind the sticky header when scrolling.
3. Open every dialog and check that focus moves into it and returns to the button that opened it.
4. Repeat with the browser zoomed to 200 percent.

> The focus ring is the keyboard user's mouse pointer. Nobody would ship a site with an invisible
> pointer.

## Results

We found eleven elements with no visible focus, three places where the header hid the focused link,
and one dialog that trapped focus forever. All of them are fixed, and a browser test now fails if a
focusable element has no visible outline.
`),
  },
  {
    title: 'Colour Contrast in Dark Mode Is Harder Than It Looks',
    excerpt:
      'Passing 4.5:1 is the minimum, not the goal. Dark themes bring their own problems, from glowing white text to links that vanish, and they need their own palette.',
    category: 'Design',
    author: 'sara-lind',
    timing: { status: 'published', daysAgo: 44.8 },
    body: md(`
When we made the dark theme the default, we assumed the hard part was choosing a nice background.
It turned out that the background was easy and almost everything placed on it needed rethinking.

## The rules we start from

WCAG asks for a contrast ratio of at least **4.5:1** for body text and **3:1** for large text, which
means 24 pixels, or about 19 pixels in bold. Since WCAG 2.1, interface components such as input
borders and icons that carry meaning also need 3:1 against what surrounds them. The
[WebAIM contrast checker](https://webaim.org/resources/contrastchecker/) tells you the ratio for any two
colours in a second.

## Problems specific to dark themes

- **Pure white on pure black glows.** Maximum contrast causes halation for many readers, especially
  people with astigmatism: letters seem to bleed into the background. We use an off-white text colour on
  a deep navy instead of #FFFFFF on #000000.
- **Saturated colours vibrate.** A bright blue that looks crisp on white looks neon on dark grey. Our
  dark accents are lighter and less saturated than their light-theme counterparts.
- **Shadows do not work.** On a dark page, depth has to come from slightly lighter surfaces, not from
  drop shadows nobody can see.

## One palette per theme

We stopped deriving dark colours from light ones by inverting them. Each theme now has its own small
set of tokens:

1. Background, raised surface and border.
2. Primary text and secondary text.
3. Accent, accent on hover, and the focus ring.
4. Success, warning and error, each tested against both surfaces.

Every pair that appears together is checked, and the results live in the design file next to the
swatches, so nobody has to guess.

> Meeting the minimum contrast means some people can read your page. Going beyond it means people can
> read it comfortably for twenty minutes.

## Secondary text

The most common failure we found was grey secondary text: dates, captions, reading times. They are
small, so they need contrast more than body text does, not less. Ours now sit at about 7:1 in both
themes, and they still look quieter than the body text because they are smaller and lighter in weight.
`),
  },
  {
    title: 'Empty States That Point the Way',
    excerpt:
      'An empty page is often the first thing a new author sees. We rewrote every empty state on Byline so it explains what belongs there and offers the next step.',
    category: 'Design',
    author: 'tom-okafor',
    timing: { status: 'published', daysAgo: 68.2 },
    body: md(`
Most screens are designed with realistic data in them, which means nobody designs the moment before
the data exists. Yet that moment is exactly when a new author forms their first impression.

## Three kinds of empty

Not every empty screen is empty for the same reason, and each needs a different message:

1. **First use.** A new author's profile has no posts yet. This is an invitation, not a problem.
2. **No results.** A search for "kubernets" finds nothing. The reader did something; we should help
   them do it better.
3. **Cleared.** An admin removed every featured post. The page should confirm that this is the
   intended state and explain its effect.

## What a good empty state contains

- **What would be here.** "Your posts will appear here, including drafts."
- **Why it is empty**, if that is not obvious.
- **One clear next step**, as a button or link: *Write your first post*.

It does not contain an illustration large enough to push the button below the fold, and it never
blames the user.

## Before and after

Our old search page said "No results." in grey text. The new one says:

> Nothing matches "kubernets". Check the spelling, try a shorter phrase, or browse the categories below.

The category links follow directly underneath, so a reader who came looking for something always has
somewhere to go next. Since the change, far fewer searches end with the visitor leaving the site.

The empty featured list in the admin area now reads: "The home page shows the latest posts when nothing
is featured. Add published posts by searching above." An admin who empties the list on purpose now
knows what visitors will see.

## A checklist for your own product

- List every screen that shows a collection and find its empty version.
- Write the message before drawing anything.
- Make sure the next step works for someone without permission to take it: an author should not be
  sent to an admin page.
- Test with a brand-new account, not with your own.

The [Nielsen Norman Group article on empty states](https://www.nngroup.com/articles/empty-state-interface-design/)
has many more examples if you want to dig in.
`),
  },
  {
    title: 'Why Our Article Pages Have No Sidebar',
    excerpt:
      'We removed the sidebar from article pages and time spent reading went up. Here is what used to live there, where it went, and what we learned about attention.',
    category: 'Design',
    author: 'maya-chen',
    timing: { status: 'published', daysAgo: 98.2 },
    body: md(`
For our first year every article had a sidebar: recent posts, a tag cloud, the author's photo and a
newsletter form. It looked like a proper blog. Then we watched people read.

## What we saw

In a handful of recorded sessions, readers' eyes kept drifting to the right column whenever the text
got dense. On phones the sidebar dropped below the article, where it pushed the footer so far down
that nobody found the feed link. On wide screens it squeezed the article column to a narrower measure
than we wanted.

## What we did

We moved everything out of the way of the text:

- **Author** details moved to the top, in a single line under the title: name, date and reading time.
- **Related posts** moved to the end of the article, where the reader has finished and is deciding
  what to do next.
- **Categories** live in the site header, where they are available on every page.
- **The tag cloud** was removed. Nobody had clicked it in months.

The article column is now centred, with the measure we actually designed for.

## What happened

Readers scrolled further, and the related posts at the end got more clicks than the sidebar's recent
posts ever had, because they appear at the moment somebody is ready for them.

> Every element on a page competes with the content for attention. Most of them do not deserve to win.

## When a sidebar is right

We still use one in the admin area, where people navigate between tools rather than read, and the
sidebar is the navigation. A documentation site with a long table of contents is another good case.
The question is always whether the side column serves the reader's current task, or only the site's
wish to show more things.

## Try it on your own site

1. Look at your analytics for clicks on each sidebar element over the last three months.
2. Anything with almost no clicks can go immediately.
3. For the rest, ask where in the reading journey it would be more useful, and move it there.
4. Measure again after a month.
`),
  },
  {
    title: 'Designing Forms That Forgive Mistakes',
    excerpt:
      'Every form error is a small failure of design. Our rules for labels, inline messages and keeping what people typed, as applied to Byline’s sign-up and editor.',
    category: 'Design',
    author: 'sara-lind',
    timing: { status: 'scheduled', daysAhead: 3 },
    body: md(`
Nobody fills in a form for fun. They want to register, publish, or change a password, and the form is
in the way. The least it can do is not make them type anything twice.

## Keep what people typed

The worst thing a form can do after an error is clear itself. When the server refuses a registration
because the username is taken, the name, email and password are still there; only the username field is
marked. The editor goes further: if saving fails for any reason, your post stays in the editor exactly
as you left it.

## Say what is wrong, next to where it is wrong

- Each error message sits directly under its field, not in a banner at the top.
- The message says how to fix the problem: "Username must be at least 3 characters", not "Invalid
  input".
- Fields with errors are linked to their message with \`aria-describedby\`, so screen readers announce
  the error when the field receives focus.
- After a failed submit, focus moves to the first field with an error.

## Validate at the right moment

Validating on every keystroke shouts at people before they have finished typing. Validating only on
submit makes them scroll back through the form. We validate a field when the user leaves it, and again
on submit. Messages disappear as soon as the value becomes valid.

## Ask for less

Our registration form has four fields: name, username, email and password. We removed password
confirmation, because a visible *Show password* toggle catches typos better than typing the same thing
twice blind.

> A form is a conversation. Would you repeat a question because the other person paused to think?

## The same rules everywhere

The editor, the profile page and the admin's user forms all share the same validation rules as the
server, from one set of schemas, so a message you see in the browser is exactly the message the API
would send. There is no case where the browser accepts something and the server refuses it with a
different explanation.

For a longer treatment, the [GOV.UK Design System's guidance on error messages](https://design-system.service.gov.uk/components/error-message/)
is excellent and refreshingly concrete.
`),
  },

  // ── Culture ──────────────────────────────────────────────────────────────────────────────────
  {
    title: 'Writing Things Down: How We Make Decisions Asynchronously',
    excerpt:
      'We are spread over four time zones, so meetings cannot be where decisions happen. A one-page decision document does the job better, and it leaves a record behind.',
    category: 'Culture',
    author: 'sara-lind',
    timing: { status: 'published', daysAgo: 12.4 },
    featured: 3,
    body: md(`
The team behind Byline works from four time zones. For a while our decisions happened in whichever
call had the right people awake, and everyone else found out later, sometimes much later.

## The decision document

Now any decision that affects more than one person starts as a short document. It fits on one page and
has five parts:

1. **Context.** What is happening and why we need to decide now.
2. **Options.** Two to four realistic choices, including doing nothing.
3. **Recommendation.** What the author would do, and why.
4. **Deadline.** When the decision will be made, usually three working days out.
5. **Decision.** Filled in at the end, with the name of whoever made it.

The author shares the document in the team channel and tags the people whose work it touches.

## Comments, not meetings

Discussion happens in comments on the document. That sounds slower than a call, but it is not: people
answer when they are focused rather than when they happen to be free, and the quiet people, who often
have the best objections, write as much as the loud ones.

If the comments go around in circles for more than a day, we do schedule a call, with a clear goal and
the document on screen. The outcome goes back into the document.

> If it is not written down, it was not decided. It was only discussed.

## Who decides

Every document names one decider, normally the person who will own the result. Everyone else is
consulted, not polled. This stops the slow drift towards consensus that makes every choice take a
fortnight.

## What we gained

- New teammates read the decision log and understand why things are the way they are.
- We revisit old decisions with their original reasons in front of us, not from memory.
- Nobody is left out because of where they live.

We borrowed much of this from the lightweight *Architecture Decision Records* format; Michael Nygard's
[original post](https://cognitect.com/blog/2011/11/15/documenting-architecture-decisions) is short and
still the best introduction.
`),
  },
  {
    title: 'In Praise of Boring Technology',
    excerpt:
      'Byline runs on SQLite, server-rendered HTML and a single Worker. None of it is exciting, and that is exactly why a small team can run it without losing sleep.',
    category: 'Culture',
    author: 'maya-chen',
    timing: { status: 'published', daysAgo: 28.9 },
    body: md(`
When people ask what our stack is, the answer tends to disappoint them: a SQLite database, HTML
rendered on the server, a bit of React, one Worker. No message queue, no microservices, no search
cluster.

## Innovation tokens

Dan McKinley's talk [Choose Boring Technology](https://boringtechnology.club/) gave us the vocabulary.
Every team gets a few *innovation tokens*. Each new, unproven technology spends one, because you will
have to learn its failure modes yourself, in production, at night. Spend them on the things that make
your product different, and use well-understood tools for everything else.

## Where we spent ours

We spent exactly one token: running the whole site at the edge, on Workers. That is what makes Byline
fast everywhere and cheap to host, so it is worth the learning curve.

Everything else is deliberately dull:

- **SQLite**, through D1. It is older than most of the team, and its behaviour is documented to an
  almost absurd level of detail.
- **Server-rendered HTML.** Pages work before any JavaScript loads, and search engines see the same
  thing readers see.
- **Markdown** for posts. Authors already know it, and it survives any future migration.
- **Full-text search inside the database**, not a separate service to run and keep in sync.

## What boring buys you

> Boring technology has already failed in every way it can fail, and somebody has written about it.

When something breaks at two in the morning, the error message is on page one of a search engine, and
the fix has been known for years. That is worth more to a small team than any benchmark.

## When to be exciting

Boring is not the same as old. If a new tool removes a whole category of work, such as a platform that
makes deployment a single command, it may be worth a token. The test is simple: would you be able to
explain to a new teammate, in one sentence, why this is here and what we would use instead if it went
away? If not, you probably do not need it yet.
`),
  },
  {
    title: 'What Makes a Code Review Comment Useful',
    excerpt:
      'A review comment should make it obvious whether it blocks the merge, what the concern is, and what would resolve it. Small prefixes helped our reviews more than any tool.',
    category: 'Culture',
    author: 'tom-okafor',
    timing: { status: 'published', daysAgo: 49.3 },
    body: md(`
We review every change before it is merged, and for a long time the reviews were a source of quiet
friction. Not because people were unkind, but because it was often unclear what a comment wanted.

## The ambiguity problem

Consider a comment like "Could this use a map instead?" It might be a question, a suggestion, a
mild preference or a firm request. The author has to guess, and guessing wrong either wastes a day on
an unnecessary rewrite or merges something the reviewer considered important.

## Label every comment

We adopted a small set of prefixes, borrowed from [Conventional Comments](https://conventionalcomments.org/):

- **blocking:** this must change before merging, and here is why.
- **suggestion:** a concrete improvement; take it or leave it.
- **question:** I do not understand something; the answer may be a code comment.
- **nit:** trivial, purely a matter of taste. Never blocks.
- **praise:** something done well. Yes, we write these on purpose.

The same comment now reads "suggestion: a \`Map\` would make the lookup below constant time, but the
list is short, so it is your call." Nobody has to guess.

## Explain the why

A request without a reason is an order. "blocking: this query runs once per post in the loop; with 50
posts it makes 50 round trips to the database" gives the author something to reason about, and often
they find a better fix than the reviewer had in mind.

> Review the code you were sent, not the code you would have written.

## Keep changes small

The most effective thing for review quality is not in the comments at all: it is the size of the
change. Under about 300 lines, reviewers read everything carefully. Over that, attention fades and
approvals get faster and less meaningful. We split work into a series of small pull requests, each one
safe to merge on its own.

## Reviewing is work

Reviews count as real work in our planning, with time set aside every day. A change that waits two
days for review costs more than the review itself, because its author has moved on and has to load it
all back into their head.
`),
  },
  {
    title: 'Blameless Postmortems for a Small Team',
    excerpt:
      'When the site went down for forty minutes, we wrote a postmortem that named no culprit. Here is our template, and why blame makes the next outage more likely.',
    category: 'Culture',
    author: 'sara-lind',
    timing: { status: 'published', daysAgo: 73.5 },
    body: md(`
Last spring a configuration change took the site offline for forty minutes. The change was made by a
careful person following the documented process. The process was the problem.

## Why blameless

If an incident review asks *who* did it, people learn to hide mistakes, and the next incident takes
longer to diagnose because nobody volunteers what they changed. If it asks *how* the system allowed it,
people tell you everything, and you fix the system.

The chapter on postmortem culture in Google's [Site Reliability Engineering book](https://sre.google/sre-book/postmortem-culture/)
makes this argument at length, and it holds up just as well for a team of five as for a company of
thousands.

## Our template

Every incident that affects readers or authors gets a document within two working days:

1. **Summary.** Two sentences a non-engineer can understand.
2. **Impact.** Who was affected, for how long, and what they saw.
3. **Timeline.** Times in UTC, from the first symptom to full recovery.
4. **Contributing factors.** Plural, always. There is never just one.
5. **What went well.** Alerts that fired, people who helped, tools that worked.
6. **Actions.** Each with an owner and a date, tracked like any other work.

## The incident itself

The timeline showed that the change passed review, that our deployment had no automatic check of the
configuration, and that the alert fired after twelve minutes because its threshold was set for a much
busier site. Three contributing factors, none of them a person.

> The question is never "why did they make a mistake?" It is "why was that mistake so easy to make, and
> so hard to notice?"

## The actions

- A check in CI that validates the configuration before any deploy.
- An alert threshold that matches our real traffic, reviewed every quarter.
- A written rollback procedure, practised once by someone who had never done it.

## Reading them together

Once a quarter we reread the last few postmortems as a team. Patterns show up that no single document
reveals: in our case, that most incidents happened within an hour of a configuration change. That
observation alone was worth all of the writing.
`),
  },
  {
    title: 'Protecting Focus Time Without Disappearing',
    excerpt:
      'Deep work needs long stretches without interruptions, but a team still needs to reach you. These are the habits that let us have both, and the ones we dropped.',
    category: 'Culture',
    author: 'tom-okafor',
    timing: { status: 'published', daysAgo: 105.4 },
    body: md(`
Writing a long article, designing a screen, debugging a race condition: the work that matters most
needs hours of unbroken attention. A single "quick question" can cost twenty minutes of rebuilding
context. Yet nobody wants a team where people vanish for days.

## Makers and managers

Paul Graham's essay [Maker's Schedule, Manager's Schedule](https://www.paulgraham.com/makersschedule.html)
explains the tension well. Managers work in one-hour slots, where a meeting is just another slot.
Makers work in half days, where one meeting in the middle of the afternoon can ruin both halves.

## What we do

- **Mornings are quiet.** No meetings before 1 p.m. in anyone's local time. With four time zones this
  took some calendar juggling, but it holds.
- **Status instead of interruptions.** When you are focusing, your chat status says so and shows when
  you will be back. Messages wait, and the sender knows how long.
- **One urgent channel.** Anything that genuinely cannot wait, such as the site being down, goes to a
  single channel with notifications on. Everything else is allowed to wait a few hours.
- **Batch the small stuff.** Reviews, replies and admin tasks go into two fixed blocks a day.

## What we dropped

We tried "no-meeting Wednesdays" and abandoned them: meetings simply moved to Tuesday and Thursday,
which became unbearable. Quiet mornings every day worked much better than one quiet day a week.

We also tried turning off chat entirely during focus time. That made people anxious that they were
missing something, which is its own kind of distraction. A visible status turned out to be enough.

> The goal is not to be unreachable. It is to make being reached a choice rather than an accident.

## The part that needs leaders

None of this works if the most senior person on the team books a meeting at 10 a.m. because it suits
them. Protecting focus time is a team agreement, and it only holds if the people with the most
calendar power respect it first.
`),
  },
  {
    title: 'A New Writer’s First Week at Byline',
    excerpt:
      'What a new writer does on each of their first five days, from getting an account to publishing their first post, and the mistakes we made before writing this down.',
    category: 'Culture',
    author: 'sara-lind',
    timing: { status: 'draft', daysAgo: 8.4 },
    body: md(`
We used to onboard new writers by giving them an account and saying "have a look around". Some
thrived; others spent a week too polite to ask where anything was. So we wrote the first week down.

## Before day one

- An author account is created by an admin, with a temporary password the writer changes on first
  login.
- Their manager picks a *buddy*: someone on another team who answers the questions that feel too small
  to ask a manager.
- The first post topic is chosen in advance, so day one is not spent staring at a blank page.

## The week, day by day

1. **Monday.** Set up the profile: name, short bio, avatar. Read the style guide and the last month's
   posts. Lunch, or a call, with the buddy.
2. **Tuesday.** Read the decision log from the last quarter. Write an outline for the first post and
   share it as a draft.
3. **Wednesday.** Write. Nobody schedules anything with a new writer on Wednesday.
4. **Thursday.** Editing round with the managing editor: structure first, then sentences.
5. **Friday.** Publish, or schedule for the following Tuesday morning, when readership is highest.

## What we learned

> A new person's questions are the best audit of your documentation you will ever get. Write down every
> one of them.

The first version of this plan had the first post due at the end of the second week. Writers found
that stressful rather than relaxing: a week of reading with nothing to show made them feel
unproductive. Publishing in week one, even something short, turned out to be the confidence boost that
mattered.

## The checklist

- Profile complete, with a bio of two sentences.
- Has read the style guide and the Markdown guide.
- First post published or scheduled.
- Has given feedback on this document.

*To do before publishing: add the style guide link and ask the last two hires what they would change.*
`),
  },

  // ── Guides ───────────────────────────────────────────────────────────────────────────────────
  {
    title: 'A Quick Tour of Markdown on Byline',
    excerpt:
      'Everything you need to format a post on Byline: headings, emphasis, lists, links, images, quotes, code and tables, with the exact syntax to type for each.',
    category: 'Guides',
    author: 'sara-lind',
    timing: { status: 'published', daysAgo: 15.7 },
    featured: 4,
    body: md(`
Posts on Byline are written in Markdown: plain text with a few conventions that turn into formatting.
The editor shows a live preview next to your text, so you can always see the result as you type.

## Headings and paragraphs

Start a line with \`##\` for a section heading and \`###\` for a subsection. The post title is already
the top-level heading, so your sections should start at level two. Leave an empty line between
paragraphs.

## Emphasis and links

\`\`\`markdown
Write *italic* with single asterisks and **bold** with double ones.
Link to [the Engineering category](/category/engineering)
or to [another site](https://commonmark.org/help/).
\`\`\`

Links to other sites open normally; links to Byline pages stay on the site.

## Lists

Start lines with \`-\` for a bulleted list or \`1.\` for a numbered one:

\`\`\`markdown
- Coffee
- Notebook
- A quiet morning

1. Write the outline.
2. Write the draft.
3. Cut a third of it.
\`\`\`

## Quotes and code

Start a line with \`>\` for a quotation:

> Write drunk, edit sober. Or at least edit the next morning.

Wrap short pieces of code in single backticks, like \`npm start\`. For longer code, put three backticks
on a line before and after it. You can name the language after the first three, such as \`ts\` or
\`bash\`, which helps anyone reading the Markdown itself.

## Tables

Separate columns with \`|\` and put a line of dashes under the header:

| You type | You get |
|---|---|
| \`*italic*\` | *italic* |
| \`**bold**\` | **bold** |
| \`[text](url)\` | a link |
| \`> quote\` | a quotation |

## What does not work

For everyone's safety, raw HTML in a post is shown as text, not rendered, and so are links that try to
run scripts. Anything you can do in Markdown works; anything that would need HTML does not.

## Learn more

The ten-minute [CommonMark tutorial](https://commonmark.org/help/tutorial/) covers the basics, and the
[GitHub Flavored Markdown spec](https://github.github.com/gfm/) explains tables and the other
extensions. When in doubt, try it in the editor: the preview never lies.
`),
  },
  {
    title: 'How to Schedule a Post for Later',
    excerpt:
      'Finish a post today and let it appear on Tuesday morning. How scheduling works in the editor, how to change your mind, and what readers see before the moment comes.',
    category: 'Guides',
    author: 'sara-lind',
    timing: { status: 'published', daysAgo: 1.1 },
    body: md(`
Some posts are ready before their moment: an announcement timed to a launch, or a guide you want to go
out when your readers are at their desks. Scheduling lets you finish the work now and publish later.

## Scheduling from the editor

1. Write your post as usual and choose a category.
2. Instead of **Publish now**, choose **Schedule**.
3. Pick a date and time. The time is shown in your own time zone.
4. Confirm. The post is saved and marked *Scheduled for* the date you chose.

That is all. At the chosen moment the post appears on the home page, in its category, in search, in the
RSS feed and in the sitemap.

## What happens behind the scenes

A scheduled post is simply a published post whose publication date lies in the future. Every list on
the site only shows posts whose date has passed, so nothing has to run at the scheduled moment: there
is no background job that could fail or run late.

If you use the API, scheduling is the same call as publishing, with a date:

\`\`\`json
{
  "title": "Our spring reading list",
  "category": "culture",
  "status": "published",
  "publishedAt": "2031-04-15T08:00:00.000Z",
  "body": "Six books the team could not stop talking about..."
}
\`\`\`

## Changing your mind

- **Move it.** Open the post, pick a new date, save.
- **Publish it now.** Choose *Publish now*; the date becomes the current moment.
- **Cancel it.** Choose *Save as draft*. The post goes back to being a draft, and nobody outside the
  team ever saw it.

## Who can see a scheduled post

Until its moment, a scheduled post is visible only to its author and to admins, who see it in their
post lists with the scheduled date. Its link leads everyone else to a *Page Not Found*, exactly as if
it did not exist yet.

> Tip: Tuesday to Thursday mornings are usually the best times for a new post. Check your own readers'
> habits before you trust anyone's rule of thumb, including ours.

## A note on featured posts

Only posts that readers can see can be featured. If you want a scheduled post on the home page's
featured list, ask an admin to add it once it has gone live.
`),
  },
  {
    title: 'Writing an Excerpt That Earns the Click',
    excerpt:
      'The excerpt is what readers see on the home page, in search and in feed readers. Two sentences, about 160 characters, that say what the reader will get from the post.',
    category: 'Guides',
    author: 'tom-okafor',
    timing: { status: 'published', daysAgo: 53.6 },
    body: md(`
The excerpt is the short text under your title on the home page, in category lists, in search results
and in every feed reader that subscribes to Byline. For many readers it is the only part of your post
they will ever see. It deserves more than a few seconds.

## If you leave it empty

Byline fills the excerpt in for you from the first 160 characters or so of your post, as plain text.
That works if your first paragraph gets to the point. If it starts with a story, a greeting or a
quotation, the automatic excerpt will be the least informative sentence you wrote.

## What a good excerpt does

- **Says what the reader gets.** A skill, an answer, a story, a decision.
- **Is specific.** Numbers, names and concrete nouns beat adjectives.
- **Stands alone.** It must make sense without the title, because some readers show it without one.
- **Fits.** About 160 characters, so that nothing important is cut off in search results.

## Before and after

Here are three excerpts we rewrote, with the original first:

\`\`\`text
Before: In this post we are going to take a look at some of the things we have been thinking about
        regarding caching.
After:  Shared caches can make every article load instantly, or show readers yesterday's typo for
        an hour. Here is how we pick cache headers.

Before: Welcome back! It has been a busy few months here at Byline.
After:  Scheduled publishing is here: finish a post today and let it appear at the moment you pick,
        with no background job to go wrong.

Before: Forms. We all use them.
After:  Every form error is a small failure of design. Our rules for labels, inline messages and
        keeping what people typed.
\`\`\`

Each "after" could be the only thing a reader sees, and it would still tell them whether to click.

> An excerpt is a promise. Write one your post keeps.

## A quick method

1. Finish the post first.
2. Ask yourself: what would I tell a friend this post is about, in two sentences?
3. Write exactly that, then cut words until it fits.
4. Read it without the title. Does it still make sense?

Excerpts are plain text, so Markdown formatting is not applied there: no bold, no links. Let the words
do the work.
`),
  },
  {
    title: 'Following Byline in Your Feed Reader',
    excerpt:
      'Byline publishes an RSS feed of every new post. How to find it, which readers we like, and how to check the feed from the command line when something looks wrong.',
    category: 'Guides',
    author: 'maya-chen',
    timing: { status: 'published', daysAgo: 79.1 },
    body: md(`
Social networks decide what you see; a feed reader shows you everything from the sites you chose, in
order, without an algorithm in between. Byline publishes a feed so you can follow it that way.

## Finding the feed

The feed lives at \`/rss.xml\` on every Byline site, and there is a link to it in the footer of every
page. Most feed readers also find it automatically: paste the address of the home page and they will
discover the feed from the page's metadata.

## Readers we like

- [NetNewsWire](https://netnewswire.com/) is free and open source, for Mac and iPhone.
- [Feedbin](https://feedbin.com/) is a paid web service with good apps and newsletter support.
- [Miniflux](https://miniflux.app/) is a minimalist reader you can host yourself.

All of them handle ordinary RSS well; pick the one whose reading view you find most comfortable.

## What the feed contains

Each entry carries the post's title, excerpt, author, category, publication date and a link to the full
post. The newest posts come first. Drafts never appear, and scheduled posts appear only once their
publication time has passed.

## Checking the feed yourself

If your reader shows something odd, look at the raw feed. From a terminal:

\`\`\`bash
# The first few lines: check the channel title and the newest item
curl -s https://byline.example.com/rss.xml | head -n 30

# Count the items
curl -s https://byline.example.com/rss.xml | grep -c "<item>"

# Validate it
open "https://validator.w3.org/feed/check.cgi?url=https://byline.example.com/rss.xml"
\`\`\`

The [W3C Feed Validation Service](https://validator.w3.org/feed/) will point out anything that breaks
the format. We run it after every change to the feed code.

> Tip: if your reader shows posts twice, it is usually because a post's link changed. Slugs on Byline
> stay the same when you edit a title, so this should not happen unless an author edits the slug by hand.

## Why not a newsletter?

We may add one one day. But a feed is private by design: nobody learns your email address, nobody
tracks whether you opened anything, and you can stop following us with a single click.
`),
  },
  {
    title: 'Adding Images to Your Posts',
    excerpt:
      'Upload a cover image or place pictures inside the text. Which formats Byline accepts, how large they may be, and how to write alt text that actually helps people.',
    category: 'Guides',
    author: 'tom-okafor',
    timing: { status: 'published', daysAgo: 111.7 },
    body: md(`
A good image can explain in a second what takes a paragraph to describe. Byline supports two kinds:
a cover image at the top of the post, and images placed anywhere in the text.

## What you can upload

Byline accepts **JPEG, PNG, WebP, GIF and AVIF** images of up to **5 MB**. The file type is checked
by looking at the file's contents, not its name, so renaming a file will not get it past the check.
For photographs, a JPEG or WebP about 2000 pixels wide is plenty; for screenshots and diagrams, PNG
keeps text sharp.

## The cover image

In the editor, choose **Cover image** and either upload a file or paste an \`https://\` address. The
cover appears at the top of the post and in post cards on the home page, so pick something that still
reads when it is small.

## Images inside the text

Every image you upload is stored by Byline and gets an address under \`/media/\`. Place it anywhere in
the text with Markdown:

\`\`\`markdown
![Two editors comparing printed drafts of the same article on a desk](/media/4f1c2a9e7b.jpg)
\`\`\`

The part in square brackets is the alt text; the part in parentheses is the address. You can also link
to an image hosted elsewhere, as long as its address starts with \`https://\`.

## Writing alt text

Alt text is read aloud by screen readers and shown when an image fails to load. Good alt text:

- Describes what the image shows **in the context of your post**: a chart needs its conclusion, not
  "a chart".
- Is usually one sentence. Long explanations belong in the text itself.
- Does not start with "Image of", because screen readers already announce that it is an image.
- Is empty, written \`![](...)\`, only for purely decorative images.

> Ask yourself: if this image were missing, what would the reader need to know?

The [W3C images tutorial](https://www.w3.org/WAI/tutorials/images/) has a decision tree for tricky
cases, such as images of text and complex diagrams.

## A note on size

Big images slow down the page for everyone, especially on mobile data. Resize before uploading, and
prefer one well-chosen image over five similar ones.
`),
  },
  {
    title: 'Running Your Own Byline on Cloudflare',
    excerpt:
      'From an empty Cloudflare account to a live site in about fifteen minutes: create the database, set the secrets, apply the migrations, create an admin and deploy.',
    category: 'Guides',
    author: 'maya-chen',
    timing: { status: 'published', daysAgo: 6.3 },
    featured: 5,
    body: md(`
Byline is a single Cloudflare Worker with a D1 database and an R2 bucket for images. This guide takes
you from a fresh checkout to a live site. You need Node.js 20 or newer and a Cloudflare account.

## 1. Try it locally first

\`\`\`bash
npm install
npm start
\`\`\`

This builds the site, applies the migrations to a local database, adds demo content and serves
everything on \`http://localhost:8787\`. The demo admin's login is printed in the terminal.

## 2. Create the database and the bucket

\`\`\`bash
npx wrangler login
npx wrangler d1 create byline
npx wrangler r2 bucket create byline-media
\`\`\`

\`d1 create\` prints a \`database_id\`. Copy it into \`wrangler.toml\`, replacing the placeholder id in
the \`[[d1_databases]]\` section.

## 3. Set the secrets

Two secrets protect sessions and passwords. Generate long random values and keep a copy somewhere safe:
if you lose the pepper, nobody can log in with their existing password.

\`\`\`bash
npx wrangler secret put SESSION_SECRET
npx wrangler secret put PASSWORD_PEPPER
\`\`\`

## 4. Apply the migrations

\`\`\`bash
npx wrangler d1 migrations apply DB --remote
\`\`\`

## 5. Create the first admin

The admin command hashes the password on your machine, so it needs the same pepper you gave the
Worker, passed as an environment variable:

\`\`\`bash
PASSWORD_PEPPER='the value you set above' \\
  npm run admin:create -- --username dana --email dana@example.com --password 'a long passphrase' --remote
\`\`\`

## 6. Build and deploy

\`\`\`bash
npm run build
npx wrangler deploy
\`\`\`

Wrangler prints the address of your site. Log in with the admin you just created, add your categories,
and invite your authors.

## Troubleshooting

| Symptom | Likely cause |
|---|---|
| Every login fails | \`PASSWORD_PEPPER\` differs between the Worker and the admin command |
| "no such table" errors | migrations were applied locally, not with \`--remote\` |
| Image uploads fail | the R2 bucket name does not match \`wrangler.toml\` |

> Keep \`.dev.vars\` out of version control. It holds your local secrets, and the repository ignores it
> by default.

For everything else, the [Workers documentation](https://developers.cloudflare.com/workers/) and the
[D1 documentation](https://developers.cloudflare.com/d1/) are thorough and well organised.
`),
  },

  // ── News ─────────────────────────────────────────────────────────────────────────────────────
  {
    title: 'Scheduled Publishing Has Arrived',
    excerpt:
      'You can now finish a post today and let it go live at the moment you choose. Scheduled posts stay hidden until then, and there is no background job that could fail.',
    category: 'News',
    author: 'sara-lind',
    timing: { status: 'published', daysAgo: 2.2 },
    featured: 0,
    body: md(`
Scheduled publishing was the most requested feature of the past year, and it is available to every
author on Byline from today.

## What is new

- The editor has a third button next to **Save draft** and **Publish now**: **Schedule**.
- Pick a date and time, in your own time zone, and the post goes live at that moment.
- Your profile and the admin post list show scheduled posts with a *Scheduled for* label and the date.
- The admin dashboard counts scheduled posts separately from drafts and published ones.

## How it works

We did not build a timer. A scheduled post is a published post with a publication date in the future,
and every public list, from the home page to the RSS feed, search and the sitemap, only includes posts
whose date has passed. The moment the date passes, the post is simply there.

> No job to run means no job to fail. Your 8 a.m. post appears at 8 a.m. even if everything else is
> having a bad morning.

This design also means there is nothing to configure. Self-hosted sites get scheduling with the same
deploy as everything else.

## Why it took a while

We wanted to be sure that a scheduled post could never leak early: not through search, not through a
guessed link, not through the feed. Each of those paths now has a test that publishes a post for
tomorrow and checks that it stays invisible to everyone except its author and the admins.

## Getting started

Our [step-by-step guide](/category/guides) walks through scheduling, moving a scheduled post, and
turning it back into a draft. As always, tell us what you think: the feature exists because so many
of you asked.

## Thanks

Thank you to the authors who tested early versions and found the time zone bug we are glad nobody else
will ever see.
`),
  },
  {
    title: 'Featured Posts Come to the Home Page',
    excerpt:
      'Admins can now pick the posts that greet every visitor. The home page shows up to six featured posts in the order you choose, above the latest posts.',
    category: 'News',
    author: 'maya-chen',
    timing: { status: 'published', daysAgo: 18.2 },
    body: md(`
Until now the home page showed the newest posts and nothing else. That meant a thoughtful guide
published on Monday was pushed out of sight by Friday's short announcement. From today, admins can
choose what visitors see first.

## How it works

- A new **Featured** page in the admin area holds an ordered list of up to **twelve** posts.
- Add a post by searching for its title; only published posts can be added.
- Drag to reorder, remove what no longer fits, and save.
- The home page shows the first **six**, above the list of latest posts.

The other six are a reserve: when a featured post is unpublished or deleted, it leaves the list
automatically, and the next one moves up, so the section never shows a gap or a broken link.

## Why twelve and six?

Six posts fill two rows of three on a wide screen and a comfortable scroll on a phone. Twelve lets you
plan ahead, so the list stays full even when a couple of posts drop out. We tried an unlimited list
and found that it quickly turned into a second archive nobody maintained.

> The home page is the front window of the shop. It should show what you are proudest of, not just
> what arrived last.

## For authors

Nothing changes in your workflow. If you think a post of yours belongs in the featured section, tell
an admin. Featured posts show no special label on their own pages; the honour is in the placement.

## For developers

The ordered list is available from the API at \`/api/featured\`, and admins can replace it in one call
with a list of slugs. The [Running Your Own Byline guide](/category/guides) covers setting up an admin
account if you host your own site.

## What is next

We are looking at featured sections per category, so that each category page can lead with its best
work too. If you have opinions on that, we would love to hear them.
`),
  },
  {
    title: 'Search Is Here: Find Any Post by Its Words',
    excerpt:
      'Search now covers every published post on Byline, matching titles, excerpts and full text, with the best matches first. Drafts and scheduled posts stay private.',
    category: 'News',
    author: 'tom-okafor',
    timing: { status: 'published', daysAgo: 32.1 },
    body: md(`
With hundreds of posts in the archive, browsing by category was no longer enough. Search is now
available on every Byline site, from the box in the header or at \`/search\`.

## What you can search

- **Titles, excerpts and full text** of every published post.
- Each result shows its excerpt, author, category and date, just like the lists elsewhere on the site.
- Twelve results a page, with links to the next pages.

Drafts and scheduled posts never appear in search results, not even for their authors. To find your
own drafts, use your profile page.

## Tips for better results

1. Use distinctive words: "pagination keyset" finds more than "how to do lists".
2. Fewer words are often better. Every extra word narrows the results.
3. Search is not case sensitive, and accents are ignored, so "cafe" finds "café".

## How we built it

Search runs inside the same database as everything else, using SQLite's full-text search, and follows
the same rules as every other list on the site. That keeps the index in step with the posts automatically: a post is searchable the moment it is
published and disappears the moment it is unpublished, with no separate service to keep in sync.

> We considered a dedicated search service and decided our archive is nowhere near big enough to need
> one. It is a nice problem to look forward to.

Search results have their own address, such as [/search?q=markdown](/search?q=markdown), so you can
bookmark a search or share it with a colleague. If you are curious about the machinery, the
[SQLite FTS5 documentation](https://www.sqlite.org/fts5.html) is thorough and readable.

## Accessibility

The search page announces the number of results to screen readers when they change, and every result
is a plain link, so you can move through them with the Tab key. An empty result explains what to try
next and offers the categories as a starting point.

## Feedback welcome

If a search does not find something you know is there, we want to hear about it. Tell us the words you
searched for and the post you expected.
`),
  },
  {
    title: 'What Our Accessibility Audit Found, and What We Fixed',
    excerpt:
      'An outside auditor tested Byline with screen readers, keyboards and magnifiers. They found twenty-three issues. All of the serious ones are fixed; this is the list.',
    category: 'News',
    author: 'sara-lind',
    timing: { status: 'published', daysAgo: 58.1 },
    body: md(`
We care about accessibility and thought we were doing well. To find out, we asked an independent
auditor to test the public site, the editor and the admin area against
[WCAG 2.2](https://www.w3.org/TR/WCAG22/) Level AA. They found twenty-three issues.

## How they tested

- Screen readers: NVDA with Firefox on Windows, VoiceOver with Safari on macOS and iOS.
- Keyboard only, with no mouse, through every page and dialog.
- Browser zoom at 200 and 400 percent, and the operating system's high contrast mode.
- Automated checks with axe, which caught about a third of the issues.

## What they found

| Area | Issue | Severity | Status |
|---|---|---|---|
| Editor | Preview updates were not announced to screen readers | High | Fixed |
| All pages | Focus ring nearly invisible in the dark theme | High | Fixed |
| Login | Error message not linked to its field | High | Fixed |
| Admin | Drag-to-reorder featured posts had no keyboard alternative | High | Fixed |
| Articles | Code blocks not scrollable by keyboard | Medium | Fixed |
| Search | Result count not announced | Medium | Fixed |
| Footer | Feed link text was only an icon | Medium | Fixed |
| Dashboard | Weekly chart had no text alternative | Medium | In progress |

The remaining fifteen were low-severity issues, mostly in wording and heading order, and all of them
are fixed as well.

## What changed in how we work

An audit is a snapshot; the site changes every week. So we made three lasting changes:

1. Every page is checked with axe in our browser tests, and a new violation fails the build.
2. Every new feature is tried with a keyboard and a screen reader before review.
3. We will repeat the outside audit every year.

> Automated tools find the problems that are easy to find. People find the ones that matter.

## Tell us

If something on Byline does not work with the way you browse, please tell us. Accessibility reports go
to the top of our list, and we will reply to every one of them.
`),
  },
  {
    title: 'A Clearer Dashboard for Admins',
    excerpt:
      'The admin dashboard now shows published, draft and scheduled counts at a glance, a chart of posts per week over twelve weeks, and the newest posts and sign-ups.',
    category: 'News',
    author: 'maya-chen',
    timing: { status: 'scheduled', daysAhead: 2 },
    body: md(`
The old admin dashboard was a list of links. The new one answers the questions admins actually ask on
a Monday morning: how much did we publish, what is waiting, and who joined?

## At a glance

The top of the dashboard shows five numbers:

- **Published** posts that readers can see right now.
- **Drafts** that are still being written.
- **Scheduled** posts, waiting for their moment.
- **Authors** with an account.
- **Categories** on the site.

## Posts per week

Below the numbers, a bar chart shows how many posts were published in each of the last twelve weeks.
It makes gaps obvious. A quiet fortnight in the summer is fine; a slow decline over three months is a
conversation worth having.

The chart has a text alternative with the same numbers, week by week, so screen reader users get the
same picture as everyone else.

## Latest activity

Two short lists close the page: the newest posts, with their status and author, and the newest
accounts, with the date they signed up. Admins told us these were the two things they checked most
often, usually by opening three different pages.

> A dashboard should make you notice something. If it only makes you feel informed, it is decoration.

## Fast, even on big sites

All of the numbers come from a handful of indexed queries run in parallel, so the dashboard loads as
quickly on a site with ten thousand posts as on one with ten. Nothing is cached, so what you see is
always current.

## Available now

The dashboard is the first page admins see after logging in. Authors are not affected; their profile
page still shows their own posts with each one's status. If there is a number you wish the dashboard
showed, let us know by email. Earlier announcements are collected in the [News category](/category/news).
`),
  },
  {
    title: 'Dark Mode Is Now the Default',
    excerpt:
      'Byline now opens in a dark theme, with a toggle in the header to switch to light. Your choice is remembered, and pages never flash white while they load.',
    category: 'News',
    author: 'tom-okafor',
    timing: { status: 'published', daysAgo: 85.3 },
    body: md(`
Byline now opens in a dark theme. If you prefer light pages, the toggle in the header switches
instantly, and your choice is remembered the next time you visit.

## Why dark by default

Most of our readers visit in the evening, and many told us that a bright white page was the last thing
they wanted on a screen at night. When we offered the dark theme as an option, more than two thirds of
returning readers switched to it within a month. Making it the default simply matches what people
already chose.

## No flash of white

A common problem with themes on the web is the *flash*: the page loads in the default colours and
switches a moment later, once the scripts have run. On a dark page at night, that white flash is
genuinely unpleasant.

Byline applies your saved theme before the page is first drawn. A tiny instruction at the very top of
each page reads your choice and sets it on the document straight away, so the first frame you see is
already the right colour.

## Designed, not inverted

The dark theme is not the light theme with its colours flipped. It has its own palette, with:

- An off-white text colour on deep navy, to avoid the glare of pure white on black.
- Softer, lighter accent colours that do not vibrate against the dark background.
- Focus rings and borders that keep at least 3:1 contrast against everything around them.

We wrote about the details in our [Design category](/category/design).

## Your choice stays yours

The theme is stored only in your browser. There is no account setting and nothing is sent to our
servers, so it works the same whether or not you are logged in.

> The best default is the one most people would have picked for themselves.

## Feedback

If anything is hard to read in either theme, a screenshot and the name of the page help us fix it
quickly.
`),
  },
];
