// The Markdown body, and images in it: Insert image, paste or drop a file; the author gives its alt text,
// the image is uploaded (the shared upload, same checks as a cover) and `![alt](/media/…)` goes in at the
// cursor.
import { useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { BODY_MAX } from '../../../contracts/limits';
import { Field, FormField } from '../../components/form-field';
import { IMAGE_TYPES } from '../../lib/upload-image';
import type { ImageUpload } from '../../lib/use-image-upload';
import type { MediaItem } from '../../../contracts/media-library';
import { LibraryPicker } from './library-picker';

const ID = 'post-body';

/** The Markdown of an image; brackets in the alt text are escaped so they cannot end it early. */
export const imageMarkdown = (alt: string, url: string): string => `![${alt.replace(/([[\]\\])/g, '\\$1')}](${url})`;

/** `text` with `insert` put between `start` and `end`, on a line of its own; and where the cursor goes after it. */
export function insertAt(text: string, start: number, end: number, insert: string): { text: string; cursor: number } {
  const before = text.slice(0, start);
  const after = text.slice(end);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const trail = after.startsWith('\n') ? '' : '\n';
  const piece = `${lead}${insert}${trail}`;
  return { text: before + piece + after, cursor: before.length + piece.length };
}

/** The image about to go in: a file to upload, or an image already in the library (its address). */
interface Pending {
  file?: File;
  url?: string;
  name: string;
  start: number;
  end: number;
}

interface Props {
  value: string;
  onChange: (body: string) => void;
  error?: string;
  upload: ImageUpload;
}

const imageOf = (files: FileList | null | undefined): File | null =>
  Array.from(files ?? []).find((f) => f.type.startsWith('image/')) ?? files?.[0] ?? null;

export function BodyField({ value, onChange, error, upload }: Props) {
  const area = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [alt, setAlt] = useState('');
  const [altError, setAltError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [browsing, setBrowsing] = useState(false);

  function begin(file: File | null, fromLibrary?: MediaItem) {
    const image = fromLibrary ? { url: fromLibrary.url, name: fromLibrary.alt || fromLibrary.key } : file ? { file, name: file.name } : null;
    if (!image) return;
    const el = area.current;
    setBrowsing(false);
    setPending({ ...image, start: el?.selectionStart ?? value.length, end: el?.selectionEnd ?? value.length });
    setAlt(fromLibrary?.alt ?? '');
    setAltError(null);
    setDone('');
    upload.clearError();
    setTimeout(() => document.getElementById(`${ID}-image-alt`)?.focus(), 0);
  }

  function close(focusBody: boolean, cursor?: number) {
    setPending(null);
    if (fileRef.current) fileRef.current.value = '';
    if (!focusBody) return;
    setTimeout(() => {
      const el = area.current;
      if (!el) return;
      el.focus();
      if (cursor !== undefined) el.setSelectionRange(cursor, cursor);
    }, 0);
  }

  async function insert() {
    if (!pending) return;
    if (alt.trim() === '') {
      setAltError('Describe the image for readers who cannot see it');
      document.getElementById(`${ID}-image-alt`)?.focus();
      return;
    }
    const url = pending.url ?? (pending.file ? await upload.upload(pending.file) : null);
    if (!url) return; // the reason is shown; the author may pick another file or cancel
    const next = insertAt(area.current?.value ?? value, pending.start, pending.end, imageMarkdown(alt.trim(), url));
    onChange(next.text);
    setDone(`Image “${alt.trim()}” inserted.`);
    close(true, next.cursor);
  }

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const file = imageOf(e.clipboardData.files);
    if (!file) return;
    e.preventDefault();
    begin(file);
  };
  const onDrop = (e: DragEvent<HTMLTextAreaElement>) => {
    const file = imageOf(e.dataTransfer.files);
    if (!file) return;
    e.preventDefault();
    const el = area.current;
    el?.focus();
    begin(file);
  };

  const insertButton = (
    <>
      <button type="button" onClick={() => fileRef.current?.click()} disabled={upload.uploading}>
        Insert image
      </button>
      <button type="button" onClick={() => setBrowsing(true)} disabled={upload.uploading}>
        From library
      </button>
      <input
        ref={fileRef}
        type="file"
        accept={IMAGE_TYPES}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => begin(imageOf(e.target.files))}
      />
    </>
  );
  return (
    <Field
      id={ID}
      name="body"
      label="Body (Markdown)"
      className="body-field"
      besideLabel={insertButton}
      hint="Paste or drop an image here to insert it."
      error={error}
      after={
        <p className="visually-hidden" aria-live="polite">
          {upload.uploading ? 'Uploading image…' : done}
        </p>
      }
    >
      {(control) => (
        <>
          {browsing && !pending ? <LibraryPicker onPick={(item) => begin(null, item)} onClose={() => { setBrowsing(false); area.current?.focus(); }} /> : null}
          {pending ? (
            <div className="image-insert" role="group" aria-labelledby={`${ID}-image-title`}>
              <p id={`${ID}-image-title`} className="image-insert-title">
                Insert “{pending.name}”
              </p>
              <FormField
                id={`${ID}-image-alt`}
                label="Alt text (what the image shows)"
                value={alt}
                onChange={(e) => {
                  setAlt(e.target.value);
                  setAltError(null);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    void insert();
                  } else if (e.key === 'Escape') {
                    e.preventDefault();
                    close(true);
                  }
                }}
                error={altError}
                after={
                  upload.error ? (
                    <p className="field-error" role="alert">
                      {upload.error}
                    </p>
                  ) : null
                }
              />
              <div className="inline-row">
                <button type="button" className="primary" onClick={() => void insert()} disabled={upload.uploading}>
                  {upload.uploading ? 'Uploading image…' : pending.url ? 'Insert' : 'Upload and insert'}
                </button>
                <button type="button" onClick={() => close(true)} disabled={upload.uploading}>
                  Cancel
                </button>
              </div>
            </div>
          ) : null}
          <textarea
            {...control}
            ref={area}
            rows={22}
            maxLength={BODY_MAX}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onPaste={onPaste}
            onDrop={onDrop}
            onDragOver={(e) => {
              if (e.dataTransfer.types.includes('Files')) e.preventDefault();
            }}
          />
        </>
      )}
    </Field>
  );
}
