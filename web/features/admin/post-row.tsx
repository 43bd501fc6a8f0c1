// One row of the admin posts list, with its quick actions.
import { useRef } from 'react';
import { Link } from 'react-router-dom';
import { isScheduled } from '../../../contracts/post-status';
import type { PostSummary } from '../../../contracts/posts';
import { formatDate } from '../../components/format';
import { StatusBadge } from '../../components/post-card';
import { paths } from '../../lib/paths';
import { useFocusFirstField } from '../../lib/use-focus-first-field';
import type { PostActions, Scheduling } from './use-post-actions';

export const POST_COLUMNS = ['Title', 'Status', 'Author', 'Category', 'Updated', 'Actions'] as const;

export function PostRow({ post, actions }: { post: PostSummary; actions: PostActions }) {
  const live = post.status === 'published' && !isScheduled(post);
  const rowBusy = actions.busy === post.slug;
  const hidden = <span className="visually-hidden"> {post.title}</span>;
  return (
    <tr aria-busy={rowBusy}>
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
  useFocusFirstField(ref);
  return (
    <form ref={ref} className="schedule-box" onSubmit={actions.submitSchedule} aria-label={`Schedule ${scheduling.post.title}`}>
      <div className="field">
        <label htmlFor="schedule-at">Publish “{scheduling.post.title}” on</label>
        <input id="schedule-at" type="datetime-local" value={scheduling.at} onChange={(e) => actions.setScheduleAt(e.target.value)} />
      </div>
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
