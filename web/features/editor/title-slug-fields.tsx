// The title and the slug that follows it until edited: the head of the post editor and the page editor.
import { TITLE_MAX } from '../../../contracts/limits';
import { FormField } from '../../components/form-field';
import { SlugField } from './slug-field';

interface Props {
  title: string;
  slug: string;
  onTitle: (title: string) => void;
  onSlug: (slug: string) => void;
  /** Published (or scheduled): a changed slug leaves a redirect from the old address. */
  published: boolean;
  /** The slug differs from the saved address. */
  changed: boolean;
  errors: { title?: string | undefined; slug?: string | undefined };
  titleId?: string;
  addressOf?: (slug: string) => string;
  slugRule?: string;
}

export function TitleSlugFields({ title, slug, onTitle, onSlug, published, changed, errors, titleId, addressOf, slugRule }: Props) {
  return (
    <>
      <FormField
        id={titleId}
        label="Title"
        name="title"
        required
        maxLength={TITLE_MAX}
        value={title}
        onChange={(e) => onTitle(e.target.value)}
        error={errors.title}
      />
      <SlugField value={slug} onChange={onSlug} published={published} changed={changed} error={errors.slug} addressOf={addressOf} rule={slugRule} />
    </>
  );
}
