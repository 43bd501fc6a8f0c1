// The page editor at `/admin/pages/new` and `/admin/pages/:slug/edit`: a standalone page (About, Contact)
// written in the post editor's pieces — the title, the slug that follows it, the Markdown body beside its
// live preview with images, the save state, the version conflict choice, the pre-publish check — with no
// category, tags or byline.
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router-dom';
import { isReservedPageSlug, PAGE_SLUG_RESERVED } from '../../../contracts/page-slugs';
import type { Page } from '../../../contracts/pages';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormActions, FormMessage } from '../../components/form-message';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { orNotFound } from '../../lib/loader-kit';
import { useNavFeedback, withFeedback } from '../../lib/nav-feedback';
import { httpReads } from '../../lib/page-reads-api';
import { deletePage } from '../../lib/pages-api';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { useSite } from '../../lib/site';
import { useFormFeedback } from '../../lib/use-form-submit';
import { useImageUpload } from '../../lib/use-image-upload';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes';
import { BodyWithPreview, ConflictChoice } from './body-with-preview';
import { bodyStats } from './draft';
import { pageSavedMessage } from './page-draft';
import { PrePublishDialog } from './pre-publish-dialog';
import { SeoFields } from './seo-fields';
import { TitleSlugFields } from './title-slug-fields';
import { StatusBar } from './status-bar';
import { usePageSave } from './use-page-save';
import { usePrePublishCheck } from './use-pre-publish-check';
import { useSaveShortcut } from './use-save-shortcut';

export const loader: PageModule['loader'] = async ({ params }, { reads }) => (params.slug ? orNotFound(reads.admin.page(params.slug)) : null);

export const handle: RouteHandle = {
  head: (data) => {
    const page = data as Page | null;
    return { title: page ? `Edit page “${page.title}”` : 'New page', noindex: true };
  },
};

const SLUG_RULE = ' Not an address the site uses itself (admin, search, feed…).';

export function Component() {
  const initial = useLoaderData() as Page | null;
  const api = useApi();
  const navigate = useNavigate();
  const site = useSite();
  const form = useFormFeedback(useNavFeedback());
  const { fields } = form;
  const doc = usePageSave(api, initial, form);
  const { page, draft, set } = doc;
  const bodyImage = useImageUpload(api.private);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const busy = doc.busy !== null || deleting || bodyImage.uploading;
  const { allowLeaving } = useUnsavedChangesWarning(doc.dirty && doc.busy === null && !deleting);
  const published = page?.status === 'published';
  const stats = bodyStats(draft.body);

  async function save(status: 'draft' | 'published') {
    const result = await doc.save(status);
    if (result && result.slug !== page?.slug) {
      allowLeaving();
      navigate(paths.admin.page(result.slug), { replace: true, state: withFeedback({ kind: 'ok', text: pageSavedMessage(result) }) });
    }
  }

  // Publishing a page is checked first like a post's (the rules a page has: no cover or excerpt); never blocking.
  const prePublish = usePrePublishCheck({
    post: () => ({ title: draft.title, body: draft.body, seo: draft.seo }),
    state: published ? 'published' : 'draft',
    reads: httpReads(api),
    onSave: (intent) => void save(intent === 'draft' ? 'draft' : 'published'),
  });

  async function remove() {
    if (!page) return;
    setDeleting(true);
    try {
      await deletePage(api, page.slug);
      allowLeaving();
      navigate(paths.admin.pages(), { replace: true, state: withFeedback({ kind: 'ok', text: `Page “${page.title}” deleted.` }) });
    } catch (error) {
      form.fail({}, error instanceof ApiError ? error.message : 'Could not delete the page.');
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  const defaultStatus = published ? 'published' : 'draft';
  useSaveShortcut(() => {
    if (!busy) void save(defaultStatus);
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save(defaultStatus);
  };
  const slugError = fields.slug ?? (draft.slugEdited && isReservedPageSlug(draft.slug.trim()) ? PAGE_SLUG_RESERVED : undefined);

  return (
    <main id="main" className="page editor">
      <header className="editor-header">
        <h1>{page ? 'Edit page' : 'New page'}</h1>
        {page ? <span className={published ? 'badge published' : 'badge'}>{published ? 'Published' : 'Draft'}</span> : null}
        {page && published ? <Link to={paths.page(page.slug)}>View page</Link> : null}
        <Link to={paths.admin.pages()}>All pages</Link>
        <StatusBar saving={doc.busy !== null} dirty={doc.dirty} autosave="idle" autosaves={false} isNew={page === null} words={stats.words} minutes={stats.minutes} />
      </header>
      <form onSubmit={onSubmit} {...form.formProps} aria-busy={busy}>
        <TitleSlugFields
          title={draft.title}
          slug={draft.slug}
          onTitle={(title) => set('title', title)}
          onSlug={(slug) => set('slug', slug)}
          published={published}
          changed={page !== null && draft.slug !== page.slug}
          errors={{ title: fields.title, slug: slugError }}
          titleId="page-title"
          addressOf={paths.page}
          slugRule={SLUG_RULE}
        />
        <BodyWithPreview api={api} value={draft.body} onChange={(body) => set('body', body)} error={fields.body} upload={bodyImage} />
        <SeoFields
          value={draft.seo}
          onChange={(seo) => set('seo', seo)}
          errors={fields}
          fallback={{ title: `${draft.title.trim() || 'Untitled'} — ${site.title}`, description: page?.excerpt ?? '', path: paths.page(draft.slug || 'slug'), siteTitle: site.title }}
          disabled={busy}
        />
        <FormActions
          sticky
          message={
            <FormMessage message={form.feedback?.text} kind={form.feedback?.kind}>
              {doc.conflict ? <ConflictChoice version={doc.conflict.version} onKeepMine={doc.keepMine} onLoadTheirs={doc.loadTheirs} /> : null}
            </FormMessage>
          }
        >
          {published ? (
            <>
              <button type="button" className="primary" disabled={busy} onClick={() => void save('published')}>
                {doc.busy === 'published' ? 'Updating…' : 'Update'}
              </button>
              <button type="button" disabled={busy} onClick={() => void save('draft')}>
                {doc.busy === 'draft' ? 'Unpublishing…' : 'Unpublish'}
              </button>
            </>
          ) : (
            <>
              <button type="button" disabled={busy} onClick={() => void save('draft')}>
                {doc.busy === 'draft' ? 'Saving…' : 'Save draft'}
              </button>
              <button type="button" className="primary" disabled={busy || prePublish.checking} onClick={() => void prePublish.save('publish')}>
                {doc.busy === 'published' ? 'Publishing…' : prePublish.checkingFor === 'publish' ? 'Checking…' : 'Publish'}
              </button>
            </>
          )}
          {page ? (
            <button type="button" className="danger" disabled={busy} onClick={() => setConfirming(true)}>
              Delete
            </button>
          ) : null}
        </FormActions>
      </form>
      <PrePublishDialog check={prePublish} />
      <ConfirmDialog
        open={confirming}
        title="Delete this page?"
        message={`“${page?.title ?? ''}” will be removed for good; its address will answer Page Not Found. This cannot be undone.`}
        confirmLabel="Delete page"
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </main>
  );
}
