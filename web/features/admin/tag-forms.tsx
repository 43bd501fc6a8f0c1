// The two forms of /admin/tags that change a tag: rename (name and slug) and merge into another tag.
// Each sits in a panel below the list, takes focus when it opens and reports at its fields.
import type { FormEvent, KeyboardEvent } from 'react';
import { TAG_NAME_MAX } from '../../../contracts/limits';
import { SLUG_MAX } from '../../../contracts/slug-rule';
import { TagMergeInputSchema, TagUpdateInputSchema, type Tag } from '../../../contracts/tags';
import { FormField, SelectField } from '../../components/form-field';
import { FormMessage } from '../../components/form-message';
import { useApi } from '../../lib/api-context';
import { useFocusFirstField } from '../../lib/use-focus-first-field';
import { formValues, useFormSubmit } from '../../lib/use-form-submit';
import { mergeTag, renameTag } from './api';
import { mergeMessage, mergeTargets, renameInput } from './tag-edit';

interface PanelProps {
  tag: Tag;
  /** Called with what to say once the change is made. */
  onDone: (text: string) => void;
  onCancel: () => void;
}

/** Escape in a panel cancels it, as it does in the confirmation dialog. */
const escapeCancels = (onCancel: () => void) => (e: KeyboardEvent) => {
  if (e.key === 'Escape') {
    e.preventDefault();
    onCancel();
  }
};

function PanelButtons({ busy, label, busyLabel, onCancel }: { busy: boolean; label: string; busyLabel: string; onCancel: () => void }) {
  return (
    <div className="inline-row">
      <button type="submit" className="primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}

export function RenameTagForm({ tag, onDone, onCancel }: PanelProps) {
  const api = useApi();
  const form = useFormSubmit(TagUpdateInputSchema, (input) => renameTag(api, tag.slug, input));
  useFocusFirstField(form.formProps.ref);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const typed = formValues(e.currentTarget);
    const input = renameInput(tag, { name: typed.name ?? '', slug: typed.slug ?? '' });
    if (!input) return onCancel();
    const result = await form.submit(input);
    if (result) onDone(`“${tag.name}” is now “${result.tag.name}” (${result.tag.slug}).`);
  }

  return (
    <form className="schedule-box tag-edit-box" onSubmit={onSubmit} {...form.formProps} aria-busy={form.busy} aria-labelledby="tag-edit-heading" onKeyDown={escapeCancels(onCancel)}>
      <h2 id="tag-edit-heading">Rename “{tag.name}”</h2>
      <FormField label="Name" name="name" required maxLength={TAG_NAME_MAX} defaultValue={tag.name} error={form.fields.name} />
      <FormField
        label="Slug"
        name="slug"
        required
        maxLength={SLUG_MAX}
        defaultValue={tag.slug}
        hint="The tag's address: /tag/slug. Old links to the previous slug stop working."
        error={form.fields.slug}
      />
      <FormMessage message={form.message} />
      <PanelButtons busy={form.busy} label="Save" busyLabel="Saving…" onCancel={onCancel} />
    </form>
  );
}

export function MergeTagForm({ tag, tags, onDone, onCancel }: PanelProps & { tags: readonly Tag[] }) {
  const api = useApi();
  const form = useFormSubmit(TagMergeInputSchema, (input) => mergeTag(api, tag.slug, input));
  useFocusFirstField(form.formProps.ref);
  const targets = mergeTargets(tags, tag);
  const intoId = 'tag-merge-into'; // named, not useId() (see components/form-field.tsx)

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const input = formValues(e.currentTarget);
    const result = await form.submit(input);
    const target = targets.find((t) => t.slug === input.into);
    if (result) onDone(`“${tag.name}” merged into “${target?.name ?? input.into}”.`);
  }

  return (
    <form className="schedule-box tag-edit-box" onSubmit={onSubmit} {...form.formProps} aria-busy={form.busy} aria-labelledby="tag-edit-heading" onKeyDown={escapeCancels(onCancel)}>
      <h2 id="tag-edit-heading">Merge “{tag.name}”</h2>
      <SelectField id={intoId} label="Merge into" name="into" required defaultValue="" hint={mergeMessage(tag)} error={form.fields.into}>
        <option value="" disabled>
          Choose a tag
        </option>
        {targets.map((t) => (
          <option key={t.slug} value={t.slug}>
            {t.name} ({t.postCount})
          </option>
        ))}
      </SelectField>
      <FormMessage message={form.message} />
      <PanelButtons busy={form.busy} label="Merge" busyLabel="Merging…" onCancel={onCancel} />
    </form>
  );
}
