// The Markdown body beside its live preview (the HTML readers get, rendered by the Worker): the writing
// area of the post editor and the page editor alike.
import { Prose } from '../../components/prose';
import type { ApiClients } from '../../lib/api-client';
import type { ImageUpload } from '../../lib/use-image-upload';
import { BodyField } from './body-field';
import { usePreview } from './use-preview';

interface Props {
  api: ApiClients;
  value: string;
  onChange: (body: string) => void;
  error?: string;
  upload: ImageUpload;
}

export function BodyWithPreview({ api, value, onChange, error, upload }: Props) {
  const preview = usePreview(api, value);
  return (
    <div className="editor-panes">
      <BodyField value={value} onChange={onChange} error={error} upload={upload} />
      <section className="preview" aria-labelledby="post-body-preview" aria-busy={preview.busy}>
        <h2 id="post-body-preview" className="preview-title">
          Preview
        </h2>
        {preview.html ? <Prose html={preview.html} /> : <p className="muted">The preview appears here as you write.</p>}
      </section>
    </div>
  );
}

/** After a 409 on the version: keep the author's text over the newer version, or load that version. */
export function ConflictChoice({ version, onKeepMine, onLoadTheirs }: { version: number; onKeepMine: () => void; onLoadTheirs: () => void }) {
  return (
    <div className="dialog-actions">
      <button type="button" onClick={onKeepMine}>
        Keep my text (save over version {version})
      </button>
      <button type="button" onClick={onLoadTheirs}>
        Discard mine and load the latest
      </button>
    </div>
  );
}
