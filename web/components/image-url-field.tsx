// An image given by address or uploaded (a post's cover, an avatar): the URL field, an Upload button, the
// error at the field and a preview. The upload itself is the shared one (web/lib/use-image-upload.ts).
import { useRef, type ReactNode } from 'react';
import { Field } from './form-field';
import { IMAGE_TYPES } from '../lib/upload-image';
import type { ImageUpload } from '../lib/use-image-upload';

interface Props {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  /** The form's error for this field (from a save); an upload's own error wins. */
  error?: string;
  upload: ImageUpload;
  disabled?: boolean;
  preview: { alt: string; className: string; size?: number };
  /** The upload button's name, told apart when a form has two image fields. */
  uploadLabel?: string;
  /** More ways to choose the image, beside the upload button (the cover's "Choose from library"). */
  actions?: ReactNode;
}

export function ImageUrlField({ id, name, label, value, onChange, error, upload, disabled = false, preview, uploadLabel = 'Upload image', actions }: Props) {
  const fileRef = useRef<HTMLInputElement>(null);
  const shown = upload.error ?? error;
  async function onFile(file: File | undefined) {
    if (!file) return;
    const url = await upload.upload(file);
    if (url) onChange(url);
    if (fileRef.current) fileRef.current.value = '';
  }
  return (
    <Field
      id={id}
      name={name}
      label={label}
      error={shown}
      after={value ? <img className={preview.className} src={value} alt={preview.alt} width={preview.size} height={preview.size} /> : null}
    >
      {(control) => (
        <div className="inline-row">
          <input
            {...control}
            type="url"
            value={value}
            placeholder="https://… or upload"
            onChange={(e) => {
              upload.clearError();
              onChange(e.target.value);
            }}
          />
          <label className="button file-button">
            {upload.uploading ? 'Uploading…' : uploadLabel}
            <input
              ref={fileRef}
              type="file"
              accept={IMAGE_TYPES}
              className="visually-hidden"
              onChange={(e) => void onFile(e.target.files?.[0])}
              disabled={disabled || upload.uploading}
            />
          </label>
          {actions}
        </div>
      )}
    </Field>
  );
}
