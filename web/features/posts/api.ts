// The posts feature's calls: a reader's comment once the script runs (before it, the same form posts to the same path).
import type { CommentCreated, CommentInput } from '../../../contracts/comments';
import type { ApiClients } from '../../lib/api-client';

export const sendComment = (api: ApiClients, slug: string, input: CommentInput): Promise<CommentCreated> =>
  api.public.request<CommentCreated>('POST', `/api/posts/${encodeURIComponent(slug)}/comments`, input);
