// The post editor for `/create-post` and `/details/:slug/edit`: one form, live preview, draft / publish /
// schedule, delete with confirmation, a warning before leaving unsaved work, and a clear path out of a
// version conflict that never loses the author's text.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router-dom';
import type { Category } from '../../../contracts/categories';
import { isScheduled, postState } from '../../../contracts/post-status';
import { PostInputSchema, PostUpdateInputSchema, type Post } from '../../../contracts/posts';
import { canEditPost, isAdmin } from '../../../contracts/roles';
import { isAdminPath, paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormField } from '../../components/form-field';
import { formatDateTime } from '../../components/format';
import { StatusBadge } from '../../components/post-card';
import { Prose } from '../../components/prose';
import { useApi } from '../../lib/api-context';
import { useSession } from '../../lib/session';
import { ApiError } from '../../lib/http';
import { forbiddenPage, orNotFound } from '../../lib/loader-kit';
import { uploadImage, IMAGE_TYPES, MAX_IMAGE_BYTES } from '../../lib/upload-image';
import { useFormFeedback, type Feedback } from '../../lib/use-form-submit';
import { useNavFeedback, withFeedback } from '../../lib/nav-feedback';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes';
import { fieldErrorsFrom } from '../../../contracts/field-errors';
import { FieldError, FormActions, FormMessage } from '../../components/form-message';
import { EXCERPT_MAX, TITLE_MAX } from '../../../contracts/limits';
import { USERNAME_MAX } from '../../../contracts/username-rule';
import { listCategories } from '../../lib/content-api';
import { deletePost, getPostForEdit, previewPost, savePost } from './api';

interface EditorData {
  post: Post | null;
  categories: Category[];
}

export const loader: PageModule['loader'] = async ({ params }, { api, session }) => {
  const [categories, post] = await Promise.all([
    listCategories(api),
    params.slug
      ? orNotFound(getPostForEdit(api, params.slug))
      : null,
  ]);
  const user = session.get().user;
  if (post && !canEditPost(user, user?.username === post.author.username)) {
    forbiddenPage('You can’t edit this post', `Only its author and admins can edit “${post.title}”.`, {
      href: paths.post(post.slug),
      label: 'Read the post',
    });
  }
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
        const res = await previewPost(api, body);
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
  const location = useLocation();
  // Opened from the admin area, the editor keeps the admin in it: new posts, saves and deletes stay there.
  const inAdmin = isAdminPath(location.pathname);
  const editPath = inAdmin ? paths.admin.post : paths.editPost;
  const [post, setPost] = useState<Post | null>(initial);
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial, categories));
  const [saved, setSaved] = useState<Draft>(draft);
  const form = useFormFeedback(useNavFeedback());
  const { fields } = form;
  const [busy, setBusy] = useState<Intent | 'delete' | 'upload' | null>(null);
  const [conflict, setConflict] = useState<Post | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  // one editor per page; named, not useId() (see components/form-field.tsx)
  const ids = { body: 'post-body', category: 'post-category', excerpt: 'post-excerpt', schedule: 'post-schedule', cover: 'post-cover' };
  const preview = usePreview(draft.body);
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const { allowLeaving } = useUnsavedChangesWarning(dirty && busy === null);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const state = post ? postState(post) : 'draft';

  /**
   * The publication date a save sends: null means "now, or the first publication date when republished"
   * (the Worker decides), 'invalid' a chosen schedule that is not in the future.
   */
  function publishedAtFor(intent: Intent): string | null | undefined | 'invalid' {
    // A scheduled post's Update keeps its date unless the author picked a new one.
    const reschedule = intent === 'schedule' || (intent === 'update' && state === 'scheduled' && draft.scheduleAt !== saved.scheduleAt);
    if (reschedule) {
      const at = draft.scheduleAt ? Date.parse(draft.scheduleAt) : Number.NaN;
      return Number.isNaN(at) || at <= Date.now() ? 'invalid' : new Date(at).toISOString();
    }
    if (intent === 'publish') return null;
    if (intent === 'update') return post?.publishedAt ?? undefined;
    return undefined;
  }

  async function save(intent: Intent) {
    const publishedAt = publishedAtFor(intent);
    if (publishedAt === 'invalid') {
      form.fail({ publishedAt: 'Choose a date and time in the future' }, '');
      return;
    }
    const input = {
      title: draft.title,
      body: draft.body,
      category: draft.category,
      status: intent === 'draft' ? ('draft' as const) : ('published' as const),
      excerpt: draft.excerpt.trim() === '' ? undefined : draft.excerpt,
      coverImage: draft.coverImage.trim() === '' ? null : draft.coverImage.trim(),
      ...(publishedAt !== undefined ? { publishedAt } : {}),
      ...(post ? { version: post.version } : {}),
      ...(canChangeAuthor && draft.author.trim() !== '' && draft.author.trim() !== post?.author.username ? { author: draft.author.trim() } : {}),
    };
    const parsed = (post ? PostUpdateInputSchema : PostInputSchema).safeParse(input);
    if (!parsed.success) {
      form.fail(fieldErrorsFrom(parsed.error), '');
      return;
    }
    setBusy(intent);
    form.reset();
    try {
      const { post: result } = await savePost(api, post?.slug ?? null, input);
      const next = draftOf(result, categories);
      setPost(result);
      setDraft(next);
      setSaved(next);
      setConflict(null);
      const feedback: Feedback = {
        kind: 'ok',
        text:
          result.status === 'draft'
            ? 'Draft saved.'
            : result.publishedAt && isScheduled(result)
              ? `Scheduled for ${formatDateTime(result.publishedAt)}.`
              : 'Published.',
      };
      form.succeed(feedback.text);
      if (!post || post.slug !== result.slug) {
        allowLeaving();
        navigate(editPath(result.slug), { replace: true, state: withFeedback(feedback) });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && post && !error.fields.slug) {
        const latest = await getPostForEdit(api, post.slug).catch(() => null);
        setConflict(latest);
        form.fail({}, 'This post was changed elsewhere while you were editing. Your text is still here.');
      } else {
        form.failWith(error);
      }
    } finally {
      setBusy(null);
    }
  }

  function keepMine() {
    if (!conflict) return;
    setPost(conflict); // adopt the newer version number; the next save writes the author's text over it
    setConflict(null);
    form.succeed('Now editing over the latest version. Save to keep your text.');
  }

  function loadTheirs() {
    if (!conflict) return;
    const next = draftOf(conflict, categories);
    setPost(conflict);
    setDraft(next);
    setSaved(next);
    setConflict(null);
    form.succeed('Loaded the latest version.');
  }

  async function onUpload(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) {
      form.setFieldError('coverImage', 'Images must be 5 MB or smaller');
      return;
    }
    setBusy('upload');
    try {
      set('coverImage', await uploadImage(api.private, file));
      form.setFieldError('coverImage', null);
    } catch (error) {
      form.setFieldError('coverImage', error instanceof ApiError ? error.message : 'Upload failed');
    } finally {
      setBusy(null);
      if (fileRef.current) fileRef.current.value = '';
    }
  }

  async function onDelete() {
    if (!post) return;
    setBusy('delete');
    try {
      await deletePost(api, post.slug);
      allowLeaving();
      const feedback: Feedback = { kind: 'ok', text: `“${post.title}” was deleted.` };
      navigate(inAdmin ? paths.admin.posts() : paths.profile(), { replace: true, state: withFeedback(feedback) });
    } catch (error) {
      form.fail({}, error instanceof ApiError ? error.message : 'Could not delete the post.');
      setBusy(null);
      setConfirmDelete(false);
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save(state === 'draft' ? 'draft' : 'update');
  };

  const action = (intent: Intent, label: string, working: string, primary = false) => (
    <button type="button" className={primary ? 'primary' : undefined} onClick={() => void save(intent)} disabled={busy !== null}>
      {busy === intent ? working : label}
    </button>
  );

  return (
    <main id="main" className="page editor">
      <header className="editor-header">
        <h1>{post ? 'Edit post' : 'New post'}</h1>
        {post ? <StatusBadge post={post} /> : null}
        {post && state === 'published' ? <Link to={paths.post(post.slug)}>View post</Link> : null}
        {post ? <Link to={inAdmin ? paths.admin.createPost() : paths.createPost()}>New post</Link> : null}
        <span className="save-state" aria-live="polite">
          {busy && busy !== 'upload' ? 'Saving…' : dirty ? 'Unsaved changes' : post ? 'All changes saved' : ''}
        </span>
      </header>
      <form onSubmit={onSubmit} {...form.formProps} aria-busy={busy !== null}>
        <FormField
          label="Title"
          name="title"
          required
          maxLength={TITLE_MAX}
          value={draft.title}
          onChange={(e) => set('title', e.target.value)}
          error={fields.title}
        />
        <div className="field">
          <label htmlFor={ids.category}>Category</label>
          <select
            id={ids.category}
            name="category"
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
            maxLength={USERNAME_MAX}
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
              name="coverImage"
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
                name="coverImage"
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
            name="excerpt"
            rows={2}
            maxLength={EXCERPT_MAX}
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
              name="body"
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
              <Prose html={preview.html} />
            ) : (
              <p className="muted">The preview appears here as you write.</p>
            )}
          </section>
        </div>
        <fieldset className="publish-box">
          <legend>Publishing</legend>
          {post?.publishedAt && state === 'scheduled' ? <p>Scheduled for {formatDateTime(post.publishedAt)}.</p> : null}
          <div className="field">
            <label htmlFor={ids.schedule}>{state === 'scheduled' ? 'Scheduled for' : 'Schedule for'}</label>
            <input
              id={ids.schedule}
              name="publishedAt"
              type="datetime-local"
              value={draft.scheduleAt}
              onChange={(e) => set('scheduleAt', e.target.value)}
              aria-invalid={fields.publishedAt ? true : undefined}
              aria-describedby={fields.publishedAt ? `${ids.schedule}-error` : undefined}
            />
            <FieldError id={`${ids.schedule}-error`} message={fields.publishedAt} />
          </div>
        </fieldset>
        <FormActions
          sticky
          message={
            <FormMessage message={form.feedback?.text} kind={form.feedback?.kind}>
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
            </FormMessage>
          }
        >
          {state === 'published' ? (
            <>
              {action('update', 'Update', 'Updating…', true)}
              {action('draft', 'Unpublish', 'Unpublishing…')}
              {action('schedule', 'Schedule', 'Scheduling…')}
            </>
          ) : state === 'scheduled' ? (
            <>
              {action('update', 'Update', 'Updating…', true)}
              {action('publish', 'Publish now', 'Publishing…')}
              {action('draft', 'Unschedule', 'Unscheduling…')}
            </>
          ) : (
            <>
              {action('draft', 'Save draft', 'Saving…')}
              {action('publish', 'Publish now', 'Publishing…', true)}
              {action('schedule', 'Schedule', 'Scheduling…')}
            </>
          )}
          {post ? (
            <button type="button" className="danger" onClick={() => setConfirmDelete(true)} disabled={busy !== null}>
              Delete
            </button>
          ) : null}
        </FormActions>
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
