// Adding an item to one menu: choose a kind (page, category, tag, author or link), then what it links to
// (or type a URL), and a label (the chosen thing's name unless typed). Checked by the item's own rule.
import { useState, type FormEvent } from 'react';
import { NAVIGATION_LABEL_MAX, NavigationItemSchema, type NavigationMenu } from '../../../contracts/navigation';
import type { FieldErrors } from '../../../contracts/errors';
import { fieldErrorsFrom } from '../../../contracts/field-errors';
import { FormField, SelectField } from '../../components/form-field';
import { hasRoom, ITEM_KINDS, KIND_NAMES, MENU_NAMES, targetUrl, type ItemKind, type Target } from './navigation-list';
import type { NavigationEditor } from './use-navigation-editor';

/** What each kind can link to; a kind without a list (pages before their API exists) is not offered. */
export type Targets = Partial<Record<Exclude<ItemKind, 'link'>, Target[]>>;

export function NavigationAddForm({ menu, editor, targets }: { menu: NavigationMenu; editor: NavigationEditor; targets: Targets }) {
  const kinds = ITEM_KINDS.filter((k) => k === 'link' || targets[k] !== undefined);
  const [kind, setKind] = useState<ItemKind>('link');
  const [slug, setSlug] = useState('');
  const [label, setLabel] = useState('');
  const [url, setUrl] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const id = (field: string) => `nav-add-${menu}-${field}`;
  const choices = kind === 'link' ? [] : (targets[kind] ?? []);
  const chosen = choices.find((t) => t.slug === slug);
  const full = !hasRoom(editor.menus, menu);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (kind !== 'link' && !chosen) return setErrors({ target: `Choose a ${KIND_NAMES[kind].toLowerCase()}` });
    const item = kind === 'link' ? { label, url } : { label: label.trim() || chosen!.name, url: targetUrl(kind, chosen!.slug) };
    const parsed = NavigationItemSchema.safeParse(item);
    if (!parsed.success) return setErrors(fieldErrorsFrom(parsed.error));
    editor.add(menu, parsed.data);
    setErrors({});
    setLabel('');
    setUrl('');
    setSlug('');
  }

  return (
    <form className="nav-add" onSubmit={submit} aria-labelledby={id('title')} noValidate>
      <h3 id={id('title')}>Add to the {MENU_NAMES[menu].toLowerCase()} menu</h3>
      <div className="nav-add-fields">
        <SelectField
          id={id('kind')}
          label="Kind"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as ItemKind);
            setSlug('');
            setErrors({});
          }}
        >
          {kinds.map((k) => (
            <option key={k} value={k}>
              {KIND_NAMES[k]}
            </option>
          ))}
        </SelectField>
        {kind === 'link' ? (
          <FormField id={id('url')} label="URL" hint="A path on this site (/about) or an https:// address" value={url} onChange={(e) => setUrl(e.target.value)} error={errors.url} inputMode="url" spellCheck={false} />
        ) : (
          <SelectField id={id('target')} label={KIND_NAMES[kind]} value={slug} onChange={(e) => setSlug(e.target.value)} error={errors.target ?? errors.url}>
            <option value="">{choices.length === 0 ? `No ${KIND_NAMES[kind].toLowerCase()}s yet` : `Choose a ${KIND_NAMES[kind].toLowerCase()}…`}</option>
            {choices.map((t) => (
              <option key={t.slug} value={t.slug}>
                {t.name}
              </option>
            ))}
          </SelectField>
        )}
        <FormField
          id={id('label')}
          label="Label"
          hint={kind === 'link' ? undefined : 'Leave empty to use its name'}
          value={label}
          placeholder={chosen?.name}
          onChange={(e) => setLabel(e.target.value)}
          error={errors.label}
          maxLength={NAVIGATION_LABEL_MAX}
        />
      </div>
      <button type="submit" disabled={full}>
        Add to {MENU_NAMES[menu].toLowerCase()}
      </button>
      {full ? <p className="muted">This menu is full.</p> : null}
    </form>
  );
}
