// "SEO and social": a post's (or page's) meta title and description with their character counts, a
// search-result preview, the social image, the canonical URL and noindex. A <details>, so it opens before
// hydration too; it opens itself when one of its fields has an error from a save.
import { useEffect, useState } from 'react';
import type { FieldErrors } from '../../../contracts/errors';
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../../../contracts/seo';
import { CheckboxField, FormField, TextAreaField } from '../../components/form-field';
import { ImageUrlField } from '../../components/image-url-field';
import { useApi } from '../../lib/api-context';
import { useImageUpload } from '../../lib/use-image-upload';
import { SEO_DESCRIPTION_SHOWN, SEO_TITLE_SHOWN } from '../../../contracts/limits';
import type { SeoDraft } from './seo-draft';

interface Props {
  value: SeoDraft;
  onChange: (value: SeoDraft) => void;
  /** The form's field errors: this section reads `seo.title`, `seo.description`, … (the API's names). */
  errors: FieldErrors;
  /** What readers get when a field is empty: the page's full title, its description and its path. */
  fallback: { title: string; description: string; path: string; siteTitle: string };
  disabled?: boolean;
}

const cut = (text: string, shown: number): string => (text.length > shown ? `${text.slice(0, shown - 1).trimEnd()}…` : text);

/** "42 / 60" and what it means, for the hint under a counted field. */
function countHint(length: number, shown: number, max: number, empty: string): string {
  if (length === 0) return empty;
  const beyond = length > shown ? ' — search results may cut it' : '';
  return `${length} characters; about ${shown} are shown${beyond} (at most ${max}).`;
}

function SearchPreview({ title, path, description, siteTitle }: { title: string; path: string; description: string; siteTitle: string }) {
  return (
    <figure className="seo-preview">
      <figcaption className="field-hint">Search result preview</figcaption>
      <p className="seo-preview-site">
        {siteTitle} <span className="muted">› {path}</span>
      </p>
      <p className="seo-preview-title">{cut(title, SEO_TITLE_SHOWN)}</p>
      <p className="seo-preview-description">{description ? cut(description, SEO_DESCRIPTION_SHOWN) : <span className="muted">No description yet.</span>}</p>
    </figure>
  );
}

export function SeoFields({ value, onChange, errors, fallback, disabled = false }: Props) {
  const [open, setOpen] = useState(false);
  const upload = useImageUpload(useApi().private);
  const hasError = Object.keys(errors).some((k) => k.startsWith('seo.') && errors[k]);
  useEffect(() => {
    if (hasError) setOpen(true);
  }, [hasError]);
  const set = <K extends keyof SeoDraft>(key: K, v: SeoDraft[K]) => onChange({ ...value, [key]: v });
  const title = value.title.trim();
  const description = value.description.trim();

  return (
    <details className="seo-fields" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>SEO and social</summary>
      <FormField
        id="seo-title"
        label="Search and social headline"
        name="seo.title"
        maxLength={SEO_TITLE_MAX}
        value={value.title}
        onChange={(e) => set('title', e.target.value)}
        hint={countHint(title.length, SEO_TITLE_SHOWN, SEO_TITLE_MAX, `The meta title: the whole title in search results and link previews. Empty: “${cut(fallback.title, 80)}”.`)}
        error={errors['seo.title']}
      />
      <TextAreaField
        id="seo-description"
        label="Meta description"
        name="seo.description"
        rows={2}
        maxLength={SEO_DESCRIPTION_MAX}
        value={value.description}
        onChange={(e) => set('description', e.target.value)}
        hint={countHint(description.length, SEO_DESCRIPTION_SHOWN, SEO_DESCRIPTION_MAX, 'Empty: the excerpt is used.')}
        error={errors['seo.description']}
      />
      <SearchPreview title={title || fallback.title} path={fallback.path} description={description || fallback.description} siteTitle={fallback.siteTitle} />
      <ImageUrlField
        id="seo-image"
        name="seo.image"
        label="Social image URL"
        value={value.image}
        onChange={(url) => set('image', url)}
        error={errors['seo.image']}
        upload={upload}
        disabled={disabled}
        preview={{ alt: 'Social image preview', className: 'cover-preview' }}
        uploadLabel="Upload social image"
      />
      <FormField
        id="seo-canonical"
        label="Canonical URL"
        name="seo.canonicalUrl"
        type="url"
        inputMode="url"
        placeholder="https://…"
        value={value.canonicalUrl}
        onChange={(e) => set('canonicalUrl', e.target.value)}
        hint="Only when this first appeared elsewhere: the https:// address of the original. Empty: this page’s own address."
        error={errors['seo.canonicalUrl']}
      />
      <CheckboxField
        id="seo-noindex"
        label="Hide from search engines (noindex)"
        name="seo.noindex"
        checked={value.noindex}
        onChange={(e) => set('noindex', e.target.checked)}
        hint="Readers can still open it; it is left out of the sitemap."
        error={errors['seo.noindex']}
      />
    </details>
  );
}
