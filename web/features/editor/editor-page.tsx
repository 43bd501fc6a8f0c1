// The post editor for `/create-post` and `/details/:slug/edit`: one form, live preview, draft / publish /
// schedule, delete with confirmation, a warning before leaving unsaved work, and a clear path out of a
// version conflict that never loses the author's text.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, redirect, useLoaderData, useNavigate } from 'react-router-dom';
import type { Category } from '../../../contracts/categories';
import { isScheduled } from '../../../contracts/post-status';
import { PostInputSchema, PostUpdateInputSchema, type Post, type PostResponse } from '../../../contracts/posts';
import { isAdmin } from '../../../contracts/roles';
import { paths } from '../../app/paths';
import type { PageModule, RouteHandle } from '../../app/route-kit';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormField } from '../../components/form-field';
import { formatDateTime } from '../../components/format';
import { StatusBadge } from '../../components/post-card';
import { useApi } from '../../lib/api-context';
import { useSession } from '../../lib/session';
import { ApiError } from '../../lib/http';
import { orNotFound } from '../../lib/loader-kit';
import { uploadImage, IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../lib/upload-image';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes';
import { fieldErrorsFrom } from '../../../contracts/field-errors';
import type { FieldErrors } from '../../../contracts/errors';
import { FieldError } from '../../components/form-message';

interface EditorData {
  post: Post | null;
  categories: Category[];
}

export const loader: PageModule['loader'] = async ({ params }, { api, session }) => {
  const [categories, post] = await Promise.all([
    api.public.request<{ items: Category[] }>('GET', '/api/categories'),
    params.slug
      ? orNotFound(api.private.request<PostResponse>('GET', `/api/posts/${encodeURIComponent(params.slug)}`)).then((r) => r.post)
      : null,
  ]);
  const user = session.get().user;
  if (post && !(user && (user.username === post.author.username || isAdmin(user)))) throw redirect(paths.home());
  return { post, categories: categories.items } satisfies EditorData;
};

export const handle: RouteHandle = {
  head: (data) => {
    const post = (data as EditorData | undefined)?.post;
    return { title: post ? `Edit “${post.title}”` : 'New post', noindex: true };
  },
};

interface Draft {
  author: string;
  title: string;
  category: string;
  coverImage: string;
  excerpt: string;
  body: string;
  scheduleAt: string;
}

const draftOf = (post: Post | null, categories: Category[]): Draft => ({
  author: post?.author.username ?? '',
  title: post?.title ?? '',
  category: post?.category.slug ?? categories[0]?.slug ?? '',
  coverImage: post?.coverImage ?? '',
  excerpt: post?.excerpt ?? '',
  body: post?.body ?? '',
  scheduleAt: post?.publishedAt && isScheduled(post) ? toLocalInput(post.publishedAt) : '',
});

function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

type Intent = 'draft' | 'publish' | 'schedule' | 'update';

function usePreview(body: string): { html: string; busy: boolean } {
  const api = useApi();
  const [html, setHtml] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (body.trim() === '') {
      setHtml('');
      return;
    }
    let stale = false;
    setBusy(true);
    const timer = setTimeout(async () => {
      try {
        const res = await api.public.request<{ html: string }>('POST', '/api/posts/preview', { body });
        if (!stale) setHtml(res.html);
      } catch {
        if (!stale) setHtml('<p><em>Preview unavailable right now.</em></p>');
      } finally {
        if (!stale) setBusy(false);
      }
    }, 350);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [api, body]);
  return { html, busy };
}

export function Component() {
  const { post: initial, categories } = useLoaderData() as EditorData;
  const api = useApi();
  const canChangeAuthor = isAdmin(useSession().user);
  const navigate = useNavigate();
  const [post, setPost] = useState<Post | null>(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial, categories));
  const [saved, setSaved] = useState<Draft>(draft);
  const [fields, setFields] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null);
  const [busy, setBusy] = useState<Intent | 'delete' | 'upload' | null>(null);
  const [conflict, setConflict] = useState<Post | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = { body: useId(), category: useId(), excerpt: useId(), schedule: useId(), cover: useId() };
  const preview = usePreview(draft.body);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const { allowLeaving } = useUnsavedChangesWarning(dirty && busy === null);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const published = post?.status === 'published';

  async function save(intent: Intent) {
    const publishedAt =
      intent === 'schedule'
        ? draft.scheduleAt
          ? new Date(draft.scheduleAt).toISOString()
          : ''
        : intent === 'publish'
          ? null // "now", or the date it was first published when republished (the Worker decides)
          : intent === 'update'
            ? (post?.publishedAt ?? undefined)
            : undefined;
    if (intent === 'schedule' && (!draft.scheduleAt || Date.parse(publishedAt ?? '') <= Date.now())) {
      setFields({ publishedAt: 'Choose a date and time in the future' });
      setMessage({ kind: 'error', text: 'Please correct the highlighted fields.' });
      return;
    }
    const input = {
      title: draft.title,
      body: draft.body,
      category: draft.category,
      status: intent === 'draft' ? 'draft' : 'published',
      excerpt: draft.excerpt.trim() === '' ? undefined : draft.excerpt,
      coverImage: draft.coverImage.trim() === '' ? null : draft.coverImage.trim(),
      ...(publishedAt !== undefined ? { publishedAt } : {}),
      ...(post ? { version: post.version } : {}),
      ...(canChangeAuthor && draft.author.trim() !== '' && draft.author.trim() !== post?.author.username ? { author: draft.author.trim() } : {}),
    };
    const parsed = (post ? PostUpdateInputSchema : PostInputSchema).safeParse(input);
    if (!parsed.success) {
      setFields(fieldErrorsFrom(parsed.error));
      setMessage({ kind: 'error', text: 'Please correct the highlighted fields.' });
      return;
    }
    setBusy(intent);
    setFields({});
    setMessage(null);
    try {
      const { post: result } = post
        ? await api.private.request<PostResponse>('PUT', `/api/posts/${encodeURIComponent(post.slug)}`, input)
        : await api.private.request<PostResponse>('POST', '/api/posts', input);
      const next = draftOf(result, categories);
      setPost(result);
      setDraft(next);
      setSaved(next);
      setConflict(null);
      const verb = result.status === 'draft' ? 'Draft saved' : isScheduled(result) ? 'Scheduled' : 'Published';
      setMessage({ kind: 'ok', text: `${verb}.` });
      if (!post || post.slug !== result.slug) {
        allowLeaving();
        navigate(paths.editPost(result.slug), { replace: true });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && post && !error.fields.slug) {
        const latest = await api.private
          .request<PostResponse>('GET', `/api/posts/${encodeURIComponent(post.slug)}`)
          .then((r) => r.post, () => null);
        setConflict(latest);
        setMessage({ kind: 'error', text: 'This post was changed elsewhere while you were editing. Your text is still here.' });
      } else if (error instanceof ApiError) {
        setFields(error.fields);
        setMessage({ kind: 'error', text: error.message });
      } else {
        setMessage({ kind: 'error', text: 'Something went wrong; please try again.' });
      }
    } finally {
      setBusy(null);
    }
  }

  function keepMine() {
    if (!conflict) return;
    setPost(conflict); // adopt the newer version number; the next save writes the author's text over it
    setConflict(null);
    setMessage({ kind: 'ok', text: 'Now editing over the latest version. Save to keep your text.' });
  }

  function loadTheirs() {
    if (!conflict) return;
    const next = draftOf(conflict, categories);
    setPost(conflict);
    setDraft(next);
    setSaved(next);
    setConflict(null);
    setMessage({ kind: 'ok', text: 'Loaded the latest version.' });
  }

  async function onUpload(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      setFields((f) => ({ ...f, coverImage: 'Images must be 5 MB or smaller' }));
      return;
    }
    setBusy('upload');
    try {
      set('coverImage', await uploadImage(api.private, file));
      setFields((f) => ({ ...f, coverImage: '' }));
    } catch (error) {
      setFields((f) => ({ ...f, coverImage: error instanceof ApiError ? error.message : 'Upload failed' }));
    } finally {
      setBusy(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  async function onDelete() {
    if (!post) return;
    setBusy('delete');
    try {
      await api.private.request('DELETE', `/api/posts/${encodeURIComponent(post.slug)}`);
      allowLeaving();
      navigate(paths.profile(), { replace: true });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError ? error.message : 'Could not delete the post.' });
      setBusy(null);
      setConfirmDelete(false);
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save(published ? 'update' : 'draft');
  };

  return (
    <main id="main" className="page editor">
      <header className="editor-header">
        <h1>{post ? 'Edit post' : 'New post'}</h1>
        {post ? <StatusBadge post={post} /> : null}
        {post && post.status === 'published' ? <Link to={paths.post(post.slug)}>View post</Link> : null}
        <span className="save-state" aria-live="polite">
          {busy && busy !== 'upload' ? 'Saving…' : dirty ? 'Unsaved changes' : post ? 'All changes saved' : ''}
        </span>
      </header>
      {message ? (
        <div className={message.kind === 'error' ? 'form-message' : 'notice'} role={message.kind === 'error' ? 'alert' : 'status'}>
          <p>{message.text}</p>
          {conflict ? (
            <div className="dialog-actions">
              <button type="button" onClick={keepMine}>
                Keep my text (save over version {conflict.version})
              </button>
              <button type="button" onClick={loadTheirs}>
                Discard mine and load the latest
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate aria-busy={busy !== null}>
        <FormField
          label="Title"
          name="title"
          required
          maxLength={200}
          value={draft.title}
          onChange={(e) => set('title', e.target.value)}
          error={fields.title}
        />
        <div className="field">
          <label htmlFor={ids.category}>Category</label>
          <select
            id={ids.category}
            value={draft.category}
            onChange={(e) => set('category', e.target.value)}
            aria-invalid={fields.category ? true : undefined}
            aria-describedby={fields.category ? `${ids.category}-error` : undefined}
          >
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldError id={`${ids.category}-error`} message={fields.category} />
        </div>
        {canChangeAuthor ? (
          <FormField
            label="Author (username)"
            name="author"
            maxLength={32}
            hint={post ? undefined : 'Leave empty to be the author yourself'}
            value={draft.author}
            onChange={(e) => set('author', e.target.value)}
            error={fields.author}
          />
        ) : null}
        <div className="field">
          <label htmlFor={ids.cover}>Cover image URL</label>
          <div className="inline-row">
            <input
              id={ids.cover}
              type="url"
              value={draft.coverImage}
              placeholder="https://… or upload"
              onChange={(e) => set('coverImage', e.target.value)}
              aria-invalid={fields.coverImage ? true : undefined}
              aria-describedby={fields.coverImage ? `${ids.cover}-error` : undefined}
            />
            <label className="button file-button">
              {busy === 'upload' ? 'Uploading…' : 'Upload image'}
              <input
                ref={fileRef}
                type="file"
                accept={IMAGE_TYPES}
                className="visually-hidden"
                onChange={(e) => void onUpload(e.target.files?.[0])}
                disabled={busy !== null}
              />
            </label>
          </div>
          <FieldError id={`${ids.cover}-error`} message={fields.coverImage} />
          {draft.coverImage ? <img className="cover-preview" src={draft.coverImage} alt="Cover preview" /> : null}
        </div>
        <div className="field">
          <label htmlFor={ids.excerpt}>Excerpt</label>
          <textarea
            id={ids.excerpt}
            rows={2}
            maxLength={300}
            value={draft.excerpt}
            onChange={(e) => set('excerpt', e.target.value)}
            aria-describedby={`${ids.excerpt}-hint${fields.excerpt ? ` ${ids.excerpt}-error` : ''}`}
            aria-invalid={fields.excerpt ? true : undefined}
          />
          <p id={`${ids.excerpt}-hint`} className="field-hint">
            Optional; the first lines of the body are used when empty.
          </p>
          <FieldError id={`${ids.excerpt}-error`} message={fields.excerpt} />
        </div>
        <div className="editor-panes">
          <div className="field">
            <label htmlFor={ids.body}>Body (Markdown)</label>
            <textarea
              id={ids.body}
              rows={22}
              value={draft.body}
              onChange={(e) => set('body', e.target.value)}
              aria-invalid={fields.body ? true : undefined}
              aria-describedby={fields.body ? `${ids.body}-error` : undefined}
            />
            <FieldError id={`${ids.body}-error`} message={fields.body} />
          </div>
          <section className="preview" aria-labelledby={`${ids.body}-preview`} aria-busy={preview.busy}>
            <h2 id={`${ids.body}-preview`} className="preview-title">
              Preview
            </h2>
            {preview.html ? (
              <div className="prose" dangerouslySetInnerHTML={{ __html: preview.html }} />
            ) : (
              <p className="muted">The preview appears here as you write.</p>
            )}
          </section>
        </div>
        <fieldset className="publish-box">
          <legend>Publishing</legend>
          {post?.publishedAt && isScheduled(post) ? <p>Scheduled for {formatDateTime(post.publishedAt)}.</p> : null}
          <div className="field">
            <label htmlFor={ids.schedule}>Schedule for</label>
            <input
              id={ids.schedule}
              type="datetime-local"
              value={draft.scheduleAt}
              onChange={(e) => set('scheduleAt', e.target.value)}
              aria-invalid={fields.publishedAt ? true : undefined}
              aria-describedby={fields.publishedAt ? `${ids.schedule}-error` : undefined}
            />
            <FieldError id={`${ids.schedule}-error`} message={fields.publishedAt} />
          </div>
          <div className="editor-actions">
            {published && post && !isScheduled(post) ? (
              <>
                <button type="button" className="primary" onClick={() => void save('update')} disabled={busy !== null}>
                  {busy === 'update' ? 'Updating…' : 'Update'}
                </button>
                <button type="button" onClick={() => void save('draft')} disabled={busy !== null}>
                  {busy === 'draft' ? 'Unpublishing…' : 'Unpublish'}
                </button>
              </>
            ) : (
              <>
                <button type="button" onClick={() => void save('draft')} disabled={busy !== null}>
                  {busy === 'draft' ? 'Saving…' : published ? 'Unpublish' : 'Save draft'}
                </button>
                <button type="button" className="primary" onClick={() => void save('publish')} disabled={busy !== null}>
                  {busy === 'publish' ? 'Publishing…' : 'Publish now'}
                </button>
              </>
            )}
            <button type="button" onClick={() => void save('schedule')} disabled={busy !== null}>
              {busy === 'schedule' ? 'Scheduling…' : 'Schedule'}
            </button>
            {post ? (
              <button type="button" className="danger" onClick={() => setConfirmDelete(true)} disabled={busy !== null}>
                Delete
              </button>
            ) : null}
          </div>
        </fieldset>
      </form>
      <ConfirmDialog
        open={confirmDelete}
        title="Delete this post?"
        message={`“${post?.title ?? ''}” will be removed for good, including from the featured list. This cannot be undone.`}
        confirmLabel="Delete post"
        busy={busy === 'delete'}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirmDelete(false)}
      />
    </main>
  );
}
