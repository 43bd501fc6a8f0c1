// The slug: the post's address. It follows the title (the Worker's slugify rule, contracts/slugify.ts)
// until the author edits it; a published post's old address keeps working (the Worker answers 301).
import { SLUG_MAX } from '../../../contracts/slug-rule';
import { FormField } from '../../components/form-field';
import { paths } from '../../lib/paths';

interface Props {
  value: string;
  onChange: (slug: string) => void;
  published: boolean;
  changed: boolean;
  error?: string;
}

export function SlugField({ value, onChange, published, changed, error }: Props) {
  const where = value ? `Address: ${paths.post(value)}` : 'Made from the title.';
  const hint = published && changed ? `${where} The old address will redirect here.` : `${where} Lower-case letters, digits and dashes.`;
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
