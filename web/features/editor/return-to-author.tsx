// "Return to author" for a post pending review (editors and admins): a dialog asks for the note the author
// is mailed; the post goes back to them as a draft. An empty note is refused at the field, as the Worker would.
import { useState, type FormEvent } from 'react';
import { fieldErrorsFrom } from '../../../contracts/field-errors';
import { PostReturnInputSchema, RETURN_NOTE_MAX } from '../../../contracts/post-review';
import type { Post } from '../../../contracts/posts';
import { TextAreaField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { useModalDialog } from '../../lib/use-modal-dialog';
import type { ApiClients } from '../../lib/api-client';
import { useFormFeedback } from '../../lib/use-form-submit';
import { returnPost } from './api';

interface Props {
  api: ApiClients;
  post: Post;
  disabled: boolean;
  /** After the Worker returned it: the post, now a draft. */
  onReturned: (post: Post) => void;
}

export function ReturnToAuthor({ api, post, disabled, onReturned }: Props) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const form = useFormFeedback();
  const ref = useModalDialog(open);

  const close = () => {
    setOpen(false);
    form.reset();
  };

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = PostReturnInputSchema.safeParse({ note });
    if (!parsed.success) return form.fail(fieldErrorsFrom(parsed.error), '');
    setSending(true);
    try {
      const returned = await returnPost(api, post.slug, parsed.data.note);
      setOpen(false);
      setNote('');
      onReturned(returned);
    } catch (error) {
      form.failWith(error);
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="review-box" aria-labelledby="review-title">
      <h2 id="review-title">Review</h2>
      <p>Not ready to publish? Send it back to {post.author.name} as a draft, with a note on what to change.</p>
      <button type="button" onClick={() => setOpen(true)} disabled={disabled}>
        Return to author
      </button>
      <dialog
        ref={ref}
        className="confirm-dialog"
        aria-labelledby="return-title"
        onCancel={(e) => {
          e.preventDefault();
          close();
        }}
      >
        <h2 id="return-title">Return “{post.title}” to {post.author.name}?</h2>
        <form onSubmit={(e) => void onSubmit(e)} {...form.formProps} aria-busy={sending}>
          <TextAreaField
            id="return-note"
            label="Note to the author"
            name="note"
            rows={5}
            maxLength={RETURN_NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            hint="Mailed to them; the post becomes their draft again."
            error={form.fields.note}
          />
          <FormMessage message={form.feedback?.text} kind={form.feedback?.kind} />
          <div className="dialog-actions">
            <button type="button" onClick={close} autoFocus>
              Cancel
            </button>
            <button type="submit" className="primary" disabled={sending}>
              {sending ? 'Sending…' : 'Send note and return'}
            </button>
          </div>
        </form>
      </dialog>
    </section>
  );
}
