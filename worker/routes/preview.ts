// The editor's live preview: the same Markdown renderer readers get, so what an author sees is what ships.
import { Hono } from 'hono';
import { PreviewInputSchema, type PreviewResponse } from '../../contracts/posts';
import type { AppEnv } from '../env';
import { renderMarkdown } from '../lib/markdown';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/require-user';

export const previewRoutes = new Hono<AppEnv>()
  .use('/posts/preview', requireUser)
  .post('/posts/preview', validate('json', PreviewInputSchema), (c) =>
    c.json<PreviewResponse>({ html: renderMarkdown(c.req.valid('json').body) }),
  );
