// `/admin/category/create` and `/admin/category/:slug`: name, slug and description, by the shared rules.
// A new category's slug follows its name until edited, as a post's follows its title.
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router-dom';
import { AdminCategoryInputSchema, type AdminCategory } from '../../../contracts/admin';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { FormField, TextAreaField } from '../../components/form-field';
import { FormActions, FormMessage } from '../../components/form-message';
import { editSlug, followSource } from '../../lib/following-slug';
import { withFeedback } from '../../lib/nav-feedback';
import { useApi } from '../../lib/api-context';
import { orNotFound } from '../../lib/loader-kit';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes';
import { AdminPage, type Flash } from './admin-kit';
import { DeleteCategoryButton, useCategoryDelete } from './category-delete';
import { CATEGORY_DESCRIPTION_MAX, CATEGORY_NAME_MAX } from '../../../contracts/limits';
import { SLUG_MAX } from '../../../contracts/slug-rule';
import { saveCategory } from './api';

export const loader: PageModule['loader'] = async ({ params }, { reads }) =>
  params.slug
    ? await orNotFound(reads.admin.category(params.slug))
    : null;

export const handle: RouteHandle = {
  head: (data) => ({ title: data ? `Edit ${(data as AdminCategory).name}` : 'New category', noindex: true }),
};

export function Component() {
  const category = useLoaderData() as AdminCategory | null;
  const api = useApi();
  const navigate = useNavigate();
  // A saved category's slug is its address: it changes only when edited.
  const initial = { name: category?.name ?? '', slug: category?.slug ?? '', slugEdited: category !== null, description: category?.description ?? '' };
  const [values, setValues] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const { allowLeaving } = useUnsavedChangesWarning(JSON.stringify(values) !== JSON.stringify(saved));
  const [flash, setFlash] = useState<Flash>(null);
  const remove = useCategoryDelete(({ deleted, flash: result }) => {
    if (!deleted) return setFlash(result);
    allowLeaving();
    navigate(paths.admin.categories(), { state: withFeedback(result) });
  });
  const form = useFormSubmit(AdminCategoryInputSchema, (input) =>
    saveCategory(api, category?.slug ?? null, input),
  );

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const result = await form.submit({
      name: values.name,
      description: values.description,
      // A slug made from the name is left to the Worker, which picks a free one (`-2`, …) when it is taken.
      ...(values.slugEdited && values.slug.trim() ? { slug: values.slug } : {}),
    });
    if (result) {
      setSaved(values);
      allowLeaving();
      navigate(paths.admin.categories());
    }
  }

  return (
    <AdminPage
      title={category ? `Edit category` : 'New category'}
      actions={category ? <DeleteCategoryButton category={category} onClick={() => remove.ask(category)} /> : undefined}
    >
      <FormMessage message={flash?.text} kind={flash?.kind} />
      <form onSubmit={onSubmit} {...form.formProps} aria-busy={form.busy} className="admin-form">
        <FormField
          label="Name"
          name="name"
          required
          maxLength={CATEGORY_NAME_MAX}
          value={values.name}
          onChange={(e) => setValues(followSource({ ...values, name: e.target.value }, e.target.value))}
          error={form.fields.name}
        />
        <FormField
          label="Slug"
          name="slug"
          maxLength={SLUG_MAX}
          autoCapitalize="off"
          spellCheck={false}
          hint="Made from the name until you edit it; empty means made from the name. Lower-case letters, digits and dashes."
          value={values.slug}
          onChange={(e) => setValues(editSlug(values, e.target.value))}
          error={form.fields.slug}
        />
        <TextAreaField
          id="category-description"
          label="Description"
          rows={3}
          maxLength={CATEGORY_DESCRIPTION_MAX}
          value={values.description}
          onChange={(e) => setValues({ ...values, description: e.target.value })}
          error={form.fields.description}
        />
        <FormActions message={<FormMessage message={form.message} />}>
          <button type="submit" className="primary" disabled={form.busy}>
            {form.busy ? 'Saving…' : category ? 'Save category' : 'Create category'}
          </button>
          <Link to={paths.admin.categories()}>Cancel</Link>
        </FormActions>
      </form>
      {remove.dialog}
    </AdminPage>
  );
}
