// `/admin/subscribers` (decision 069): the newsletter's subscribers for admins — counts per status, a status
// filter and an address-prefix search, 50 a page by address; CSV export (a download) and import (a file, with
// a per-row report); unsubscribe or remove one after confirmation.
import { useState, type FormEvent } from 'react';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { SUBSCRIBER_STATUSES, type AdminSubscriber, type AdminSubscribers, type SubscriberImportResult } from '../../../../contracts/newsletter';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { useDates } from '../../../components/format';
import { FormMessage } from '../../../components/form-message';
import { useApi } from '../../../lib/api-context';
import { pageFrom } from '../../../lib/loader-kit';
import { paths } from '../../../lib/paths';
import type { PageModule, RouteHandle } from '../../../lib/route-kit';
import { AdminPage, FilteredPagination, FilterForm, filtersFrom, ListTotal, SelectFilter, TextFilter, useFlash } from '../admin-kit';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { deleteSubscriber, importSubscribers, SUBSCRIBERS_CSV, unsubscribeSubscriber } from './subscribers-api';

interface SubscribersData {
  list: AdminSubscribers;
  filters: Record<string, string>;
}

export const loader: PageModule['loader'] = async ({ request }, { reads }) => {
  const filters = filtersFrom(request, ['status', 'q']);
  return { list: await reads.admin.subscribers(filters, pageFrom(request)), filters } satisfies SubscribersData;
};

export const handle: RouteHandle = { head: () => ({ title: 'Subscribers', noindex: true }) };

const STATUS_OPTIONS = SUBSCRIBER_STATUSES.map((s) => ({ value: s, label: s[0]!.toUpperCase() + s.slice(1) }));
const removeButtonId = (id: number) => `subscriber-remove-${id}`;

function ImportForm({ onImported }: { onImported: (result: SubscriberImportResult) => void }) {
  const api = useApi();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const file = (e.currentTarget.elements.namedItem('file') as HTMLInputElement).files?.[0];
    if (!file) return setError('Choose a CSV file first.');
    setBusy(true);
    setError(null);
    try {
      onImported(await importSubscribers(api, file));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The import failed; please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="subscribers-import" onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
      <label htmlFor="subscribers-file">Import a CSV (one address a row, first column; up to 512 KB)</label>
      <input id="subscribers-file" name="file" type="file" accept=".csv,text/csv" />
      <button type="submit" disabled={busy}>
        {busy ? 'Importing…' : 'Import'}
      </button>
      <FormMessage message={error} />
    </form>
  );
}

function ImportReport({ result }: { result: SubscriberImportResult }) {
  return (
    <FormMessage kind="ok" message={`Imported ${result.imported}, skipped ${result.skipped} already there or repeated, ${result.errors.length} refused.`}>
      {result.errors.length > 0 ? (
        <ul>
          {result.errors.slice(0, 50).map((e) => (
            <li key={e.line}>
              Line {e.line}: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </FormMessage>
  );
}

function SubscriberRow({ s, onUnsubscribe, onRemove }: { s: AdminSubscriber; onUnsubscribe: () => void; onRemove: () => void }) {
  const { formatDate } = useDates();
  return (
    <tr>
      <td className="subscriber-email">{s.email}</td>
      <td>{s.status}</td>
      <td>{s.source}</td>
      <td>
        <time dateTime={s.createdAt}>{formatDate(s.createdAt)}</time>
      </td>
      <td className="row-actions">
        {s.status === 'unsubscribed' ? null : (
          <button type="button" onClick={onUnsubscribe}>
            Unsubscribe<span className="visually-hidden"> {s.email}</span>
          </button>
        )}
        <button type="button" className="danger" id={removeButtonId(s.id)} onClick={onRemove}>
          Remove<span className="visually-hidden"> {s.email}</span>
        </button>
      </td>
    </tr>
  );
}

export function Component() {
  const { list, filters } = useLoaderData() as SubscribersData;
  const api = useApi();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useFlash();
  const [report, setReport] = useState<SubscriberImportResult | null>(null);
  const remove = useConfirmedDelete<AdminSubscriber & { unsubscribeOnly: boolean }>({
    remove: (s) => (s.unsubscribeOnly ? unsubscribeSubscriber(api, s.id) : deleteSubscriber(api, s.id)),
    deleted: (s) => (s.unsubscribeOnly ? `${s.email} was unsubscribed.` : `${s.email} was removed.`),
    failed: (_error, s) => `${s.email} could not be changed; please try again.`,
    buttonId: (s) => removeButtonId(s.id),
    setFlash,
  });
  const asking = remove.deleting;
  const { counts } = list;

  return (
    <AdminPage
      title="Subscribers"
      actions={
        <a className="button" href={SUBSCRIBERS_CSV} download>
          Export CSV
        </a>
      }
    >
      <p className="subscriber-counts">
        {counts.active} active · {counts.pending} waiting for confirmation · {counts.unsubscribed} unsubscribed
      </p>
      <FormMessage message={flash?.text} kind={flash?.kind} />
      {report ? <ImportReport result={report} /> : null}
      <ImportForm
        onImported={(result) => {
          setReport(result);
          void revalidator.revalidate();
        }}
      />
      <FilterForm label="Filter subscribers" clearTo={paths.admin.subscribers()}>
        <TextFilter id="s-q" name="q" label="Address starts with" value={filters.q} />
        <SelectFilter id="s-status" name="status" label="Status" value={filters.status} options={STATUS_OPTIONS} />
      </FilterForm>
      <ListTotal total={list.total} one="subscriber" many="subscribers" />
      {list.items.length === 0 ? (
        <p className="empty">No subscribers match.</p>
      ) : (
        <DataTable caption="Subscribers" columns={['Email', 'Status', 'Source', 'Since', { label: 'Actions', hidden: true }]}>
          {list.items.map((s) => (
            <SubscriberRow
              key={s.id}
              s={s}
              onUnsubscribe={() => remove.askDelete({ ...s, unsubscribeOnly: true })}
              onRemove={() => remove.askDelete({ ...s, unsubscribeOnly: false })}
            />
          ))}
        </DataTable>
      )}
      <FilteredPagination list={list} base={paths.admin.subscribers()} label="Subscriber pages" />
      <ConfirmDialog
        open={asking !== null}
        title={asking?.unsubscribeOnly ? 'Unsubscribe this address?' : 'Remove this subscriber?'}
        message={asking ? (asking.unsubscribeOnly ? `${asking.email} gets no more posts by email.` : `${asking.email} and its history are deleted.`) : ''}
        confirmLabel={asking?.unsubscribeOnly ? 'Unsubscribe' : 'Remove'}
        busy={remove.busy}
        onCancel={remove.cancelDelete}
        onConfirm={() => void remove.confirmDelete()}
      />
    </AdminPage>
  );
}
