// The slug: the post's (or page's) address. It follows the title (the Worker's slugify rule,
// contracts/slugify.ts) until the author edits it; a published one's old address keeps working (301).
import { SLUG_MAX } from '../../../contracts/slug-rule';
import { FormField } from '../../components/form-field';
import { paths } from '../../lib/paths';

interface Props {
  value: string;
  onChange: (slug: string) => void;
  published: boolean;
  changed: boolean;
  error?: string;
  /** The address a slug gives: a post's unless told (a page's is `/slug`). */
  addressOf?: (slug: string) => string;
  /** What else the slug may not be, said in the hint (a page's reserved words). */
  rule?: string;
}

export function SlugField({ value, onChange, published, changed, error, addressOf = paths.post, rule = '' }: Props) {
  const where = value ? `Address: ${addressOf(value)}` : 'Made from the title.';
  const hint = published && changed ? `${where} The old address will redirect here.` : `${where} Lower-case letters, digits and dashes.${rule}`;
  return (
    <FormField
      id="post-slug"
      label="Slug"
      name="slug"
      maxLength={SLUG_MAX}
      autoCapitalize="off"
      spellCheck={false}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      hint={hint}
      error={error}
    />
  );
}
