// The editor's live preview: the same Markdown renderer readers get, so what an author sees is what ships.
import { Hono } from 'hono';
import { z } from 'zod';
import { PostBodySchema } from '../../contracts/posts';
import type { AppEnv } from '../env';
import { renderMarkdown } from '../lib/markdown';
import { validate } from '../lib/validate';
import { requireUser } from '../middleware/require-user';

export const PreviewInputSchema = z.strictObject({ body: PostBodySchema });

export const previewRoutes = new Hono<AppEnv>()
  .use('/posts/preview', requireUser)
  .post('/posts/preview', validate('json', PreviewInputSchema), (c) =>
    c.json({ html: renderMarkdown(c.req.valid('json').body) }),
  );
