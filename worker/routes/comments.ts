// `/api/posts/:slug/comments`: a post's approved comments, and a new one (product.md §18, §19; decision 068) —
// the JSON call of the hydrated form and, urlencoded, the form posted before hydration (contracts/form-posts.ts).
import type { Context } from 'hono';
import { CommentCreatedSchema, CommentInputSchema, mayModerateComment, PublicCommentListSchema, type CommentCreated, type PublicCommentList } from '../../contracts/comments';
import { caughtByHoneypot } from '../../contracts/honeypot';
import { PostSlugParamSchema } from '../../contracts/posts';
import type { AppEnv } from '../env';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { postWriteTags, touchCacheTags } from '../lib/cache-tags';
import { clientNetwork } from '../lib/client-address';
import { rateLimited } from '../lib/http-error';
import { requireTurnstilePass } from '../lib/turnstile';
import { countAttempt, type Throttle } from '../queries/login-attempts';
import { addComment, commenterOf, readPostComments, requireCommentsOpen, requireReadablePost } from '../services/comments';
import { newCommentMail } from '../services/comments-mail';
import { readContextOf } from '../services/read-context';
import { mailAfterResponse } from '../services/site-mail';

/** product.md §18: 5 comments per network per 10 minutes. */
export const COMMENT_THROTTLE: Throttle = { limit: 5, windowMs: 10 * 60 * 1000 };

const postCommentsRoute = apiRoute({
  method: 'get',
  path: '/posts/:slug/comments',
  summary: "A published post's approved comments, oldest first (replies name their parent); never an email",
  tags: ['comments'],
  params: PostSlugParamSchema,
  responses: { 200: PublicCommentListSchema },
  errors: { 404: 'No published post has this slug: `not_found`' },
});

const addCommentRoute = apiRoute({
  method: 'post',
  path: '/posts/:slug/comments',
  summary: 'Comment on a published post (held for moderation until the email has an approved comment)',
  description:
    'Signed-in users comment as themselves (name and email are ignored); visitors send both. A filled honeypot field `website` gets the same 201 and creates nothing. With Turnstile on (TURNSTILE_SECRET), a visitor sends `turnstileToken`. A reply to a reply joins its thread (one level).',
  tags: ['comments'],
  params: PostSlugParamSchema,
  json: CommentInputSchema,
  responses: { 201: CommentCreatedSchema },
  errors: {
    400: 'Turnstile is on and `turnstileToken` is missing or refused: `bad_request` with fields.turnstileToken',
    403: 'Comments are closed on this post or on the site: `forbidden`',
    404: 'No published post has this slug: `not_found`',
    422: 'A field breaks its rule, or `parentId` names no approved comment of this post: `validation_failed`',
    429: 'More than 5 comments from this network in 10 minutes: `rate_limited`, Retry-After',
  },
});

/** What a filled honeypot gets: an answer like a held comment's; nothing is stored or mailed. */
const answerAsHeld = (c: Context<AppEnv>) => c.json<CommentCreated>({ id: 1 + Math.floor(Math.random() * 1_000_000), status: 'pending' }, 201);

export const commentRoutes = new ApiRouter()
  .endpoint(postCommentsRoute, async (c) => c.json<PublicCommentList>(await readPostComments(readContextOf(c), c.req.valid('param').slug)))
  .endpoint(addCommentRoute, async (c) => {
    const input = c.req.valid('json');
    const { db, user } = c.var;
    const post = await requireReadablePost(db, c.req.valid('param').slug, Date.now());
    await requireCommentsOpen(db, post);
    const from = commenterOf(user, input);
    // Whoever moderates the post answers on it freely (approved at once anyway); everyone else counts.
    if (!mayModerateComment(user, user?.id === post.authorId)) {
      const { waitSeconds } = await countAttempt(db, [{ key: `comment:${clientNetwork(c)}`, throttle: COMMENT_THROTTLE }], Date.now());
      if (waitSeconds > 0) throw rateLimited(waitSeconds, 'Too many comments from this network; try again in a few minutes');
    }
    if (!user) await requireTurnstilePass(c, input.turnstileToken);
    if (caughtByHoneypot(input)) return answerAsHeld(c);
    const created = await addComment(db, post, from, input, user);
    if (created.status === 'approved') touchCacheTags(c, postWriteTags(post.slug));
    if (user?.id !== post.authorId) {
      mailAfterResponse(c, newCommentMail({ name: post.authorName, email: post.authorEmail }, post, { name: from.name, body: input.body, status: created.status }));
    }
    return c.json<CommentCreated>(created, 201);
  });
