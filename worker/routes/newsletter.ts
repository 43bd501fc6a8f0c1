// The newsletter's public side (product.md §18, §19; decision 069): `POST /api/subscribe` (also the footer's
// form before hydration), the confirmation link `GET /subscribe/confirm?token=`, and `POST /unsubscribe?token=`
// — the RFC 8058 one-click a mail client sends, and the /unsubscribe page's one button.
import { Hono } from 'hono';
import { caughtByHoneypot } from '../../contracts/honeypot';
import {
  NOTICE_PARAM,
  SUBSCRIBE_ACCEPTED,
  SUBSCRIBE_CONFIRM_TOKEN,
  SUBSCRIBE_CONFIRM_TTL_MS,
  SUBSCRIBE_PER_EMAIL_PER_HOUR,
  SUBSCRIBE_PER_NETWORK_PER_HOUR,
  NewsletterOfferSchema,
  SubscribeInputSchema,
  type NewsletterOffer,
  type SubscribeNotice,
} from '../../contracts/newsletter';
import { mayPublish } from '../../contracts/post-permissions';
import { PostSlugParamSchema } from '../../contracts/posts';
import { pathTo } from '../../contracts/routes';
import { MessageSchema } from '../../contracts/user-responses';
import type { AppEnv } from '../env';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { clientNetwork } from '../lib/client-address';
import { rateLimited } from '../lib/http-error';
import { hashToken, newHashedToken } from '../lib/session-token';
import { requirePostWriter, requireVisiblePost, signedInUser } from '../lib/permissions';
import { requireTurnstilePass } from '../lib/turnstile';
import { PRIVATE_NO_STORE } from '../middleware/load-session';
import { countAttempt, type Throttle } from '../queries/login-attempts';
import { hasActiveSubscribers, newsletterStats } from '../queries/newsletter-sends';
import { confirmSubscription, requestSubscription, unsubscribe } from '../queries/subscribers';
import { loadPost } from '../services/post-writes';
import { CONFIRM_PATH, subscribeConfirmMail } from '../services/newsletter-mail';
import { subscriberOfToken } from '../services/newsletter-token';
import { mailAfterResponse } from '../services/site-mail';

const HOUR = 60 * 60 * 1000;
const SUBSCRIBE_NETWORK_THROTTLE: Throttle = { limit: SUBSCRIBE_PER_NETWORK_PER_HOUR, windowMs: HOUR };
const SUBSCRIBE_EMAIL_THROTTLE: Throttle = { limit: SUBSCRIBE_PER_EMAIL_PER_HOUR, windowMs: HOUR };

const subscribeRoute = apiRoute({
  method: 'post',
  path: '/subscribe',
  summary: 'Subscribe an address to new posts: a confirmation link is mailed to it (double opt-in)',
  description:
    'The same 202 for any well-formed address — new, pending, already active or unsubscribed — so the answer tells nothing about who subscribes. A filled honeypot field `website` gets it too and nothing is stored or sent. With Turnstile on, `turnstileToken` is checked.',
  tags: ['newsletter'],
  json: SubscribeInputSchema,
  responses: { 202: MessageSchema },
  errors: {
    400: 'Turnstile is on and `turnstileToken` is missing or refused: `bad_request` with fields.turnstileToken',
    429: 'Too many requests from this network or for this address: `rate_limited`, Retry-After',
  },
});

const newsletterOfferRoute = apiRoute({
  method: 'get',
  path: '/posts/:slug/newsletter',
  summary: 'For the editor: whether to offer "Also send by email" (someone may publish it, there are active subscribers, it was never sent) and the send in numbers',
  tags: ['newsletter'],
  access: 'user',
  params: PostSlugParamSchema,
  responses: { 200: NewsletterOfferSchema },
  errors: { 403: "Another author's post: `forbidden`", 404: 'No such post, or one the caller may not see: `not_found`' },
});

export const subscribeRoutes = new ApiRouter()
  .endpoint(newsletterOfferRoute, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    const user = signedInUser(c);
    const post = await loadPost(c.var.db, c.req.valid('param').slug);
    requireVisiblePost(user, post, Date.now());
    requirePostWriter(user, post);
    const stats = await newsletterStats(c.var.db, post.id);
    const offer = stats === null && mayPublish(user) && (await hasActiveSubscribers(c.var.db));
    return c.json<NewsletterOffer>({ offer, stats });
  })
  .endpoint(subscribeRoute, async (c) => {
  const input = c.req.valid('json');
  const db = c.var.db;
  const now = Date.now();
  const { waitSeconds } = await countAttempt(
    db,
    [
      { key: `subscribe-network:${clientNetwork(c)}`, throttle: SUBSCRIBE_NETWORK_THROTTLE },
      { key: `subscribe-email:${input.email}`, throttle: SUBSCRIBE_EMAIL_THROTTLE },
    ],
    now,
  );
  if (waitSeconds > 0) throw rateLimited(waitSeconds, 'Too many subscribe requests; try again later');
  await requireTurnstilePass(c, input.turnstileToken);
  if (caughtByHoneypot(input)) return c.json(SUBSCRIBE_ACCEPTED, 202);
  const { token, tokenHash } = await newHashedToken('sub_');
  const row = await requestSubscription(db, { email: input.email, tokenHash, now, ttlMs: SUBSCRIBE_CONFIRM_TTL_MS });
  if (row) mailAfterResponse(c, subscribeConfirmMail(row.email, token));
  return c.json(SUBSCRIBE_ACCEPTED, 202);
  });

const subscribePage = (notice: SubscribeNotice) => `${pathTo('subscribe')}?${NOTICE_PARAM}=${notice}`;
/** The /unsubscribe page after its POST: `done`, or `invalid` for a token that names no subscriber. */
const unsubscribePage = (notice: 'done' | 'invalid') => `${pathTo('unsubscribe')}?${NOTICE_PARAM}=${notice}`;

/** Pages opened from a mail: neither is the API, and neither answer may be kept by any cache. */
export const newsletterLinkRoutes = new Hono<AppEnv>()
  .get(CONFIRM_PATH, async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    // Hono answers HEAD with the GET route: a mail scanner's HEAD must not use up the link.
    if (c.req.method === 'HEAD') return c.body(null, 200);
    const token = c.req.query('token') ?? '';
    const confirmed = SUBSCRIBE_CONFIRM_TOKEN.test(token) ? await confirmSubscription(c.var.db, { tokenHash: await hashToken(token), now: Date.now() }) : null;
    return c.redirect(subscribePage(confirmed ? 'confirmed' : 'invalid'), 303);
  })
  /**
   * RFC 8058 one-click: the token in the address is the whole authority (no cookie, no CSRF token — a mail
   * client's POST has neither; middleware/origin-check.ts lets this one path through, decision 069).
   */
  .post(pathTo('unsubscribe'), async (c) => {
    c.header('Cache-Control', PRIVATE_NO_STORE);
    const id = await subscriberOfToken(c.env.SESSION_SECRET, c.req.query('token') ?? '');
    if (id === null) return c.redirect(unsubscribePage('invalid'), 303);
    await unsubscribe(c.var.db, { id, now: Date.now() });
    return c.redirect(unsubscribePage('done'), 303);
  });
