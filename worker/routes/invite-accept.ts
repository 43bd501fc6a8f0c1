// An invite's link (decision 055): what it invites to, and accepting it — the account made and this browser
// signed in as register does, under every registration policy.
import { InviteAcceptSchema, InviteCheckQuerySchema, InviteCheckSchema, type InviteCheck } from '../../contracts/invites';
import type { CurrentUserResponse } from '../../contracts/roles';
import { CurrentUserResponseSchema } from '../../contracts/user-responses';
import { apiRoute, ApiRouter } from '../lib/api-router';
import { toCurrentUser } from '../queries/users';
import { acceptInviteLink, readInviteCheck } from '../services/invites';
import { readContextOf } from '../services/read-context';
import { startSession } from '../services/sign-in';

const inviteCheckRoute = apiRoute({
  method: 'get',
  path: '/auth/invite',
  summary: 'The address and role an invite link is for, or only that it is not valid (unknown, used, revoked or expired)',
  tags: ['auth', 'invites'],
  query: InviteCheckQuerySchema,
  responses: { 200: InviteCheckSchema },
});

const inviteAcceptRoute = apiRoute({
  method: 'post',
  path: '/auth/invite/accept',
  summary: 'Accept an invite: the account with its email and role, and this browser signed in',
  tags: ['auth', 'invites'],
  json: InviteAcceptSchema,
  responses: { 201: CurrentUserResponseSchema },
  errors: {
    400: 'The link is unknown, used, revoked or expired (`invalid_token`), or the input is not valid',
    409: 'The username is taken (or the email was registered meanwhile): `conflict` with the field',
  },
});

export const inviteAcceptRoutes = new ApiRouter()
  .endpoint(inviteCheckRoute, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json<InviteCheck>(await readInviteCheck(readContextOf(c), c.req.valid('query')));
  })
  .endpoint(inviteAcceptRoute, async (c) => {
    const user = await acceptInviteLink(c, c.req.valid('json'));
    await startSession(c, user.id);
    return c.json<CurrentUserResponse>({ user: toCurrentUser(user) }, 201);
  });
