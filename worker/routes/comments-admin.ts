// `/api/admin/comments`: moderation (product.md §18, §19; decision 068). Not an admin area behind one
// capability: admins and editors moderate every comment, a post's author their posts' comments — the one rule
// `mayModerateComment` (contracts/comments.ts), asked per comment by services/comments.ts on every call; a
// comment the caller may not moderate is 404. Mounted behind requireUser with the rest of /api/admin (app.ts).
import type { Context } from 'hono';
import {
  AdminCommentListSchema,
  AdminCommentQuerySchema,
  CommentBulkResultSchema,
  CommentBulkSchema,
  CommentCreatedSchema,
  CommentParamSchema,
  CommentReplySchema,
  CommentUpdateSchema,
  type AdminCommentList,
  type CommentCreated,
} from '../../contracts/comments';
import type { AppEnv } from '../env';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { postWriteTags, touchCacheTags } from '../lib/cache-tags';
import { signedInUser } from '../lib/permissions';
import { bulkModerate, changeComment, readModeratedComments, removeComment, replyToComment, showsToReaders } from '../services/comments';
import { readContextOf } from '../services/read-context';

const NO_SUCH_COMMENT = 'No comment with this id that you may moderate: `not_found`';

/** What a change readers see touches: the post's page (its comments) and the lists (its count). */
const touchPosts = (c: Context<AppEnv>, slugs: string[]) => {
  if (slugs.length > 0) touchCacheTags(c, postWriteTags(...slugs));
};

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Comments of one status (pending when absent), newest first, with the count of each status; `post` filters by a post slug',
  description: 'Moderators see every post’s comments with emails; a post’s author sees their posts’ comments without emails.',
  tags: ['comments'],
  access: 'user',
  query: AdminCommentQuerySchema,
  responses: { 200: AdminCommentListSchema },
  errors: { 404: 'The `post` filter names no post you may moderate: `not_found`' },
});

const updateRoute = apiRoute({
  method: 'patch',
  path: '/:id',
  summary: 'Approve, hold, mark as spam or trash a comment, or edit its body',
  tags: ['comments'],
  access: 'user',
  params: CommentParamSchema,
  json: CommentUpdateSchema,
  responses: { 204: null },
  errors: { 404: NO_SUCH_COMMENT },
});

const deleteRoute = apiRoute({
  method: 'delete',
  path: '/:id',
  summary: 'Delete a comment for good (its replies with it)',
  tags: ['comments'],
  access: 'user',
  params: CommentParamSchema,
  responses: { 204: null },
  errors: { 404: NO_SUCH_COMMENT },
});

const replyRoute = apiRoute({
  method: 'post',
  path: '/:id/reply',
  summary: 'Reply as yourself in the comment’s thread: approved at once',
  tags: ['comments'],
  access: 'user',
  params: CommentParamSchema,
  json: CommentReplySchema,
  responses: { 201: CommentCreatedSchema },
  errors: { 404: NO_SUCH_COMMENT },
});

const bulkRoute = apiRoute({
  method: 'post',
  path: '/bulk',
  summary: 'One action (a status, or delete) on several comments; any you may not moderate → 404 and nothing changes',
  tags: ['comments'],
  access: 'user',
  json: CommentBulkSchema,
  responses: { 200: CommentBulkResultSchema },
  errors: { 404: NO_SUCH_COMMENT },
});

export const adminCommentRoutes = new ApiRouter()
  .endpoint(listRoute, async (c) => c.json<AdminCommentList>(await readModeratedComments(readContextOf(c), c.req.valid('query'))))
  .endpoint(bulkRoute, async (c) => {
    const { changed, touched } = await bulkModerate(c.var.db, signedInUser(c), c.req.valid('json'));
    touchPosts(c, [...new Set(touched.map((t) => t.postSlug))]);
    return c.json({ changed });
  })
  .endpoint(updateRoute, async (c) => {
    const changed = await changeComment(c.var.db, signedInUser(c), c.req.valid('param').id, c.req.valid('json'));
    if (showsToReaders(changed.status, changed.after)) touchPosts(c, [changed.postSlug]);
    return c.body(null, 204);
  })
  .endpoint(deleteRoute, async (c) => {
    const removed = await removeComment(c.var.db, signedInUser(c), c.req.valid('param').id);
    if (removed.status === 'approved') touchPosts(c, [removed.postSlug]);
    return c.body(null, 204);
  })
  .endpoint(replyRoute, async (c) => {
    const { postSlug, ...created } = await replyToComment(c.var.db, signedInUser(c), c.req.valid('param').id, c.req.valid('json').body);
    touchPosts(c, [postSlug]);
    return c.json<CommentCreated>(created, 201);
  });
