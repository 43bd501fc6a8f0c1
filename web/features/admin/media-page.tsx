// `/admin/media` (product.md §16, §19; decision 063): every uploaded image, newest first, 25 a page, filtered
// by uploader; each with its size, uploader, the posts that use it, its alt text (editable) and Delete after
// confirmation (refused, naming the posts, while any uses it).
import { Link, useLoaderData } from 'react-router-dom';
import type { ListPage } from '../../../contracts/list-page';
import type { MediaItem } from '../../../contracts/media-library';
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
          <span className="muted">Not used by any post</span>
        ) : (
          <>
            Used by{' '}
            {item.usedBy.map((u, i) => (
              <span key={u.slug}>
                {i > 0 ? ', ' : ''}
                <Link to={paths.admin.post(u.slug)}>{u.title}</Link>
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
            ? `Posts still use it (${remove.deleting.usedBy.map((u) => u.title).join(', ')}): remove it from them first.`
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
