// `/admin/media` (product.md §16, §19; decision 063): every uploaded image, newest first, 25 a page, filtered
// by uploader; each with its size, uploader, what uses it (posts and pages linked to their editors, the site
// logo or icon as text; decision 067), its alt text (editable) and Delete after confirmation (refused, naming
// them, while anything uses it).
import { Link, useLoaderData } from 'react-router-dom';
import type { ListPage } from '../../../contracts/list-page';
import type { MediaItem, MediaUsage } from '../../../contracts/media-library';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useDates } from '../../components/format';
import { FormMessage } from '../../components/form-message';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { pageFrom } from '../../lib/loader-kit';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { AdminPage, FilteredPagination, FilterForm, filtersFrom, ListTotal, TextFilter, useFlash } from './admin-kit';
import { deleteMediaItem } from './api';
import { MediaAltForm } from './media-alt-form';
import { useConfirmedDelete } from './use-confirmed-delete';

interface MediaData {
  media: ListPage<MediaItem>;
  filters: Record<string, string>;
}

export const loader: PageModule['loader'] = async ({ request }, { reads }) => {
  const filters = filtersFrom(request, ['uploader']);
  return { media: await reads.admin.media(filters, pageFrom(request)), filters } satisfies MediaData;
};

export const handle: RouteHandle = { head: () => ({ title: 'Media', noindex: true }) };

const deleteButtonId = (key: string) => `media-delete-${key}`;
const kilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024))} KB`;

/** A use as the card shows it: a post or page links to its editor; the site logo or icon is text. */
function UsageLink({ usage }: { usage: MediaUsage }) {
  if (usage.kind === 'settings') return <>{usage.title}</>;
  const to = usage.kind === 'page' ? paths.admin.page(usage.slug) : paths.admin.post(usage.slug);
  return (
    <Link to={to}>
      {usage.kind === 'page' ? <span className="visually-hidden">Page </span> : null}
      {usage.title}
    </Link>
  );
}

function MediaCard({ item, onDelete }: { item: MediaItem; onDelete: () => void }) {
  const { formatDate } = useDates();
  return (
    <li className="media-card">
      <img src={item.url} alt={item.alt} loading="lazy" width={item.width ?? undefined} height={item.height ?? undefined} />
      <p className="muted">
        {item.width !== null && item.height !== null ? `${item.width} × ${item.height}, ` : ''}
        {kilobytes(item.size)} · {item.uploader.username} · <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
      </p>
      <p className="media-used-by">
        {item.usedBy.length === 0 ? (
          <span className="muted">Not used anywhere</span>
        ) : (
          <>
            Used by{' '}
            {item.usedBy.map((u, i) => (
              <span key={`${u.kind}:${u.slug || u.title}`}>
                {i > 0 ? ', ' : ''}
                <UsageLink usage={u} />
              </span>
            ))}
          </>
        )}
      </p>
      <MediaAltForm item={item} />
      <button type="button" id={deleteButtonId(item.key)} onClick={onDelete}>
        Delete<span className="visually-hidden"> the image {item.alt || item.key}</span>
      </button>
    </li>
  );
}

export function Component() {
  const { media, filters } = useLoaderData() as MediaData;
  const api = useApi();
  const [flash, setFlash] = useFlash();
  const remove = useConfirmedDelete<MediaItem>({
    remove: (item) => deleteMediaItem(api, item.key),
    deleted: () => 'The image was deleted.',
    failed: (error) => (error instanceof ApiError && error.status !== 0 ? error.message : 'The image could not be deleted; please try again.'),
    buttonId: (item) => deleteButtonId(item.key),
    setFlash,
  });

  return (
    <AdminPage title="Media">
      <FilterForm label="Filter images" clearTo={paths.admin.media()}>
        <TextFilter id="m-uploader" name="uploader" label="Uploader (username)" value={filters.uploader} />
      </FilterForm>
      <FormMessage message={flash?.text} kind={flash?.kind} />
      <ListTotal total={media.total} one="image" many="images" />
      {media.items.length === 0 ? (
        <p className="empty">No images{filters.uploader ? ` uploaded by ${filters.uploader}` : ''}.</p>
      ) : (
        <ul className="media-grid" aria-label="Images">
          {media.items.map((item) => (
            <MediaCard key={item.key} item={item} onDelete={() => remove.askDelete(item)} />
          ))}
        </ul>
      )}
      <FilteredPagination list={media} base={paths.admin.media()} label="Media pages" />
      <ConfirmDialog
        open={remove.deleting !== null}
        title="Delete this image?"
        message={
          remove.deleting && remove.deleting.usedBy.length > 0
            ? `It is still used (${remove.deleting.usedBy.map((u) => u.title).join(', ')}): remove it from there first.`
            : 'It is removed for good; this cannot be undone.'
        }
        confirmLabel="Delete"
        busy={remove.busy}
        onCancel={remove.cancelDelete}
        onConfirm={() => void remove.confirmDelete()}
      />
    </AdminPage>
  );
}
