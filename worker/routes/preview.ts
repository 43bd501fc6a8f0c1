// The editor's live preview: the same Markdown renderer readers get, so what an author sees is what ships.
import { PreviewInputSchema, type PreviewResponse } from '../../contracts/posts';
import { PreviewResponseSchema } from '../../contracts/post-responses';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { renderMarkdown } from '../lib/markdown';
import { requireUser } from '../middleware/require-user';

const previewRoute = apiRoute({
  method: 'post',
  path: '/posts/preview',
  summary: 'The HTML readers would get for this Markdown',
  tags: ['posts'],
  access: 'user',
  json: PreviewInputSchema,
  responses: { 200: PreviewResponseSchema },
});

export const previewRoutes = new ApiRouter()
  .guard('/posts/preview', requireUser)
  .endpoint(previewRoute, (c) =>
    c.json<PreviewResponse>({ html: renderMarkdown(c.req.valid('json').body) }),
  );
