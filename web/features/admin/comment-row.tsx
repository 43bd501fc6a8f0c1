// One comment in /admin/comments: who (and their email, for moderators of every post), what, on which post,
// when; its status actions, Edit and Reply (inline), Delete (confirmed by the page), and its bulk checkbox.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { COMMENT_STATUSES, type AdminComment, type CommentStatus } from '../../../contracts/comments';
import { COMMENT_BODY_MAX } from '../../../contracts/limits';
import { TextAreaField } from '../../components/form-field';
import { useDates } from '../../components/format';
import { Prose } from '../../components/prose';
import { paths } from '../../lib/paths';
import { commentButtonId, STATUS_ACTIONS } from './use-comment-actions';

interface Props {
  comment: AdminComment;
  busy: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onStatus: (status: CommentStatus) => void;
  onEdit: (body: string) => Promise<boolean>;
  onReply: (body: string) => Promise<boolean>;
  onDelete: () => void;
}

function InlineText({ id, label, initial, submit, onDone }: { id: string; label: string; initial: string; submit: (body: string) => Promise<boolean>; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const body = String(new FormData(e.currentTarget).get('body') ?? '');
    setBusy(true);
    const ok = await submit(body);
    setBusy(false);
    if (ok) onDone();
  }
  return (
    <form className="comment-edit" onSubmit={onSubmit} aria-busy={busy}>
      <TextAreaField id={id} label={label} name="body" rows={4} required maxLength={COMMENT_BODY_MAX} defaultValue={initial} autoFocus />
      <div className="row-actions">
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Saving…' : label.startsWith('Reply') ? 'Send reply' : 'Save'}
        </button>
        <button type="button" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}

export function CommentRow({ comment: c, busy, selected, onSelect, onStatus, onEdit, onReply, onDelete }: Props) {
  const { formatDateTime } = useDates();
  const [open, setOpen] = useState<'edit' | 'reply' | null>(null);
  const who = <span className="visually-hidden"> the comment by {c.name}</span>;
  return (
    <li className="comment-row" aria-busy={busy}>
      <div className="comment-meta">
        <input type="checkbox" id={`comment-select-${c.id}`} checked={selected} onChange={(e) => onSelect(e.target.checked)} aria-label={`Select the comment by ${c.name}`} />
        <strong>{c.name}</strong>
        {c.email ? <span className="muted">{c.email}</span> : null}
        {c.byAuthor ? <span className="badge">Author</span> : null}
        <time dateTime={c.createdAt}>{formatDateTime(c.createdAt)}</time>
      </div>
      <p className="muted">
        On <Link to={`${paths.post(c.post.slug)}#comment-${c.id}`}>{c.post.title}</Link>
        {c.parentId !== null ? ' (a reply)' : ''}
      </p>
      {open === 'edit' ? (
        <InlineText id={`comment-edit-${c.id}`} label="Edit comment" initial={c.body} submit={onEdit} onDone={() => setOpen(null)} />
      ) : (
        <Prose html={c.bodyHtml} />
      )}
      {open === 'reply' ? <InlineText id={`comment-reply-${c.id}`} label={`Reply to ${c.name}`} initial="" submit={onReply} onDone={() => setOpen(null)} /> : null}
      <div className="row-actions">
        {COMMENT_STATUSES.filter((s) => s !== c.status).map((s) => (
          <button key={s} type="button" id={commentButtonId(s, c.id)} onClick={() => onStatus(s)} disabled={busy}>
            {STATUS_ACTIONS[s]}
            {who}
          </button>
        ))}
        <button type="button" onClick={() => setOpen(open === 'edit' ? null : 'edit')} aria-expanded={open === 'edit'} disabled={busy}>
          Edit{who}
        </button>
        {c.status === 'approved' ? (
          <button type="button" onClick={() => setOpen(open === 'reply' ? null : 'reply')} aria-expanded={open === 'reply'} disabled={busy}>
            Reply{who}
          </button>
        ) : null}
        <button type="button" id={commentButtonId('delete', c.id)} className="danger" onClick={onDelete} disabled={busy}>
          Delete{who}
        </button>
      </div>
    </li>
  );
}
