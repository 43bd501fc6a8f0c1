// A page's SEO fields (contracts/seo.ts): meta title and description, social image, canonical URL, noindex.
// Kept minimal here; the post editor's SEO fields (seo-fields.tsx) may take this place once they exist.
import { SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../../../contracts/seo';
import type { FieldErrors } from '../../../contracts/errors';
import { CheckboxField, FormField, TextAreaField } from '../../components/form-field';
import type { PageDraft } from './page-draft';

interface Props {
  draft: PageDraft;
  set: <K extends keyof PageDraft>(key: K, value: PageDraft[K]) => void;
  fields: FieldErrors;
}

export function PageSeoFields({ draft, set, fields }: Props) {
  return (
    <fieldset className="publish-box">
      <legend>Search and sharing</legend>
      <FormField
        id="page-seo-title"
        label="Meta title"
        name="seo.title"
        maxLength={SEO_TITLE_MAX}
        hint="Optional; the page's title is used when empty."
        value={draft.seoTitle}
        onChange={(e) => set('seoTitle', e.target.value)}
        error={fields['seo.title']}
      />
      <TextAreaField
        id="page-seo-description"
        label="Meta description"
        name="seo.description"
        rows={2}
        maxLength={SEO_DESCRIPTION_MAX}
        hint="Optional; the first lines of the body are used when empty."
        value={draft.seoDescription}
        onChange={(e) => set('seoDescription', e.target.value)}
        error={fields['seo.description']}
      />
      <FormField
        id="page-seo-image"
        label="Social image URL"
        name="seo.image"
        type="url"
        hint="An https:// address or an uploaded /media/… path."
        value={draft.seoImage}
        onChange={(e) => set('seoImage', e.target.value)}
        error={fields['seo.image']}
      />
      <FormField
        id="page-canonical-url"
        label="Canonical URL"
        name="seo.canonicalUrl"
        type="url"
        hint="Only when this page first appeared elsewhere (https://…)."
        value={draft.canonicalUrl}
        onChange={(e) => set('canonicalUrl', e.target.value)}
        error={fields['seo.canonicalUrl']}
      />
      <CheckboxField
        id="page-noindex"
        label="Ask search engines not to index this page"
        name="seo.noindex"
        checked={draft.noindex}
        onChange={(e) => set('noindex', e.target.checked)}
        error={fields['seo.noindex']}
      />
    </fieldset>
  );
}
