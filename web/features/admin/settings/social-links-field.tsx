// The site's social links: one https address a row, added and removed; each row's error at the row.
import { useEffect, useRef } from 'react';
import { SOCIAL_LINKS_MAX } from '../../../../contracts/settings';
import { FormField, GroupError } from '../../../components/form-field';
import type { FieldErrors } from '../../../../contracts/errors';

interface Props {
  links: string[];
  onChange: (links: string[]) => void;
  /** The form's errors: `socialLinks` for the list, `socialLinks.N` for row N. */
  fields: FieldErrors;
}

export function SocialLinksField({ links, onChange, fields }: Props) {
  const setRow = (i: number, link: string) => onChange(links.map((l, n) => (n === i ? link : l)));
  // Keyboard users land where they act: in a row just added, on Add after a row went away.
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'added' | 'removed' | null>(null);
  useEffect(() => {
    const what = focusAfter.current;
    focusAfter.current = null;
    if (what === 'added') document.getElementById(`field-socialLinks-${links.length - 1}`)?.focus();
    if (what === 'removed') addButton.current?.focus();
  }, [links.length]);
  const add = () => {
    focusAfter.current = 'added';
    onChange([...links, '']);
  };
  const remove = (i: number) => {
    focusAfter.current = 'removed';
    onChange(links.filter((_, n) => n !== i));
  };
  return (
    <fieldset className="social-links" aria-describedby={fields.socialLinks ? 'social-links-hint field-socialLinks-error' : 'social-links-hint'}>
      <legend>Social links</legend>
      <p id="social-links-hint" className="field-hint">
        Your profiles elsewhere (Mastodon, GitHub, …), each an https:// address; at most {SOCIAL_LINKS_MAX}.
      </p>
      <GroupError id="field-socialLinks-error" message={fields.socialLinks} />
      {links.length === 0 ? <p className="muted">No social links yet.</p> : null}
      <ol>
        {links.map((link, i) => (
          <li key={i} className="social-link-row">
            <FormField
              id={`field-socialLinks-${i}`}
              name={`socialLinks.${i}`}
              label={`Social link ${i + 1}`}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={link}
              onChange={(e) => setRow(i, e.target.value)}
              error={fields[`socialLinks.${i}`]}
            />
            <button type="button" onClick={() => remove(i)} aria-label={`Remove social link ${i + 1}`}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      <button ref={addButton} type="button" onClick={add} disabled={links.length >= SOCIAL_LINKS_MAX}>
        Add a social link
      </button>
    </fieldset>
  );
}
