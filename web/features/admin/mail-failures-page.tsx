// `/admin/mail` (product.md §17, decision 059): the mails the queue gave up on after every retry — who each
// was for, its subject, the last error, how often it was tried — newest first, 25 a page; dismiss after
// confirmation. The body is never kept (its links carry tokens): a lost reset link is requested again.
import { useLoaderData } from 'react-router-dom';
import type { ListPage } from '../../../contracts/list-page';
import { MAIL_SEND_ATTEMPTS, type MailFailure } from '../../../contracts/mail-failures';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useDates } from '../../components/format';
import { DataTable } from '../../components/data-table';
import { FormMessage } from '../../components/form-message';
import { useApi } from '../../lib/api-context';
import { dismissMailFailure } from './api';
import { ApiError } from '../../lib/http';
import { pageFrom } from '../../lib/loader-kit';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { AdminPage, FilteredPagination, ListTotal, useFlash } from './admin-kit';
import { useConfirmedDelete } from './use-confirmed-delete';

export const loader: PageModule['loader'] = async ({ request }, { reads }) => reads.admin.mailFailures(pageFrom(request));

export const handle: RouteHandle = { head: () => ({ title: 'Failed mail', noindex: true }) };


const dismissButtonId = (id: number) => `mail-failure-dismiss-${id}`;

function MailFailureRow({ failure, onDismiss }: { failure: MailFailure; onDismiss: () => void }) {
  const { formatDateTime } = useDates();
  return (
    <tr>
      <td>
        <time dateTime={failure.createdAt}>{formatDateTime(failure.createdAt)}</time>
      </td>
      <td className="mail-failure-to">{failure.to}</td>
      <td>{failure.subject}</td>
      <td className="mail-failure-error">
        {failure.error} <span className="muted">({failure.attempts === 1 ? '1 attempt' : `${failure.attempts} attempts`})</span>
      </td>
      <td className="row-actions">
        <button type="button" id={dismissButtonId(failure.id)} onClick={onDismiss}>
          Dismiss<span className="visually-hidden"> the failed mail to {failure.to}</span>
        </button>
      </td>
    </tr>
  );
}

export function Component() {
  const failures = useLoaderData() as ListPage<MailFailure>;
  const api = useApi();
  const [flash, setFlash] = useFlash();
  const dismiss = useConfirmedDelete<MailFailure>({
    remove: (f) => dismissMailFailure(api, f.id),
    deleted: (f) => `The failed mail to ${f.to} was dismissed.`,
    failed: (error, f) =>
      error instanceof ApiError && error.status === 404 ? `The failed mail to ${f.to} was already dismissed.` : `The failed mail to ${f.to} could not be dismissed; please try again.`,
    buttonId: (f) => dismissButtonId(f.id),
    setFlash,
  });

  return (
    <AdminPage title="Failed mail">
      <p className="muted">Mail that could not be sent after {MAIL_SEND_ATTEMPTS} attempts over about a quarter of an hour. Ask the person to request it again once the problem is fixed.</p>
      <FormMessage message={flash?.text} kind={flash?.kind} />
      <ListTotal total={failures.total} one="failed mail" many="failed mails" />
      {failures.items.length === 0 ? (
        <p className="empty">No failed mail: everything queued was sent.</p>
      ) : (
        <DataTable caption="Failed mail" columns={['When', 'To', 'Subject', 'Error', { label: 'Actions', hidden: true }]}>
          {failures.items.map((f) => (
            <MailFailureRow key={f.id} failure={f} onDismiss={() => dismiss.askDelete(f)} />
          ))}
        </DataTable>
      )}
      <FilteredPagination list={failures} base={paths.admin.mail()} label="Failed mail pages" />
      <ConfirmDialog
        open={dismiss.deleting !== null}
        title="Dismiss this failed mail?"
        message={dismiss.deleting ? `It leaves the list; the mail to ${dismiss.deleting.to} is not sent again.` : ''}
        confirmLabel="Dismiss"
        busy={dismiss.busy}
        onCancel={dismiss.cancelDelete}
        onConfirm={() => void dismiss.confirmDelete()}
      />
    </AdminPage>
  );
}
