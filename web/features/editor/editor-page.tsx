// The post editor for `/create-post`, `/details/:slug/edit` and the admin's editor: it composes the
// modules of this folder — the draft and its saves (use-post-draft, use-post-save with the version
// conflict), autosave of drafts, the local copy, tags, slug, the body with images, revisions.
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router-dom';
import type { Category } from '../../../contracts/categories';
import { EXCERPT_MAX } from '../../../contracts/limits';
import { postState } from '../../../contracts/post-status';
import type { Post } from '../../../contracts/posts';
import { can } from '../../../contracts/permissions';
import { canEditPost, mayPublish } from '../../../contracts/post-permissions';
import { USERNAME_MAX } from '../../../contracts/username-rule';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CheckboxField, FormField, SelectField, TextAreaField } from '../../components/form-field';
import { useDates } from '../../components/format';
import { FormActions, FormMessage } from '../../components/form-message';
import { StatusBadge } from '../../components/post-card';
import { useApi } from '../../lib/api-context';
import { forbiddenPage, orNotFound } from '../../lib/loader-kit';
import { useNavFeedback, withFeedback } from '../../lib/nav-feedback';
import { isAdminPath, paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { useSession } from '../../lib/session';
import { useSite } from '../../lib/site';
import { useFormFeedback, type Feedback } from '../../lib/use-form-submit';
import { useImageUpload } from '../../lib/use-image-upload';
import { httpReads } from '../../lib/page-reads-api';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes';
import { BodyWithPreview, ConflictChoice } from './body-with-preview';
import { CoverField } from './cover-field';
import { bodyStats, savedMessage, type Intent } from './draft';
import { PrePublishDialog, PrePublishPanel } from './pre-publish-dialog';
import { NewsletterOption } from './newsletter-option';
import { PublishActions } from './publish-actions';
import { RestoreOffer } from './restore-offer';
import { ReturnToAuthor } from './return-to-author';
import { RevisionsPanel } from './revisions-panel';
import { SeoFields } from './seo-fields';
import { TitleSlugFields } from './title-slug-fields';
import { StatusBar } from './status-bar';
import { TagInput } from './tag-input';
import { useAutosave } from './use-autosave';
import { usePostCommands } from './use-post-commands';
import { localCopyKey, useLocalCopy } from './use-local-copy';
import { usePostDraft } from './use-post-draft';
import { usePostSave } from './use-post-save';
import { usePrePublishCheck } from './use-pre-publish-check';
import { useSaveShortcut } from './use-save-shortcut';
import { useTagSuggestions } from './use-tag-suggestions';

interface EditorData {
  post: Post | null;
  categories: Category[];
}

export const loader: PageModule['loader'] = async ({ params }, { reads, session }) => {
  const [categories, post] = await Promise.all([
    reads.categories(),
    params.slug
      ? orNotFound(reads.postForEdit(params.slug))
      : null,
  ]);
  const user = session.get().user;
  // Its author always gets the editor: a contributor's published post opens read-only.
  const isAuthor = user?.username === post?.author.username;
  if (post && !isAuthor && !canEditPost(user, post, isAuthor)) {
    forbiddenPage('You can’t edit this post', `Only its author, editors and admins can edit “${post.title}”.`, {
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

export function Component() {
  const { post: initial, categories } = useLoaderData() as EditorData;
  const api = useApi();
  const { user } = useSession();
  const canChangeAuthor = can(user, 'posts.editAny');
  const publishes = mayPublish(user);
  const site = useSite();
  const navigate = useNavigate();
  const location = useLocation();
  // Opened from the admin area, the editor keeps the admin in it: new posts, saves and deletes stay there.
  const inAdmin = isAdminPath(location.pathname);
  const editPath = inAdmin ? paths.admin.post : paths.editPost;

  const dates = useDates();
  const defaultCategory = useSite().defaultCategory ?? null;
  const doc = usePostDraft(initial, categories, dates.zone, defaultCategory);
  const { post, draft, set } = doc;
  const form = useFormFeedback(useNavFeedback());
  const { fields } = form;
  const cover = useImageUpload(api.private);
  const bodyImage = useImageUpload(api.private);
  const suggestions = useTagSuggestions(api);
  const stats = bodyStats(draft.body);
  const local = useLocalCopy(localCopyKey(initial?.slug ?? null), draft, doc.saved, doc.dirty);
  const state = post ? postState(post) : 'draft';
  // A contributor's post once published: shown, not changed (product.md §15).
  const readOnly = post !== null && !canEditPost(user, post, user?.username === post.author.username);

  const [sendEmail, setSendEmail] = useState(false);
  const saver = usePostSave({
    api,
    doc,
    form,
    canChangeAuthor,
    dates,
    sendEmail: () => sendEmail,
    onSaved: (result, previous, _intent, quiet) => {
      local.clear();
      if (!quiet) setSendEmail(false);
      if (!previous || previous.slug !== result.slug) {
        allowLeaving();
        const feedback: Feedback = { kind: 'ok', text: savedMessage(result, dates.formatDateTime) };
        navigate(editPath(result.slug), { replace: true, state: quiet ? undefined : withFeedback(feedback) });
      }
    },
  });
  const commands = usePostCommands({
    api,
    doc,
    form,
    onDeleted: (deleted) => {
      allowLeaving();
      local.clear();
      const feedback: Feedback = { kind: 'ok', text: `“${deleted.title}” was deleted.` };
      navigate(inAdmin ? paths.admin.posts() : paths.profile(), { replace: true, state: withFeedback(feedback) });
    },
    onRestored: local.clear,
  });
  const { working, confirming } = commands;
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

  const prePublish = usePrePublishCheck({
    post: () => ({ title: draft.title, body: draft.body, excerpt: draft.excerpt, seo: draft.seo, cover: draft.coverImage, coverAlt: draft.coverAlt, coverDecorative: draft.coverDecorative }),
    state,
    reads: httpReads(api),
    onSave: (intent) => void saver.save(intent),
  });

  const defaultIntent: Intent = state === 'draft' ? 'draft' : state === 'pending' ? 'submit' : 'update';
  useSaveShortcut(() => {
    if (saver.busy === null && working === null && !readOnly) void saver.save(defaultIntent);
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!readOnly) void saver.save(defaultIntent);
  };

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
        <RestoreOffer
          copy={offer}
          onRestore={() => {
            const text = local.restore();
            if (text) doc.setText(text);
          }}
          onDiscard={local.discard}
        />
      ) : null}
      {readOnly ? (
        <p className="notice" role="status">
          This post is published, so it can no longer be changed by you. An editor or an admin can still change it.
        </p>
      ) : null}
      <form onSubmit={onSubmit} {...form.formProps} aria-busy={busy}>
        <fieldset className="editor-fields" disabled={readOnly}>
          <TitleSlugFields
            title={draft.title}
            slug={draft.slug}
            onTitle={(title) => set('title', title)}
            onSlug={(slug) => set('slug', slug)}
            published={state === 'published' || state === 'scheduled'}
            changed={post !== null && draft.slug !== post.slug}
            errors={fields}
          />
          <SelectField
            id="post-category"
            label="Category"
            name="category"
            value={draft.category}
            onChange={(e) => set('category', e.target.value)}
            error={fields.category}
          >
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </SelectField>
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
          <CoverField api={api} draft={draft} set={set} errors={fields} upload={cover} disabled={busy} />
          <TextAreaField
            id="post-excerpt"
            label="Excerpt"
            name="excerpt"
            rows={2}
            maxLength={EXCERPT_MAX}
            value={draft.excerpt}
            onChange={(e) => set('excerpt', e.target.value)}
            hint="Optional; the first lines of the body are used when empty."
            error={fields.excerpt}
          />
          <SeoFields
            value={draft.seo}
            onChange={(seo) => set('seo', seo)}
            errors={fields}
            fallback={{ title: `${draft.title.trim() || 'Untitled'} — ${site.title}`, description: draft.excerpt.trim() || (post?.excerpt ?? ''), path: paths.post(draft.slug || 'slug'), siteTitle: site.title }}
            disabled={busy}
          />
          <BodyWithPreview api={api} value={draft.body} onChange={(body) => set('body', body)} error={fields.body} upload={bodyImage} />
          <fieldset className="publish-box">
            <legend>Publishing</legend>
            {post?.publishedAt && state === 'scheduled' ? <p>Scheduled for {dates.formatDateTime(post.publishedAt)}.</p> : null}
            <FormField
              id="post-schedule"
              label={`${state === 'scheduled' ? 'Scheduled for' : 'Schedule for'} (${dates.zoneLabel(dates.fromWallTime(draft.scheduleAt) ?? Date.now())})`}
              name="publishedAt"
              type="datetime-local"
              value={draft.scheduleAt}
              onChange={(e) => set('scheduleAt', e.target.value)}
              error={fields.publishedAt}
            />
            <CheckboxField id="post-comments-open" label="Allow comments" name="commentsOpen" checked={draft.commentsOpen} onChange={(e) => set('commentsOpen', e.target.checked)} error={fields.commentsOpen} />
            {readOnly ? null : <PrePublishPanel check={prePublish} disabled={busy} />}
          </fieldset>
        </fieldset>
        <FormActions
          sticky
          message={
            <FormMessage message={form.feedback?.text} kind={form.feedback?.kind}>
              {saver.conflict ? <ConflictChoice version={saver.conflict.version} onKeepMine={saver.keepMine} onLoadTheirs={saver.loadTheirs} /> : null}
            </FormMessage>
          }
        >
          {readOnly ? null : (
            <PublishActions
              state={state}
              mayPublish={publishes}
              running={saver.busy}
              checking={prePublish.checkingFor}
              disabled={busy}
              onSave={(intent) => void prePublish.save(intent)}
              onDelete={post ? () => commands.ask({ kind: 'delete' }) : undefined}
            />
          )}
          {readOnly ? null : <NewsletterOption api={api} slug={post?.slug ?? null} version={post?.version} checked={sendEmail} onChange={setSendEmail} />}
        </FormActions>
      </form>
      {post && state === 'pending' && can(user, 'posts.review') ? (
        <ReturnToAuthor
          api={api}
          post={post}
          disabled={busy || doc.dirty}
          onReturned={(returned) => {
            doc.load(returned);
            form.succeed(`Returned to ${returned.author.name} as a draft; your note was mailed to them.`);
          }}
        />
      ) : null}
      {post && !readOnly ? (
        <RevisionsPanel
          api={api}
          slug={post.slug}
          version={post.version}
          current={{ title: draft.title, excerpt: draft.excerpt, body: draft.body }}
          onRestore={(revision) => commands.ask({ kind: 'restore', revision })}
        />
      ) : null}
      <PrePublishDialog check={prePublish} />
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
        onConfirm={() => void commands.confirm()}
        onCancel={commands.cancel}
      />
    </main>
  );
}
