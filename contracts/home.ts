// `GET /api/home?page=N`: the home page's posts. Its featured section (page 1 only) and the latest posts
// less the ones that section shows, so a phone, where the two stack, never lists a post twice; the latest
// pages and their total leave those posts out on every page, so the pages tile without a gap or a repeat.
import type { z } from 'zod';
import type { HomeResponseSchema } from './post-responses';

export { PageQuerySchema as HomeQuerySchema } from './lists';

export type HomeResponse = z.infer<typeof HomeResponseSchema>;
