// One row of the admin posts list: its selection box, its columns and its quick actions.
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { AdminPostSort } from '../../../contracts/admin';
import { isVisibleToReaders } from '../../../contracts/post-status';
import type { PostSummary } from '../../../contracts/posts';
import { useDates } from '../../components/format';
import type { Column } from '../../components/data-table';
import { FormField } from '../../components/form-field';
import { StatusBadge } from '../../components/post-card';
import { paths } from '../../lib/paths';
import { useFocusFirstField } from '../../lib/use-focus-first-field';
import { ariaSort, sortHref, sortOf } from './post-actions-bulk';
import type { PostActions, Scheduling } from './use-post-actions';
import type { PostBulk } from './use-post-bulk';

const SORTABLE: readonly [string, AdminPostSort][] = [
  ['Title', 'title'],
  ['Status', 'status'],
  ['Author', 'author'],
  ['Category', 'category'],
  ['Updated', 'updated'],
];

/** The list's headings: select all on the page, then each column as a link that sorts by it (the URL keeps the sort). */
export function postColumns(bulk: PostBulk, pathname: string, search: string): (string | Column)[] {
  const current = sortOf(search);
  return [
    { label: 'Select', className: 'select-cell', header: <SelectAllBox bulk={bulk} /> },
    ...SORTABLE.map(([label, sort]): Column => {
      const sorted = current.sort === sort ? ariaSort(current.dir) : undefined;
      return {
        label,
        sorted,
        header: (
          <Link className="sort-link" to={sortHref(pathname, search, sort)}>
            {label}
            <span className="sort-arrow" aria-hidden="true">
              {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
            </span>
          </Link>
        ),
      };
    }),
    'Actions',
  ];
}

function SelectAllBox({ bulk }: { bulk: PostBulk }) {
  return (
    <label className="select-box">
      <input
        type="checkbox"
        aria-label="Select all posts on this page"
        checked={bulk.allSelected}
        // A partly ticked page shows as such (only a property, no attribute).
        ref={(box) => {
          if (box) box.indeterminate = bulk.someSelected;
        }}
        onChange={bulk.toggleAll}
      />
    </label>
  );
}

interface Props {
  post: PostSummary;
  actions: PostActions;
  selected: boolean;
  onSelect: () => void;
}

export function PostRow({ post, actions, selected, onSelect }: Props) {
  const { formatDate } = useDates();
  const live = isVisibleToReaders(post);
  const rowBusy = actions.busy === post.slug;
  const hidden = <span className="visually-hidden"> {post.title}</span>;
  return (
    <tr aria-busy={rowBusy} className={selected ? 'selected' : undefined}>
      <td className="select-cell">
        {/* The label makes the whole cell the box's target, 44 px on a phone. */}
        <label className="select-box">
          <input type="checkbox" aria-label={`Select “${post.title}”`} checked={selected} onChange={onSelect} />
        </label>
      </td>
      <td>
        <Link to={paths.admin.post(post.slug)}>{post.title}</Link>
      </td>
      <td>
        <StatusBadge post={post} />
      </td>
      <td>{post.author.name}</td>
      <td>{post.category.name}</td>
      <td>
        <time dateTime={post.updatedAt}>{formatDate(post.updatedAt)}</time>
      </td>
      <td className="row-actions">
        {live ? (
          <button type="button" disabled={rowBusy} onClick={() => actions.unpublish(post)}>
            Unpublish{hidden}
          </button>
        ) : (
          <button type="button" disabled={rowBusy} onClick={() => actions.publish(post)}>
            Publish{hidden}
          </button>
        )}
        <button type="button" disabled={rowBusy} onClick={() => actions.startSchedule(post)}>
          Schedule{hidden}
        </button>
        <button type="button" className="danger" disabled={rowBusy} onClick={() => actions.askDelete(post)}>
          Delete{hidden}
        </button>
      </td>
    </tr>
  );
}

/** The box that asks when to publish a post, below the list. */
export function ScheduleForm({ actions }: { actions: PostActions }) {
  const { scheduling } = actions;
  return scheduling ? <ScheduleBox key={scheduling.post.slug} actions={actions} scheduling={scheduling} /> : null;
}

function ScheduleBox({ actions, scheduling }: { actions: PostActions; scheduling: Scheduling }) {
  const ref = useRef<HTMLFormElement>(null);
  const dates = useDates();
  useFocusFirstField(ref);
  return (
    <form ref={ref} className="schedule-box" onSubmit={actions.submitSchedule} aria-label={`Schedule ${scheduling.post.title}`}>
      <FormField
        id="schedule-at"
        label={`Publish “${scheduling.post.title}” on (${dates.zoneLabel(dates.fromWallTime(scheduling.at) ?? Date.now())})`}
        type="datetime-local"
        value={scheduling.at}
        onChange={(e) => actions.setScheduleAt(e.target.value)}
      />
      <div className="inline-row">
        <button type="submit" className="primary">
          Schedule
        </button>
        <button type="button" onClick={actions.cancelSchedule}>
          Cancel
        </button>
      </div>
    </form>
  );
}
