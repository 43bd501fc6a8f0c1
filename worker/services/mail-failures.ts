// The admins' list of mails the queue gave up on (/admin/mail and GET /api/admin/mail-failures alike).
import { ADMIN_PAGE_SIZE } from '../../contracts/list-page';
import type { ListPage } from '../../contracts/list-page';
import type { PageQuery } from '../../contracts/lists';
import type { MailFailure } from '../../contracts/mail-failures';
import { listMailFailures } from '../queries/mail-failures';
import type { ReadContext } from './read-context';

export const readMailFailures = ({ db }: ReadContext, { page }: PageQuery): Promise<ListPage<MailFailure>> =>
  listMailFailures(db, { page, pageSize: ADMIN_PAGE_SIZE });
