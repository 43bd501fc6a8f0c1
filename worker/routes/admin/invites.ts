// `/api/admin/invites` (decision 055): the pending invites, send, resend, revoke. Mounted behind
// requireCan('invites.send'); which roles each inviter may give is the permission table's `invitableRoles`.
import { PageQuerySchema } from '../../../contracts/lists';
import { InviteCreatedSchema, InviteIdParamSchema, InviteInputSchema, InviteListSchema, type InviteCreated, type InviteList } from '../../../contracts/invites';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { signedInUser } from '../../lib/permissions';
import { readInvites, resendInvite, revokeInvite, sendInvite } from '../../services/invites';
import { readContextOf } from '../../services/read-context';

const FORBIDDEN_ROLE = 'The role is not one the inviter may invite (editors: authors and contributors): `forbidden`';

const inviteListRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The pending invites (expired ones too, until resent or revoked), newest first',
  tags: ['admin', 'invites'],
  access: 'user',
  query: PageQuerySchema,
  responses: { 200: InviteListSchema },
  errors: { 403: 'The role may not invite (`invites.send`): `forbidden`' },
});

const inviteSendRoute = apiRoute({
  method: 'post',
  path: '/',
  summary: 'Invite an email address with a role: the mail holds a single-use link valid for 7 days',
  tags: ['admin', 'invites'],
  access: 'user',
  json: InviteInputSchema,
  responses: { 201: InviteCreatedSchema },
  errors: {
    403: FORBIDDEN_ROLE,
    409: 'The address has an account, or an invite is already waiting for it: `conflict` with `email`',
    429: 'Over 30 invite mails from this inviter in an hour: `rate_limited`, Retry-After',
  },
});

const inviteRevokeRoute = apiRoute({
  method: 'delete',
  path: '/:id',
  summary: 'Revoke an invite: its link stops working',
  tags: ['admin', 'invites'],
  access: 'user',
  params: InviteIdParamSchema,
  responses: { 204: null },
  errors: { 403: FORBIDDEN_ROLE, 404: 'No such invite: `not_found`' },
});

const inviteResendRoute = apiRoute({
  method: 'post',
  path: '/:id/resend',
  summary: 'Mail the invite again with a new link (the old one stops working) valid for 7 more days',
  tags: ['admin', 'invites'],
  access: 'user',
  params: InviteIdParamSchema,
  responses: { 200: InviteCreatedSchema },
  errors: { 403: FORBIDDEN_ROLE, 404: 'No such invite: `not_found`', 429: 'Over 30 invite mails from this inviter in an hour: `rate_limited`, Retry-After' },
});

export const adminInviteRoutes = new ApiRouter()
  .endpoint(inviteListRoute, async (c) => c.json<InviteList>(await readInvites(readContextOf(c), c.req.valid('query'))))
  .endpoint(inviteSendRoute, async (c) => c.json<InviteCreated>(await sendInvite(c, signedInUser(c), c.req.valid('json')), 201))
  .endpoint(inviteRevokeRoute, async (c) => {
    await revokeInvite(c.var.db, signedInUser(c), c.req.valid('param').id);
    return c.body(null, 204);
  })
  .endpoint(inviteResendRoute, async (c) => c.json<InviteCreated>(await resendInvite(c, signedInUser(c), c.req.valid('param').id)));
