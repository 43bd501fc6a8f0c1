// `/api/admin/subscribers` and `/api/admin/subscribers.csv` (decision 069): the newsletter's subscribers for
// admins (`subscribers.manage`, mounted once in routes/admin/index.ts): the list with counts, one removed or
// unsubscribed, the CSV import; and the CSV export.
import {
  AdminSubscriberPatchSchema,
  AdminSubscribersQuerySchema,
  AdminSubscribersSchema,
  SubscriberIdParamSchema,
  SubscriberImportResultSchema,
} from '../../../contracts/newsletter';
import { apiRoute, ApiRouter } from '../../lib/api-router';
import { HttpError, notFound } from '../../lib/http-error';
import { mediaType } from '../../middleware/form-posts';
import { unsubscribe } from '../../queries/subscribers';
import { deleteSubscriber } from '../../queries/subscribers-admin';
import { importSubscribersCsv, readAdminSubscribers, subscribersCsv } from '../../services/subscribers-admin';

const listRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Subscribers by address, with the count of each status',
  description: '`status` filters; `q` finds the addresses that start with it.',
  tags: ['admin'],
  access: 'admin',
  query: AdminSubscribersQuerySchema,
  responses: { 200: AdminSubscribersSchema },
});

const unsubscribeRoute = apiRoute({
  method: 'patch',
  path: '/:id',
  summary: 'Unsubscribe one subscriber',
  tags: ['admin'],
  access: 'admin',
  params: SubscriberIdParamSchema,
  json: AdminSubscriberPatchSchema,
  responses: { 204: null },
  errors: { 404: 'No such subscriber: `not_found`' },
});

const deleteRoute = apiRoute({
  method: 'delete',
  path: '/:id',
  summary: 'Remove one subscriber (the address and its history)',
  tags: ['admin'],
  access: 'admin',
  params: SubscriberIdParamSchema,
  responses: { 204: null },
  errors: { 404: 'No such subscriber: `not_found`' },
});

const importRoute = apiRoute({
  method: 'post',
  path: '/import',
  summary: 'Import addresses from a CSV (text/csv): new ones become active subscribers with source `import`',
  description:
    'The first column of each row is an address (a header row `email` is skipped). Addresses already subscribed (or unsubscribed) and repeats are skipped; malformed ones are listed by line.',
  tags: ['admin'],
  access: 'admin',
  responses: { 200: SubscriberImportResultSchema },
  errors: { 413: 'Over 512 KB: `payload_too_large`', 415: 'Not text/csv: `unsupported_media_type`' },
});

export const adminSubscriberRoutes = new ApiRouter()
  .endpoint(listRoute, async (c) => c.json(await readAdminSubscribers(c.var.db, c.req.valid('query'))))

  .endpoint(importRoute, async (c) => {
    if (mediaType(c) !== 'text/csv') throw new HttpError(415, 'unsupported_media_type', 'Send the addresses as text/csv');
    return c.json(await importSubscribersCsv(c.var.db, await c.req.text(), Date.now()));
  })

  .endpoint(unsubscribeRoute, async (c) => {
    if (!(await unsubscribe(c.var.db, { id: c.req.valid('param').id, now: Date.now() }))) throw notFound('No such subscriber');
    return c.body(null, 204);
  })

  .endpoint(deleteRoute, async (c) => {
    if (!(await deleteSubscriber(c.var.db, c.req.valid('param').id))) throw notFound('No such subscriber');
    return c.body(null, 204);
  });

const exportRoute = apiRoute({
  method: 'get',
  path: '/',
  summary: 'Every subscriber as CSV (email, status, source and dates); no cell can run as a spreadsheet formula',
  tags: ['admin'],
  access: 'admin',
  responses: { 200: null },
});

export const adminSubscriberExportRoutes = new ApiRouter().endpoint(exportRoute, (c) =>
  c.body(subscribersCsv(c.var.db), 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': 'attachment; filename="subscribers.csv"',
  }),
);
