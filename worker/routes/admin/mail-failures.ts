// `/api/admin/mail-failures`: the mails the queue gave up on, and dismissing one (behind `mail.failures`,
// admins only, mounted once). Written by the queue's consumer (jobs/mail-queue.ts); decision 059.
import { PageQuerySchema } from '../../../contracts/lists';
import { MailFailureIdParamSchema, MailFailureListSchema } from '../../../contracts/mail-failures';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { notFound } from '../../lib/http-error';
import { deleteMailFailure } from '../../queries/mail-failures';
import { readMailFailures } from '../../services/mail-failures';
import { readContextOf } from '../../services/read-context';

const mailFailureListRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'The mails that could not be sent after every retry, newest first',
  description: 'Who each was for, its subject, the last error and how often it was tried; never the body (its links carry tokens).',
  tags: ['admin'],
  access: 'admin',
  query: PageQuerySchema,
  responses: { 200: MailFailureListSchema },
});

const mailFailureDeleteRoute = apiRoute({
  method: 'delete',
  path: '/:id',
  summary: 'Dismiss a failed mail from the list',
  tags: ['admin'],
  access: 'admin',
  params: MailFailureIdParamSchema,
  responses: { 204: null },
  errors: { 404: 'No such failed mail: `not_found`' },
});

export const adminMailFailureRoutes = new ApiRouter()
  .endpoint(mailFailureListRoute, async (c) => c.json(await readMailFailures(readContextOf(c), c.req.valid('query'))))

  .endpoint(mailFailureDeleteRoute, async (c) => {
    if (!(await deleteMailFailure(c.var.db, c.req.valid('param').id))) throw notFound('No such failed mail');
    return c.body(null, 204);
  });
