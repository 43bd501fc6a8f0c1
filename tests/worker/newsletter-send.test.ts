// "Also send by email" (decision 069): publishing with `sendEmail: true` sends the post once to every active
// subscriber through the mail queue in batches — email-safe HTML with absolute links, a plain-text part, RFC 8058
// headers with the subscriber's own signed link — never twice (publishing again, a batch delivered twice, two
// sends at once), and the post's admin shape and the editor's offer tell how it went. And 1,000 subscribers, end
// to end through the real queue: each gets exactly one mail.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { NewsletterOffer } from '../../contracts/newsletter';
import type { Post } from '../../contracts/posts';
import { ROLE_AUTHOR, ROLE_CONTRIBUTOR } from '../../contracts/roles';
import { createDb } from '../../worker/db/client';
import { MAIL_SEND_ATTEMPTS } from '../../contracts/mail-failures';
import worker from '../../worker/index';
import { startNewsletterSend, type NewsletterBatch } from '../../worker/services/newsletter-send';
import { subscriberOfToken } from '../../worker/services/newsletter-token';
import { callAs } from './admin-kit';
import { createAdmin, createCategory, createPost, createUser, json, postRow, uid, updateOf, type TestUser } from './factories';
import { expectError } from './helpers';
import { mailsTo } from './mail-outbox';

/** `n` subscribers with `status`, inserted in statements of 50 rows; answers their addresses. */
async function subscribersWith(n: number, status: 'active' | 'pending' | 'unsubscribed' = 'active'): Promise<string[]> {
  const tag = uid();
  const emails = Array.from({ length: n }, (_, i) => `nl-${tag}-${i}@example.com`);
  const statements = [];
  for (let i = 0; i < n; i += 50) {
    const rows = emails.slice(i, i + 50);
    statements.push(
      env.DB.prepare(`INSERT INTO subscribers (email, email_key, status, source) VALUES ${rows.map(() => `(?, ?, '${status}', 'import')`).join(', ')}`).bind(
        ...rows.flatMap((e) => [e, e]),
      ),
    );
  }
  await env.DB.batch(statements);
  return emails;
}

const sentCount = async (slug: string) =>
  (await env.DB.prepare(
    "SELECT count(*) AS n FROM newsletter_deliveries d JOIN newsletter_sends s ON s.id = d.send_id JOIN posts p ON p.id = s.post_id WHERE p.slug = ? AND d.status = 'sent'",
  )
    .bind(slug)
    .first<{ n: number }>())!.n;

async function waitForSent(slug: string, n: number, timeoutMs = 60_000): Promise<void> {
  for (let waited = 0; (await sentCount(slug)) < n; waited += 50) {
    if (waited > timeoutMs) throw new Error(`only ${await sentCount(slug)} of ${n} sent`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function publishWithEmail(author: TestUser, overrides: Record<string, unknown> = {}): Promise<Post> {
  return createPost(author, await createCategory(), {
    body: `Read [the about page](/about) and see ![a chart](/media/chart.png).\n\nA second paragraph ${uid(4)}.`,
    sendEmail: true,
    ...overrides,
  } as never);
}

describe('sending a post by email on publish', () => {
  it('mails every active subscriber once — absolute links, inline styles, a text part, one-click unsubscribe headers — and nobody else', async () => {
    const [active, pending, gone] = [await subscribersWith(3), await subscribersWith(1, 'pending'), await subscribersWith(1, 'unsubscribed')];
    const author = await createUser({ role: ROLE_AUTHOR });
    const post = await publishWithEmail(author);
    await waitForSent(post.slug, 3);
    for (const email of active) {
      const mails = (await mailsTo(email)).filter((m) => m.subject === post.title);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.html).toContain('href="https://byline.test/about"');
      expect(mail.html).toContain('src="https://byline.test/media/chart.png"');
      expect(mail.html).toContain(`href="https://byline.test/details/${post.slug}"`);
      expect(mail.html).toMatch(/<img style="max-width:100%;height:auto"/);
      expect(mail.html).not.toMatch(/(href|src)="\/[^/]/);
      expect(mail.text).toContain(post.title);
      expect(mail.text).toContain(`https://byline.test/details/${post.slug}`);
      expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const link = /^<(https:\/\/byline\.test\/unsubscribe\?token=([^>]+))>$/.exec(mail.headers!['List-Unsubscribe']!);
      expect(link).not.toBeNull();
      expect(mail.html).toContain(link![1]!.replace(/&/g, '&amp;'));
      const id = await subscriberOfToken(env.SESSION_SECRET, decodeURIComponent(link![2]!));
      const row = await env.DB.prepare('SELECT email FROM subscribers WHERE id = ?').bind(id).first<{ email: string }>();
      expect(row!.email).toBe(email); // the token is this subscriber's own
    }
    for (const email of [...pending, ...gone]) expect(await mailsTo(email, 1, 200)).toEqual([]);
  });

  it('sends once: publishing again with sendEmail and a second send started later send nothing more', async () => {
    const [email] = await subscribersWith(1);
    const author = await createUser({ role: ROLE_AUTHOR });
    const post = await publishWithEmail(author);
    await waitForSent(post.slug, 1);
    const again = await callAs(author, `/api/posts/${post.slug}`, { method: 'PUT', json: { ...updateOf(post), sendEmail: true } });
    expect(again.status).toBe(200);
    const { id } = (await postRow(post.slug))!;
    const db = createDb(env.DB);
    expect(await Promise.all([startNewsletterSend(env, db, id, 'r1'), startNewsletterSend(env, db, id, 'r2')])).toEqual([false, false]);
    await new Promise((r) => setTimeout(r, 300));
    expect((await mailsTo(email!)).filter((m) => m.subject === post.title)).toHaveLength(1);
  });

  it('starts one send of two at once for a post never sent', async () => {
    await subscribersWith(1);
    const author = await createUser({ role: ROLE_AUTHOR });
    const post = await createPost(author, await createCategory());
    const { id } = (await postRow(post.slug))!;
    const db = createDb(env.DB);
    const started = await Promise.all([startNewsletterSend(env, db, id, 'a'), startNewsletterSend(env, db, id, 'b')]);
    expect(started.sort()).toEqual([false, true]);
  });

  it('does not send a draft or a scheduled post, and refuses sendEmail: false', async () => {
    const [email] = await subscribersWith(1);
    const author = await createUser({ role: ROLE_AUTHOR });
    const draft = await publishWithEmail(author, { status: 'draft' });
    const later = await publishWithEmail(author, { publishedAt: new Date(Date.now() + 86_400_000).toISOString() });
    const category = await createCategory();
    const refused = await callAs(author, '/api/posts', { json: { title: 'x', body: 'y', category: category.slug, status: 'published', sendEmail: false } });
    await expectError(refused, 422, 'validation_failed');
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(email!, 1, 200)).toEqual([]);
    expect(await sentCount(draft.slug)).toBe(0);
    expect(await sentCount(later.slug)).toBe(0);
  });

  it('offers the send in the editor until it is made, and shows sent, failed and unsubscribed in the admin shape', async () => {
    const emails = await subscribersWith(2);
    const admin = await createAdmin();
    const contributor = await createUser({ role: ROLE_CONTRIBUTOR });
    const post = await createPost(admin, await createCategory());
    expect(await json<NewsletterOffer>(await callAs(admin, `/api/posts/${post.slug}/newsletter`))).toEqual({ offer: true, stats: null });
    await expectError(await callAs(contributor, `/api/posts/${post.slug}/newsletter`), 403, 'forbidden');
    expect((await callAs(admin, `/api/posts/${post.slug}`, { method: 'PUT', json: { ...updateOf(post), sendEmail: true } })).status).toBe(200);
    await waitForSent(post.slug, 2);
    await env.DB.prepare("UPDATE subscribers SET status = 'unsubscribed' WHERE email_key = ?").bind(emails[0]).run();
    const offer = await json<NewsletterOffer>(await callAs(admin, `/api/posts/${post.slug}/newsletter`));
    expect(offer.offer).toBe(false);
    expect(offer.stats!.failed).toBe(0);
    const { post: adminShape } = await json<{ post: Post & { newsletter?: unknown } }>(await callAs(admin, `/api/admin/posts/${post.slug}`));
    expect(adminShape.newsletter).toEqual(offer.stats);
    expect(offer.stats!.sent).toBeGreaterThanOrEqual(2);
    expect(offer.stats!.unsubscribed).toBeGreaterThanOrEqual(1);
    const other = await createPost(admin, await createCategory());
    expect((await json<{ post: Post & { newsletter?: unknown } }>(await callAs(admin, `/api/admin/posts/${other.slug}`))).post.newsletter).toBeUndefined();
  });
});

describe('the queue consumer of a newsletter batch', () => {
  async function consume(body: NewsletterBatch, attempts: number) {
    const id = `msg-${uid()}`;
    const batch = createMessageBatch<NewsletterBatch>('byline-mail', [{ id, timestamp: new Date(), attempts, body }]);
    await worker.queue(batch, env);
    return { id, result: await getQueueResult(batch, createExecutionContext()) };
  }

  it('sends nobody a second mail when a batch comes twice, retries only the failed mail, and records it failed after the last attempt', async () => {
    const [ok] = await subscribersWith(1);
    const bad = `refused-${uid()}@undeliverable.test`;
    await env.DB.prepare("INSERT INTO subscribers (email, email_key, status, source) VALUES (?, ?, 'active', 'import')").bind(bad, bad).run();
    const ids = (await env.DB.prepare('SELECT id FROM subscribers WHERE email_key IN (?, ?) ORDER BY id').bind(ok, bad).all<{ id: number }>()).results.map((r) => r.id);
    const post = await createPost(await createUser({ role: ROLE_AUTHOR }), await createCategory());
    const { id: postId } = (await postRow(post.slug))!;
    const send = await env.DB.prepare('INSERT INTO newsletter_sends (post_id) VALUES (?) RETURNING id').bind(postId).first<{ id: number }>();
    const body: NewsletterBatch = { kind: 'newsletter', sendId: send!.id, subscriberIds: ids, requestId: 'req-test' };
    const deliveries = () =>
      env.DB.prepare('SELECT subscriber_id, status FROM newsletter_deliveries WHERE send_id = ? ORDER BY subscriber_id').bind(send!.id).all().then((r) => r.results);

    const first = await consume(body, 1);
    expect(first.result.retryMessages.map((m) => m.msgId)).toEqual([first.id]);
    expect(await deliveries()).toEqual([{ subscriber_id: ids[0], status: 'sent' }]);
    const last = await consume(body, MAIL_SEND_ATTEMPTS); // the same batch again, as a retry (or a duplicate delivery)
    expect(last.result.explicitAcks).toEqual([last.id]);
    expect(await deliveries()).toEqual([
      { subscriber_id: ids[0], status: 'sent' },
      { subscriber_id: ids[1], status: 'failed' },
    ]);
    expect((await mailsTo(ok!)).filter((m) => m.subject === post.title)).toHaveLength(1);
  });
});

describe('a send to 1,000 subscribers', () => {
  it('reaches each of 1,000 subscribers exactly once through the real queue, in batches', async () => {
    const emails = await subscribersWith(1000);
    const author = await createUser({ role: ROLE_AUTHOR });
    const started = Date.now();
    const post = await publishWithEmail(author);
    await waitForSent(post.slug, 1000, 120_000);
    const ms = Date.now() - started;
    const counts = await Promise.all(emails.map(async (e) => (await env.MAIL_OUTBOX.sentTo(e)).filter((m) => m.subject === post.title).length));
    expect(counts.filter((n) => n !== 1)).toEqual([]);
    console.log(`NEWSLETTER: 1,000 subscribers sent in ${ms} ms (publish to last delivery recorded)`);
  }, 180_000);
});
