// The comment form (product.md §13, §18): a real form posting to `/api/posts/:slug/comments`, so it works before
// hydration (a 303 back to the post with its status, or the post again with the field errors); after hydration
// it sends the same call with fetch and shows loading, the error or the result without a reload.
import { useState, type FormEvent } from 'react';
import { useRevalidator, useSearchParams } from 'react-router-dom';
import type { CommentCreated, CommentInput } from '../../../../contracts/comments';
import { COMMENT_FORM_ID, COMMENT_SENT_PARAM, REPLY_TO_PARAM } from '../../../../contracts/form-posts';
import { COMMENT_BODY_MAX, NAME_MAX } from '../../../../contracts/limits';
import { FormField, TextAreaField } from '../../../components/form-field';
import { FormMessage } from '../../../components/form-message';
import { HoneypotField } from '../../../components/honeypot-field';
import { TurnstileWidget } from '../../../components/turnstile-widget';
import { useApi } from '../../../lib/api-context';
import { useFormPost } from '../../../lib/form-post';
import { useSession } from '../../../lib/session';
import { formValues, useServerCheckedSubmit } from '../../../lib/use-form-submit';
import { sendComment } from '../api';

export const SENT_NOTICES: Record<CommentCreated['status'], string> = {
  pending: 'Thank you. Your comment is awaiting moderation.',
  approved: 'Comment posted.',
};

/** The notice after a post before hydration (`?comment=`), if any. */
function noticeFrom(params: URLSearchParams): string | null {
  const sent = params.get(COMMENT_SENT_PARAM);
  return sent === 'pending' || sent === 'approved' ? SENT_NOTICES[sent] : null;
}

export function CommentForm({ slug, replyingTo, turnstileSiteKey }: { slug: string; replyingTo: { id: number; name: string } | null; turnstileSiteKey: string | null }) {
  const api = useApi();
  const { user } = useSession();
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const post = useFormPost('comment');
  const form = useServerCheckedSubmit((input: CommentInput) => sendComment(api, slug, input), post);
  const [notice, setNotice] = useState<string | null>(() => noticeFrom(params));
  const [sent, setSent] = useState(0);
  const values = post.values;

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    setNotice(null);
    const created = await form.submit(formValues(formEl));
    setSent((n) => n + 1);
    if (!created) return;
    setNotice(SENT_NOTICES[created.status]);
    formEl.reset();
    if (created.status === 'approved') revalidator.revalidate();
  }

  return (
    <form id={COMMENT_FORM_ID} className="comment-form" {...form.formProps} onSubmit={onSubmit} aria-busy={form.busy} aria-labelledby="comment-form-title">
      <h3 id="comment-form-title">{replyingTo ? `Reply to ${replyingTo.name}` : 'Leave a comment'}</h3>
      {replyingTo ? (
        <p className="muted">
          <a href={`?#${COMMENT_FORM_ID}`}>Cancel reply</a>
        </p>
      ) : null}
      <FormMessage message={notice} kind="ok" />
      {user ? (
        <p className="muted">Commenting as {user.name}.</p>
      ) : (
        <>
          <FormField label="Name" name="name" autoComplete="name" required maxLength={NAME_MAX} defaultValue={values.name} error={form.fields.name} />
          <FormField label="Email" name="email" type="email" autoComplete="email" required hint="Never shown to readers." defaultValue={values.email} error={form.fields.email} />
        </>
      )}
      <TextAreaField
        label="Comment"
        name="body"
        required
        rows={5}
        maxLength={COMMENT_BODY_MAX}
        hint="Markdown: *emphasis*, **bold**, [links](https://…), `code`, > quotes, lists."
        defaultValue={values.body}
        error={form.fields.body}
      />
      {replyingTo ? <input type="hidden" name="parentId" value={String(replyingTo.id)} /> : null}
      {form.fields.parentId ? <p className="field-error">{form.fields.parentId}</p> : null}
      <HoneypotField />
      {turnstileSiteKey && !user ? <TurnstileWidget siteKey={turnstileSiteKey} resets={sent} /> : null}
      <FormMessage message={form.message} />
      <button type="submit" className="button primary" disabled={form.busy}>
        {form.busy ? 'Sending…' : replyingTo ? 'Post reply' : 'Post comment'}
      </button>
    </form>
  );
}

/** The comment a `?replyto=` names among the shown ones, if any. */
export function useReplyTarget<C extends { id: number; name: string }>(comments: readonly C[]): C | null {
  const [params] = useSearchParams();
  const id = Number(params.get(REPLY_TO_PARAM));
  return comments.find((c) => c.id === id) ?? null;
}
