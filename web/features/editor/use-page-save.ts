// The page being edited and its saves: what the server last answered (whose version the next save sends),
// the author's draft and the draft as last saved. One save at a time; a 409 on the version keeps the
// author's text and offers to keep it over the newer version or to load that one, as the post editor does.
import { useRef, useState } from 'react';
import { fieldErrorsFrom } from '../../../contracts/field-errors';
import { PageInputSchema, PageUpdateInputSchema, type Page, type PageStatus } from '../../../contracts/pages';
import type { ApiClients } from '../../lib/api-client';
import { ApiError } from '../../lib/http';
import { httpReads } from '../../lib/page-reads-api';
import { savePage } from '../../lib/pages-api';
import type { FormFeedback } from '../../lib/use-form-submit';
import { pageDraftOf, pageInputFor, pageSavedMessage, samePageDraft, withPageField, type PageDraft } from './page-draft';
const PAGE_CONFLICT_MESSAGE = 'This page was changed elsewhere while you were editing. Your text is still here.';

export interface PageSave {
  page: Page | null;
  draft: PageDraft;
  dirty: boolean;
  set: <K extends keyof PageDraft>(key: K, value: PageDraft[K]) => void;
  /** The save in flight, by the status it sends. */
  busy: PageStatus | null;
  conflict: Page | null;
  save: (status: PageStatus) => Promise<Page | null>;
  keepMine: () => void;
  loadTheirs: () => void;
}

export function usePageSave(api: ApiClients, initial: Page | null, form: FormFeedback): PageSave {
  const [page, setPage] = useState<Page | null>(initial);
  const [draft, setDraft] = useState<PageDraft>(() => pageDraftOf(initial));
  const [saved, setSaved] = useState<PageDraft>(draft);
  const [busy, setBusy] = useState<PageStatus | null>(null);
  const [conflict, setConflict] = useState<Page | null>(null);
  const inFlight = useRef(false);

  function load(next: Page) {
    const fresh = pageDraftOf(next);
    setPage(next);
    setDraft(fresh);
    setSaved(fresh);
  }

  async function save(status: PageStatus): Promise<Page | null> {
    if (inFlight.current) return null;
    const input = pageInputFor(status, draft, page);
    const parsed = (page ? PageUpdateInputSchema : PageInputSchema).safeParse(input);
    if (!parsed.success) {
      form.fail(fieldErrorsFrom(parsed.error), '');
      return null;
    }
    inFlight.current = true;
    setBusy(status);
    form.reset();
    try {
      const result = await savePage(api, page?.slug ?? null, input);
      load(result);
      setConflict(null);
      form.succeed(pageSavedMessage(result));
      return result;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && page && !error.fields.slug) {
        setConflict(await httpReads(api).admin.page(page.slug).catch(() => null));
        form.fail({}, PAGE_CONFLICT_MESSAGE);
      } else {
        form.failWith(error);
      }
      return null;
    } finally {
      inFlight.current = false;
      setBusy(null);
    }
  }

  return {
    page,
    draft,
    dirty: !samePageDraft(draft, saved),
    set: (key, value) => setDraft((d) => withPageField(d, key, value)),
    busy,
    conflict,
    save,
    keepMine: () => {
      if (!conflict) return;
      setPage(conflict);
      setConflict(null);
      form.succeed('Now editing over the latest version. Save to keep your text.');
    },
    loadTheirs: () => {
      if (!conflict) return;
      load(conflict);
      setConflict(null);
      form.succeed('Loaded the latest version.');
    },
  };
}
