// /admin/import in real Chromium: a WordPress export is parsed in the browser and sent in batches; the
// page shows the progress and then the report. A file of neither format is refused with a reason.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { axeViolations, baseURL, hydrated, launch, login, newContext, newPage, uniqueName } from './support/browser';
import { type Account, newAccount, newCategory, newPost } from './support/own-data';

let browser: Browser;
let admin: Account;
/** The category the imports name: it exists, so an import makes no category. */
let category: { slug: string; name: string };
beforeAll(async () => {
  browser = await launch();
  admin = await newAccount('admin');
  category = await newCategory('Guides');
});
afterAll(async () => {
  await browser?.close();
});

/** A WXR of `count` block posts by one new author in this file's category (no new category, nothing featured, so other tests see the same site). */
function wxr(id: string, count: number): string {
  const items = Array.from(
    { length: count },
    (_, i) => `<item><title><![CDATA[Imported ${id} number ${i + 1}]]></title><link>https://old.example.test/2024/02/${String((i % 27) + 1).padStart(2, '0')}/${id}-${i + 1}/</link><dc:creator><![CDATA[${id}]]></dc:creator>
<content:encoded><![CDATA[<!-- wp:paragraph --><p>Paragraph <strong>${i + 1}</strong> of ${id}.</p><!-- /wp:paragraph -->
<!-- wp:heading --><h2 class="wp-block-heading">Heading ${i + 1}</h2><!-- /wp:heading -->]]></content:encoded>
<excerpt:encoded><![CDATA[]]></excerpt:encoded><wp:post_id>${i + 1}</wp:post_id>
<wp:post_date_gmt><![CDATA[2024-02-${String((i % 27) + 1).padStart(2, '0')} 10:00:00]]></wp:post_date_gmt>
<wp:post_name><![CDATA[${id}-${i + 1}]]></wp:post_name><wp:status><![CDATA[publish]]></wp:status>
<wp:post_type><![CDATA[post]]></wp:post_type><wp:is_sticky>0</wp:is_sticky>
<category domain="category" nicename="${category.slug}"><![CDATA[${category.name}]]></category>
<category domain="post_tag" nicename="${id}-tag"><![CDATA[Tag ${id}]]></category></item>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">
<channel><title>E2E</title><wp:wxr_version>1.2</wp:wxr_version>
<wp:author><wp:author_login><![CDATA[${id}]]></wp:author_login><wp:author_email><![CDATA[${id}@e2e.example.test]]></wp:author_email><wp:author_display_name><![CDATA[Author ${id}]]></wp:author_display_name></wp:author>
${items}
</channel></rss>`;
}

describe('/admin/import', () => {
  it('imports a WordPress export in batches, showing progress and then the report', async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await login(page, admin);
    await page.goto('/admin/import');
    await hydrated(page);
    await page.getByRole('link', { name: 'Import' }).waitFor();

    const id = uniqueName('wp');
    await page.getByLabel('Export file').setInputFiles({ name: 'site.xml', mimeType: 'text/xml', buffer: Buffer.from(wxr(id, 23)) });
    await page.getByRole('button', { name: 'Import' }).click();
    // 1 batch of people and terms, then 3 of posts (10 a batch), then 1 of the old addresses' redirects.
    const progress = page.locator('progress#import-progress');
    await progress.waitFor();
    const report = page.getByRole('heading', { name: 'Report' });
    await report.waitFor({ timeout: 30_000 });
    await expect(progress.getAttribute('max')).resolves.toBe('5');
    await expect(progress.getAttribute('value')).resolves.toBe('5');
    await page.getByText('Imported from WordPress: all 5 batches landed.').waitFor();
    await page.getByText('Batches that landed: 1–5.').waitFor();
    await expect(page.getByRole('row', { name: 'Old addresses redirected 46' }).count()).resolves.toBe(1);

    // A visitor following the old site's links: /?p=ID and the dated permalink lead to the post (301), and its page shows.
    for (const old of ['/?p=1', `/2024/02/01/${id}-1/`]) {
      const moved = await page.request.get(old, { maxRedirects: 0 });
      expect([moved.status(), moved.headers().location], old).toEqual([301, `/details/${id}-1`]);
    }
    const visitor = await newContext(browser);
    const { page: reader } = await newPage(visitor);
    await reader.goto('/?p=2');
    expect(reader.url()).toBe(`${baseURL()}/details/${id}-2`);
    await reader.getByRole('heading', { level: 1, name: `Imported ${id} number 2` }).waitFor();
    await visitor.close();
    await expect(page.getByRole('row', { name: 'Posts 23' }).count()).resolves.toBe(1);
    await expect(page.getByRole('row', { name: 'Authors 1' }).count()).resolves.toBe(1);
    await expect(page.getByRole('row', { name: 'Categories 0' }).count()).resolves.toBe(1);
    await page.getByText('Import finished: 23 posts imported.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const post = await page.request.get(`/api/posts/${id}-1`);
    expect(post.status()).toBe(200);
    const body = ((await post.json()) as { post: { body: string; author: { username: string } } }).post;
    expect(body.body).toBe(`Paragraph **1** of ${id}.\n\n## Heading 1`);
    expect(body.author.username).toBe(id);

    // The same file again: nothing imported, everything skipped with why.
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Import finished: 0 posts imported.').waitFor({ timeout: 30_000 });
    await page.getByText(`post ${id}-2: A post with this slug exists`).waitFor({ state: 'attached' });
    await page.getByText(`category ${category.slug}: A category with this slug exists`).waitFor({ state: 'attached' });
    expect(errors).toEqual([]);

    // Leave the site as it was.
    for (let i = 1; i <= 23; i++) {
      const res = await page.request.delete(`/api/admin/posts/${id}-${i}`, { headers: { origin: baseURL() } });
      expect(res.status()).toBe(204);
    }
    await context.close();
  });

  it('refuses a file that is neither format, and a truncated export, with a clear message', async () => {
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await login(page, admin);
    await page.goto('/admin/import');
    await hydrated(page);
    await page.getByLabel('Export file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('just some notes') });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('alert').getByText(/neither a WordPress export/).waitFor();

    const whole = wxr(uniqueName('cut'), 3);
    await page.getByLabel('Export file').setInputFiles({ name: 'cut.xml', mimeType: 'text/xml', buffer: Buffer.from(whole.slice(0, whole.length - 200)) });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('alert').getByText(/not complete XML/).waitFor();

    const withDoctype = wxr(uniqueName('dtd'), 1).replace('<rss', '<!DOCTYPE rss [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<rss');
    await page.getByLabel('Export file').setInputFiles({ name: 'dtd.xml', mimeType: 'text/xml', buffer: Buffer.from(withDoctype) });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('alert').getByText('Refused: this XML file declares a DOCTYPE.', { exact: false }).waitFor();
    await expect(page.getByRole('heading', { name: 'Report' }).count()).resolves.toBe(0);
    await context.close();
  });

  it("a Ghost export with the old site's address: its links to what is not imported point there, each named in the report", async () => {
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await login(page, admin);
    await page.goto('/admin/import');
    await hydrated(page);

    const id = uniqueName('gh');
    // The shape Ghost 6's exporter writes (tests/fixtures/import/ghost-6.json), cut to one post in the
    // file's category, nothing featured, so other tests see the same site; no image, so the
    // Worker fetches nothing from outside.
    const ghost = {
      db: [
        {
          meta: { exported_on: 1795682476879, version: '6.65.0' },
          data: {
            posts: [
              {
                id: `${id}-post`,
                title: `Ghost ${id}`,
                slug: id,
                html: `<p>See <a href="__GHOST_URL__/about-${id}/">about</a> and <a href="__GHOST_URL__/${id}/">this post</a>.</p>`,
                feature_image: null,
                featured: 0,
                type: 'post',
                status: 'published',
                visibility: 'public',
                created_at: '2024-01-01 09:00:00',
                updated_at: '2024-01-01 09:00:00',
                published_at: '2024-01-01 09:00:00',
                custom_excerpt: null,
              },
            ],
            users: [{ id: `${id}-user`, name: `Ghost ${id}`, slug: id, email: `${id}@ghost.example.test`, profile_image: null, bio: null, status: 'active' }],
            posts_authors: [{ id: `${id}-pa`, post_id: `${id}-post`, author_id: `${id}-user`, sort_order: 0 }],
            tags: [{ id: `${id}-tag`, name: category.name, slug: category.slug, description: null, visibility: 'public' }],
            posts_tags: [{ id: `${id}-pt`, post_id: `${id}-post`, tag_id: `${id}-tag`, sort_order: 0 }],
          },
        },
      ],
    };
    await page.getByLabel('Export file').setInputFiles({ name: 'ghost.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(ghost)) });
    await page.getByLabel("Old site's address (optional)").fill('ftp://old.example');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByRole('alert').getByText("The old site's address must be an http(s) address").waitFor();

    await page.getByLabel("Old site's address (optional)").fill('https://old.example/');
    await page.getByRole('button', { name: 'Import' }).click();
    await page.getByText('Import finished: 1 post imported.').waitFor({ timeout: 30_000 });
    await page.getByText(`“Ghost ${id}”: the link to __GHOST_URL__/about-${id}/ is not part of this import; it now points to the old site (https://old.example/about-${id}/)`).waitFor({ state: 'attached' });

    const res = await page.request.get(`/api/posts/${id}`);
    const post = ((await res.json()) as { post: { body: string; publishedAt: string } }).post;
    expect(post.body).toBe(`See [about](https://old.example/about-${id}/) and [this post](/details/${id}).`);
    expect(new Date(post.publishedAt).toISOString()).toBe('2024-01-01T09:00:00.000Z');
    expect(errors).toEqual([]);

    expect((await page.request.delete(`/api/admin/posts/${id}`, { headers: { origin: baseURL() } })).status()).toBe(204);
    await context.close();
  });

  it('/admin/export downloads a zip with byline.json and the images', async () => {
    const own = await newPost(await newAccount('author'), { category: category.slug });
    const context = await newContext(browser);
    const { page, errors } = await newPage(context);
    await login(page, admin);
    await page.goto('/admin/export');
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^byline-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
    const data = JSON.parse(strFromU8(files['byline.json']!)) as { format: string; posts: unknown[]; media: { key: string }[]; users: Record<string, unknown>[] };
    expect(data.format).toBe('byline-export');
    expect(JSON.stringify(data.posts)).toContain(`"${own.slug}"`);
    expect(data.users.every((u) => !('passwordHash' in u))).toBe(true);
    for (const m of data.media) expect(files[`media/${m.key}`]?.length).toBeGreaterThan(0);
    await page.getByText(/^Exported \d+ posts/).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** `npm run import -- ARGS` as a person runs it, next to the running site. */
function importCli(...args: string[]) {
  const run = spawnSync('npx', ['tsx', 'scripts/import.ts', ...args], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: 'true' } });
  return { status: run.status, out: `${run.stdout}${run.stderr}` };
}

describe('npm run import into the database the running site serves', () => {
  it("is seen by visitors at once, not after the running site's cached state expires (30 s)", async () => {
    const persist = dirname(inject('serverLogPath')); // the folder `wrangler dev` of the browser tests keeps its D1 in
    const id = uniqueName('cli');
    const path = `/details/${id}-1`;
    const visitor = await newContext(browser);
    // A visitor asks first: the 404 is cached under the current content state.
    expect((await visitor.request.get(path)).status()).toBe(404);
    expect((await visitor.request.get(path)).headers()['x-cache']).toBe('HIT');

    const file = join(mkdtempSync(join(tmpdir(), 'byline-import-')), 'site.xml');
    writeFileSync(file, wxr(id, 1));
    const { status, out } = importCli(file, '--persist-to', persist, '--site', baseURL());
    expect(out).toContain(`Told the site running at ${baseURL()}: its visitors see the import at once.`);
    expect(status).toBe(0);

    const after = await visitor.request.get(path);
    expect(after.status()).toBe(200);
    expect(await after.text()).toContain(`Imported ${id} number 1`);
    await visitor.close();

    // Leave the site as it was.
    const context = await newContext(browser);
    const { page } = await newPage(context);
    await login(page, admin);
    expect((await page.request.delete(`/api/admin/posts/${id}-1`, { headers: { origin: baseURL() } })).status()).toBe(204);
    await context.close();
  });

  it('refuses arguments it does not know (node:util parseArgs), with the usage', () => {
    const { status, out } = importCli('site.xml', '--sure');
    expect(status).toBe(1);
    expect(out).toContain("Unknown option '--sure'");
    expect(out).toContain('Usage: npm run import -- FILE [--from OLD_SITE_URL]');
  });
});
