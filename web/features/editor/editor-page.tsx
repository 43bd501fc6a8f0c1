// The post editor for `/create-post`, `/details/:slug/edit` and the admin's editor: it composes the
// modules of this folder — the draft and its saves (use-post-draft, use-post-save with the version
// conflict), autosave of drafts, the local copy, tags, slug, the body with images, revisions.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router-dom';
import type { Category } from '../../../contracts/categories';
import { EXCERPT_MAX, TITLE_MAX } from '../../../contracts/limits';
import { postState } from '../../../contracts/post-status';
import type { Post } from '../../../contracts/posts';
import type { RevisionSummary } from '../../../contracts/revisions';
import { canEditPost, isAdmin } from '../../../contracts/roles';
import type { Tag } from '../../../contracts/tags';
import { USERNAME_MAX } from '../../../contracts/username-rule';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormField } from '../../components/form-field';
import { formatDateTime } from '../../components/format';
import { FieldError, FormActions, FormMessage } from '../../components/form-message';
import { ImageUrlField } from '../../components/image-url-field';
import { StatusBadge } from '../../components/post-card';
import { Prose } from '../../components/prose';
import { useApi } from '../../lib/api-context';
import { listCategories } from '../../lib/content-api';
import { ApiError } from '../../lib/http';
import { forbiddenPage, orNotFound } from '../../lib/loader-kit';
import { useNavFeedback, withFeedback } from '../../lib/nav-feedback';
import { isAdminPath, paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { useSession } from '../../lib/session';
import { useFormFeedback, type Feedback } from '../../lib/use-form-submit';
import { useImageUpload } from '../../lib/use-image-upload';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes';
import { deletePost, getPostForEdit, listTags, restoreRevision } from './api';
import { BodyField } from './body-field';
import { bodyStats, savedMessage, type Intent } from './draft';
import { RevisionsPanel } from './revisions-panel';
import { SlugField } from './slug-field';
import { StatusBar } from './status-bar';
import { TagInput } from './tag-input';
import { useAutosave } from './use-autosave';
import { localCopyKey, useLocalCopy } from './use-local-copy';
import { usePostDraft } from './use-post-draft';
import { usePostSave } from './use-post-save';
import { usePreview } from './use-preview';
import { useSaveShortcut } from './use-save-shortcut';

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

type Confirming = { kind: 'delete' } | { kind: 'restore'; revision: RevisionSummary } | null;

function useTagSuggestions(api: ReturnType<typeof useApi>): Tag[] {
  const [tags, setTags] = useState<Tag[]>([]);
  useEffect(() => {
    let live = true;
    listTags(api).then(
      (items) => live && setTags(items),
      () => undefined, // suggestions are a help, not a need: without them the author types names
    );
    return () => {
      live = false;
    };
  }, [api]);
  return tags;
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

  const doc = usePostDraft(initial, categories);
  const { post, draft, set } = doc;
  const form = useFormFeedback(useNavFeedback());
  const { fields } = form;
  const cover = useImageUpload(api.private);
  const bodyImage = useImageUpload(api.private);
  const suggestions = useTagSuggestions(api);
  const preview = usePreview(api, draft.body);
  const stats = bodyStats(draft.body);
  const local = useLocalCopy(localCopyKey(initial?.slug ?? null), draft, doc.saved, doc.dirty);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [working, setWorking] = useState<'delete' | 'restore' | null>(null);
  const state = post ? postState(post) : 'draft';

  const saver = usePostSave({
    api,
    doc,
    form,
    canChangeAuthor,
    onSaved: (result, previous, _intent, quiet) => {
      local.clear();
      if (!previous || previous.slug !== result.slug) {
        allowLeaving();
        const feedback: Feedback = { kind: 'ok', text: savedMessage(result, formatDateTime) };
        navigate(editPath(result.slug), { replace: true, state: quiet ? undefined : withFeedback(feedback) });
      }
    },
  });
  const busy = saver.busy !== null || working !== null || cover.uploading || bodyImage.uploading;
  const { allowLeaving } = useUnsavedChangesWarning(doc.dirty && !saver.saving && working === null);

  // Drafts save themselves a few seconds after typing stops; a published or scheduled post changes only
  // on Update. A slug being edited waits for an explicit save (it moves the editor to a new address).
  const autosaves = post !== null && state === 'draft' && draft.slug === post.slug;
  const autosave = useAutosave({
    changeKey: JSON.stringify(draft),
    enabled: autosaves && doc.dirty && saver.busy === null && saver.conflict === null && working === null,
    save: async () => (await saver.save('draft', { quiet: true })) === 'saved',
  });

  const defaultIntent: Intent = state === 'draft' ? 'draft' : 'update';
  useSaveShortcut(() => {
    if (saver.busy === null && working === null) void saver.save(defaultIntent);
  });

  async function onConfirm() {
    if (!post || !confirming) return;
    if (confirming.kind === 'delete') {
      setWorking('delete');
      try {
        await deletePost(api, post.slug);
        allowLeaving();
        local.clear();
        const feedback: Feedback = { kind: 'ok', text: `“${post.title}” was deleted.` };
        navigate(inAdmin ? paths.admin.posts() : paths.profile(), { replace: true, state: withFeedback(feedback) });
      } catch (error) {
        form.fail({}, error instanceof ApiError ? error.message : 'Could not delete the post.');
        setWorking(null);
        setConfirming(null);
      }
      return;
    }
    const { revision } = confirming;
    setWorking('restore');
    try {
      const restored = await restoreRevision(api, post.slug, revision.id, post.version);
      doc.load(restored);
      local.clear();
      form.succeed(`Restored version ${revision.version}; it is now version ${restored.version}.`);
    } catch (error) {
      form.fail(
        {},
        error instanceof ApiError && error.status === 409
          ? 'This post was changed elsewhere since you opened it, so nothing was restored. Reload the page to see the latest version.'
          : error instanceof ApiError
            ? error.message
            : 'Could not restore that version.',
      );
    } finally {
      setWorking(null);
      setConfirming(null);
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void saver.save(defaultIntent);
  };

  const action = (intent: Intent, label: string, progress: string, primary = false) => (
    <button type="button" className={primary ? 'primary' : undefined} onClick={() => void saver.save(intent)} disabled={busy}>
      {saver.busy === intent ? progress : label}
    </button>
  );

  const offer = local.offer;
  return (
    <main id="main" className="page editor">
      <header className="editor-header">
        <h1>{post ? 'Edit post' : 'New post'}</h1>
        {post ? <StatusBadge post={post} /> : null}
        {post && state === 'published' ? <Link to={paths.post(post.slug)}>View post</Link> : null}
        {post ? <Link to={inAdmin ? paths.admin.createPost() : paths.createPost()}>New post</Link> : null}
        <StatusBar
          saving={saver.saving}
          dirty={doc.dirty}
          autosave={autosave}
          autosaves={autosaves}
          isNew={post === null}
          words={stats.words}
          minutes={stats.minutes}
        />
      </header>
      {offer ? (
        <section className="notice restore-offer" aria-labelledby="restore-offer-title">
          <h2 id="restore-offer-title">Unsaved text found</h2>
          <p>
            This browser kept text you had not saved (<time dateTime={offer.savedAt}>{formatDateTime(offer.savedAt)}</time>) that differs
            from the saved post.
          </p>
          <div className="inline-row">
            <button type="button" className="primary" onClick={() => {
              const text = local.restore();
              if (text) doc.setText(text);
            }}>
              Restore unsaved text
            </button>
            <button type="button" onClick={local.discard}>
              Discard it
            </button>
          </div>
        </section>
      ) : null}
      <form onSubmit={onSubmit} {...form.formProps} aria-busy={busy}>
        <FormField
          label="Title"
          name="title"
          required
          maxLength={TITLE_MAX}
          value={draft.title}
          onChange={(e) => set('title', e.target.value)}
          error={fields.title}
        />
        <SlugField
          value={draft.slug}
          onChange={(slug) => set('slug', slug)}
          published={state !== 'draft'}
          changed={post !== null && draft.slug !== post.slug}
          error={fields.slug}
        />
        <div className="field">
          <label htmlFor="post-category">Category</label>
          <select
            id="post-category"
            name="category"
            value={draft.category}
            onChange={(e) => set('category', e.target.value)}
            aria-invalid={fields.category ? true : undefined}
            aria-describedby={fields.category ? 'post-category-error' : undefined}
          >
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldError id="post-category-error" message={fields.category} />
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
        <TagInput tags={draft.tags} onChange={(tags) => set('tags', tags)} suggestions={suggestions} error={fields.tags} />
        <ImageUrlField
          id="post-cover"
          name="coverImage"
          label="Cover image URL"
          value={draft.coverImage}
          onChange={(url) => set('coverImage', url)}
          error={fields.coverImage}
          upload={cover}
          disabled={busy}
          preview={{ alt: 'Cover preview', className: 'cover-preview' }}
        />
        <div className="field">
          <label htmlFor="post-excerpt">Excerpt</label>
          <textarea
            id="post-excerpt"
            name="excerpt"
            rows={2}
            maxLength={EXCERPT_MAX}
            value={draft.excerpt}
            onChange={(e) => set('excerpt', e.target.value)}
            aria-describedby={`post-excerpt-hint${fields.excerpt ? ' post-excerpt-error' : ''}`}
            aria-invalid={fields.excerpt ? true : undefined}
          />
          <p id="post-excerpt-hint" className="field-hint">
            Optional; the first lines of the body are used when empty.
          </p>
          <FieldError id="post-excerpt-error" message={fields.excerpt} />
        </div>
        <div className="editor-panes">
          <BodyField value={draft.body} onChange={(body) => set('body', body)} error={fields.body} upload={bodyImage} />
          <section className="preview" aria-labelledby="post-body-preview" aria-busy={preview.busy}>
            <h2 id="post-body-preview" className="preview-title">
              Preview
            </h2>
            {preview.html ? <Prose html={preview.html} /> : <p className="muted">The preview appears here as you write.</p>}
          </section>
        </div>
        <fieldset className="publish-box">
          <legend>Publishing</legend>
          {post?.publishedAt && state === 'scheduled' ? <p>Scheduled for {formatDateTime(post.publishedAt)}.</p> : null}
          <div className="field">
            <label htmlFor="post-schedule">{state === 'scheduled' ? 'Scheduled for' : 'Schedule for'}</label>
            <input
              id="post-schedule"
              name="publishedAt"
              type="datetime-local"
              value={draft.scheduleAt}
              onChange={(e) => set('scheduleAt', e.target.value)}
              aria-invalid={fields.publishedAt ? true : undefined}
              aria-describedby={fields.publishedAt ? 'post-schedule-error' : undefined}
            />
            <FieldError id="post-schedule-error" message={fields.publishedAt} />
          </div>
        </fieldset>
        <FormActions
          sticky
          message={
            <FormMessage message={form.feedback?.text} kind={form.feedback?.kind}>
              {saver.conflict ? (
                <div className="dialog-actions">
                  <button type="button" onClick={saver.keepMine}>
                    Keep my text (save over version {saver.conflict.version})
                  </button>
                  <button type="button" onClick={saver.loadTheirs}>
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
            <button type="button" className="danger" onClick={() => setConfirming({ kind: 'delete' })} disabled={busy}>
              Delete
            </button>
          ) : null}
        </FormActions>
      </form>
      {post ? (
        <RevisionsPanel
          api={api}
          slug={post.slug}
          version={post.version}
          current={{ title: draft.title, excerpt: draft.excerpt, body: draft.body }}
          onRestore={(revision) => setConfirming({ kind: 'restore', revision })}
        />
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming?.kind === 'restore' ? `Restore version ${confirming.revision.version}?` : 'Delete this post?'}
        message={
          confirming?.kind === 'restore'
            ? `The title, excerpt and body of version ${confirming.revision.version} become the post’s text, saved as a new version (the current text stays in the revisions).${doc.dirty ? ' Your unsaved changes will be replaced.' : ''}`
            : `“${post?.title ?? ''}” will be removed for good, including from the featured list. This cannot be undone.`
        }
        confirmLabel={confirming?.kind === 'restore' ? 'Restore this version' : 'Delete post'}
        busy={working !== null}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirming(null)}
      />
    </main>
  );
}
