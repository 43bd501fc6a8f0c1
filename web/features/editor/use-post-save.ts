// Saving a post: one save at a time (an explicit save waits for an autosave in flight), each sending the
// version the last answer carried, so the editor never conflicts with itself. A 409 on the version means
// someone else saved meanwhile: the author's text stays and they choose to keep it (over the newer
// version) or to load the newer one. A 401 is handled by the private client (to /login and back here);
// the text is in the local copy by then.
import { useRef, useState } from 'react';
import { PostInputSchema, PostUpdateInputSchema, type Post } from '../../../contracts/posts';
import { fieldErrorsFrom } from '../../../contracts/field-errors';
import type { SiteDates } from '../../components/format';
import type { ApiClients } from '../../lib/api-client';
import { ApiError } from '../../lib/http';
import type { FormFeedback } from '../../lib/use-form-submit';
import { httpReads } from '../../lib/page-reads-api';
import { savePost } from './api';
import { inputFor, publishedAtFor, savedMessage, type Draft, type Intent } from './draft';
import type { PostDraft } from './use-post-draft';

export type SaveOutcome = 'saved' | 'invalid' | 'conflict' | 'failed';

export const CONFLICT_MESSAGE = 'This post was changed elsewhere while you were editing. Your text is still here.';

export interface PostSaveOptions {
  api: ApiClients;
  doc: PostDraft;
  form: FormFeedback;
  canChangeAuthor: boolean;
  /** The site's zone and language: the schedule's time is typed and reported in them. */
  dates: Pick<SiteDates, 'zone' | 'formatDateTime'>;
  /** Asked on each publish or update: whether to send the post by email too (decision 069). */
  sendEmail?: () => boolean;
  /** After every save the server accepted (its message is shown already unless it was quiet). */
  onSaved?: (result: Post, previous: Post | null, intent: Intent, quiet: boolean) => void;
}

export interface PostSave {
  /** The explicit save in flight (which button shows "Saving…"). */
  busy: Intent | null;
  /** Any save in flight, autosaves included. */
  saving: boolean;
  /** The newer version met on a 409, until the author chooses. */
  conflict: Post | null;
  /** `quiet`: an autosave — no messages unless it meets a conflict. */
  save: (intent: Intent, options?: { quiet?: boolean }) => Promise<SaveOutcome>;
  keepMine: () => void;
  loadTheirs: () => void;
}

export function usePostSave({ api, doc, form, canChangeAuthor, dates, sendEmail, onSaved }: PostSaveOptions): PostSave {
  const [busy, setBusy] = useState<Intent | null>(null);
  const [inFlightCount, setInFlightCount] = useState(0);
  const [conflict, setConflict] = useState<Post | null>(null);
  const latest = useRef(doc);
  latest.current = doc;
  // The post as the last answer left it, ahead of the re-render that carries it; a post loaded from
  // elsewhere (a restored revision) takes its place when it arrives.
  const postRef = useRef<Post | null>(doc.post);
  const seenPost = useRef<Post | null>(doc.post);
  if (doc.post !== seenPost.current) {
    seenPost.current = doc.post;
    postRef.current = doc.post;
  }
  const inFlight = useRef<Promise<unknown> | null>(null);

  async function run(intent: Intent, quiet: boolean): Promise<SaveOutcome> {
    const { draft, saved } = latest.current;
    const post = postRef.current;
    const publishedAt = publishedAtFor(intent, post, draft, saved, dates.zone);
    if (publishedAt === 'invalid') {
      if (!quiet) form.fail({ publishedAt: 'Choose a date and time in the future' }, '');
      return 'invalid';
    }
    const emailed = !quiet && (intent === 'publish' || intent === 'update') && sendEmail?.() === true;
    const input = { ...inputFor(intent, draft, post, publishedAt, canChangeAuthor), ...(emailed ? { sendEmail: true as const } : {}) };
    const parsed = (post ? PostUpdateInputSchema : PostInputSchema).safeParse(input);
    if (!parsed.success) {
      if (!quiet) form.fail(fieldErrorsFrom(parsed.error), '');
      return 'invalid';
    }
    if (!quiet) {
      setBusy(intent);
      form.reset();
    }
    const sent: Draft = draft;
    try {
      const { post: result } = await savePost(api, post?.slug ?? null, input);
      postRef.current = result;
      latest.current.afterSave(result, sent);
      setConflict(null);
      if (!quiet) form.succeed(savedMessage(result, dates.formatDateTime));
      onSaved?.(result, post, intent, quiet);
      return 'saved';
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && post && !error.fields.slug) {
        const newer = await httpReads(api).postForEdit(post.slug).catch(() => null);
        setConflict(newer);
        form.fail({}, CONFLICT_MESSAGE);
        return 'conflict';
      }
      if (!quiet) form.failWith(error);
      return 'failed';
    } finally {
      if (!quiet) setBusy(null);
    }
  }

  async function save(intent: Intent, { quiet = false } = {}): Promise<SaveOutcome> {
    while (inFlight.current) await inFlight.current.catch(() => undefined);
    const task = run(intent, quiet);
    inFlight.current = task;
    setInFlightCount((n) => n + 1);
    try {
      return await task;
    } finally {
      inFlight.current = null;
      setInFlightCount((n) => n - 1);
    }
  }

  function keepMine() {
    if (!conflict) return;
    postRef.current = conflict; // adopt the newer version number; the next save writes the author's text over it
    doc.adopt(conflict);
    setConflict(null);
    form.succeed('Now editing over the latest version. Save to keep your text.');
  }

  function loadTheirs() {
    if (!conflict) return;
    postRef.current = conflict;
    doc.load(conflict);
    setConflict(null);
    form.succeed('Loaded the latest version.');
  }

  return { busy, saving: inFlightCount > 0, conflict, save, keepMine, loadTheirs };
}
