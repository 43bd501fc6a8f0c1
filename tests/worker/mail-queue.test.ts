// Mail through the queue (decision 059): a request queues the mail it wrote; the Worker's queue handler sends
// it through MAIL, retries a refused mail with a growing delay, and lists it for admins after the last attempt.
// The test outbox refuses mail to @undeliverable.test (vitest.worker.config.ts).
import { createExecutionContext, createMessageBatch, env, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import wranglerToml from '../../wrangler.toml?raw';
import { MAIL_SEND_ATTEMPTS } from '../../contracts/mail-failures';
import worker from '../../worker/index';
import type { QueuedMail } from '../../worker/lib/mailer';
import { uid } from './factories';
import { call, ORIGIN, uniqueIp } from './helpers';
import { mailsTo, resetTokenIn } from './mail-outbox';

const TOKEN = 'secret-token-in-the-link';

function queuedMail(to: string): QueuedMail {
  const text = `Reset: ${ORIGIN}/reset-password?token=${TOKEN}`;
  return { siteName: 'Byline', requestId: `req-${uid()}`, mail: { to, subject: `Reset your password ${uid(6)}`, text, html: `<p>${text}</p>` } };
}

async function consume(mail: QueuedMail, attempts: number) {
  const id = `msg-${uid()}`;
  const batch = createMessageBatch<QueuedMail>('byline-mail', [{ id, timestamp: new Date(), attempts, body: mail }]);
  const ctx = createExecutionContext();
  await worker.queue(batch, env);
  return { id, result: await getQueueResult(batch, ctx) };
}

const failuresTo = (to: string) =>
  env.DB.prepare('SELECT * FROM mail_failures WHERE "to" = ?').bind(to).all<Record<string, unknown>>().then((r) => r.results);

describe('the mail queue consumer', () => {
  it('sends a queued mail through MAIL and acknowledges it', async () => {
    const mail = queuedMail(`ok-${uid()}@example.com`);
    const { id, result } = await consume(mail, 1);
    expect(result.explicitAcks).toEqual([id]);
    const [sent] = await mailsTo(mail.mail.to);
    expect(sent).toMatchObject({ to: mail.mail.to, subject: mail.mail.subject, text: mail.mail.text, from: { name: 'Byline', email: env.MAIL_FROM } });
  });

  it('retries a refused mail later, each time after a longer delay, and lists nothing yet', async () => {
    const mail = queuedMail(`bounce-${uid()}@undeliverable.test`);
    for (let attempts = 1; attempts < MAIL_SEND_ATTEMPTS; attempts++) {
      const { id, result } = await consume(mail, attempts);
      expect(result.explicitAcks).toEqual([]);
      expect(result.retryMessages.map((m) => m.msgId)).toEqual([id]);
    }
    // The test pool's messages drop retry()'s options, so the delays are read from a message of the platform's shape.
    const delays: (number | undefined)[] = [];
    for (let attempts = 1; attempts < MAIL_SEND_ATTEMPTS; attempts++) {
      const message = { id: uid(), timestamp: new Date(), attempts, body: mail, ack: () => delays.push(-1), retry: (o?: QueueRetryOptions) => delays.push(o?.delaySeconds) };
      await worker.queue({ queue: 'byline-mail', messages: [message], ackAll: () => {}, retryAll: () => {} } as unknown as MessageBatch<QueuedMail>, env);
    }
    expect(delays).toEqual([30, 60, 120, 240, 480]);
    expect(await failuresTo(mail.mail.to)).toEqual([]);
  });

  it('after the last attempt lists the mail for admins (to, subject, error, attempts — never the body or its token) and stops retrying', async () => {
    const mail = queuedMail(`gone-${uid()}@undeliverable.test`);
    const { id, result } = await consume(mail, MAIL_SEND_ATTEMPTS);
    expect(result.explicitAcks).toEqual([id]);
    expect(result.retryMessages).toEqual([]);
    const rows = await failuresTo(mail.mail.to);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: mail.mail.to, subject: mail.mail.subject, attempts: MAIL_SEND_ATTEMPTS });
    expect(String(rows[0]?.error)).toMatch(/550 mailbox unavailable/);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['attempts', 'created_at', 'error', 'id', 'subject', 'to']);
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
  });
});

describe('the queue’s configuration', () => {
  it('lets the platform retry as often as the consumer does (max_retries = MAIL_SEND_ATTEMPTS - 1), so no mail is dropped unlisted', () => {
    const consumer = wranglerToml.slice(wranglerToml.indexOf('[[queues.consumers]]'));
    expect(/^queue = "byline-mail"$/m.test(consumer)).toBe(true);
    expect(Number(/^max_retries = (\d+)$/m.exec(consumer)?.[1])).toBe(MAIL_SEND_ATTEMPTS - 1);
  });
});

describe('a request’s mail', () => {
  it('goes through the queue to MAIL (a reset link arrives)', async () => {
    const email = `queued-${uid()}@example.com`;
    await env.DB.prepare("INSERT INTO users (username, name, email, password_hash, role) VALUES (?, 'Queued', ?, 'x', 3)").bind(`q${uid()}`, email).run();
    expect((await call('/api/auth/password-reset', { json: { email }, ip: uniqueIp() })).status).toBe(202);
    const [mail] = await mailsTo(email);
    expect(resetTokenIn(mail!)).toMatch(/.{20,}/);
  });

  it('is listed as failed at once, with nothing sent, when the queue refuses it', async () => {
    const email = `unqueued-${uid()}@example.com`;
    await env.DB.prepare("INSERT INTO users (username, name, email, password_hash, role) VALUES (?, 'Unqueued', ?, 'x', 3)").bind(`q${uid()}`, email).run();
    const refusingQueue = { send: () => Promise.reject(new Error('queue unavailable')) };
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}/api/auth/password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': uniqueIp() },
      body: JSON.stringify({ email }),
    });
    expect((await worker.fetch(request, { ...env, MAIL_QUEUE: refusingQueue as unknown as Queue }, ctx)).status).toBe(202);
    await waitOnExecutionContext(ctx);
    const rows = await failuresTo(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 0 });
    expect(String(rows[0]?.error)).toMatch(/Not queued: .*queue unavailable/);
    expect(await mailsTo(email, 1, 300)).toEqual([]);
  });
});
