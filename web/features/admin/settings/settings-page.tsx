// `/admin/settings`: every setting of the site (product.md §14), checked by the shared rules before it is
// sent, saved as the fields that changed, and shown on every page at once: after a save the root's
// settings are read again, so the header, the title, the language and the accent change without a reload.
import { useState, type FormEvent } from 'react';
import { useLoaderData } from 'react-router-dom';
import type { AdminCategory } from '../../../../contracts/admin';
import {
  DEVICE_VERIFICATION_POLICIES,
  POSTS_PER_PAGE_MAX,
  REGISTRATION_POLICIES,
  SETTINGS_DESCRIPTION_MAX,
  SETTINGS_FOOTER_MAX,
  SETTINGS_TAGLINE_MAX,
  SETTINGS_TITLE_MAX,
  SettingsPatchSchema,
  type AdminSettings,
} from '../../../../contracts/settings';
import { CheckboxField, FormField, SelectField } from '../../../components/form-field';
import { FormActions, FormMessage } from '../../../components/form-message';
import { useApi } from '../../../lib/api-context';
import type { PageModule, RouteHandle } from '../../../lib/route-kit';
import { useRereadSite } from '../../../lib/site';
import { useFormSubmit } from '../../../lib/use-form-submit';
import { useUnsavedChangesWarning } from '../../../lib/use-unsaved-changes';
import { AdminPage } from '../admin-kit';
import { AccentField } from './accent-field';
import { saveSettings } from './settings-api';
import { SiteImageField } from './site-image-field';
import { changesOf, isDirty, valuesOf, type SettingsValues } from './settings-values';
import { SocialLinksField } from './social-links-field';
import { TimeZoneField } from './time-zone-field';

interface LoaderData {
  settings: AdminSettings;
  categories: AdminCategory[];
}

export const loader: PageModule['loader'] = async (_args, { reads }): Promise<LoaderData> => {
  const [settings, categories] = await Promise.all([reads.admin.settings(), reads.admin.categories()]);
  return { settings, categories };
};

export const handle: RouteHandle = { head: () => ({ title: 'Settings', noindex: true }) };

const REGISTRATION_LABELS: Record<AdminSettings['registration'], string> = {
  open: 'Open: anyone may register and write as an author',
  review: 'Review: new accounts are contributors, their posts reviewed before publishing',
  invite: 'Invite only: people join through an invitation',
  closed: 'Closed: nobody new joins',
};

const DEVICE_VERIFICATION_LABELS: Record<AdminSettings['deviceVerification'], string> = {
  risk: 'When an account is under attack (many failed logins)',
  always: 'Always, for admins and editors on a new device',
};

export function Component() {
  const { settings, categories } = useLoaderData() as LoaderData;
  const api = useApi();
  const rereadSite = useRereadSite();
  const [saved, setSaved] = useState<SettingsValues>(() => valuesOf(settings));
  const [values, setValues] = useState<SettingsValues>(saved);
  const [savedNotice, setSavedNotice] = useState(false);
  const dirty = isDirty(values, saved);
  useUnsavedChangesWarning(dirty);
  const form = useFormSubmit(SettingsPatchSchema, (patch) => saveSettings(api, patch));

  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) => {
    setSavedNotice(false);
    setValues((v) => ({ ...v, [key]: value }));
  };
  const text = (key: { [K in keyof SettingsValues]: SettingsValues[K] extends string ? K : never }[keyof SettingsValues]) => ({
    name: key,
    value: values[key],
    error: form.fields[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const answer = await form.submit(changesOf(values, saved));
    if (!answer) return;
    // The saved settings as the Worker keeps them (a language in its canonical form, a colour in lower case).
    const now = valuesOf(answer);
    setSaved(now);
    setValues(now);
    setSavedNotice(true);
    await rereadSite();
  }

  return (
    <AdminPage title="Settings">
      <form onSubmit={onSubmit} {...form.formProps} aria-busy={form.busy} className="admin-form settings-form">
        <fieldset>
          <legend>The site</legend>
          <FormField label="Title" required maxLength={SETTINGS_TITLE_MAX} hint="The site's name: in the header, the browser tab, feeds and mails." {...text('title')} />
          <FormField label="Tagline" maxLength={SETTINGS_TAGLINE_MAX} hint="A short line under the name." {...text('tagline')} />
          <FormField label="Description" maxLength={SETTINGS_DESCRIPTION_MAX} hint="What search engines and link previews show for the home page." {...text('description')} />
          <FormField label="Footer text" maxLength={SETTINGS_FOOTER_MAX} hint="One line; **bold**, _italic_ and [links](https://…) allowed." {...text('footer')} />
        </fieldset>

        <fieldset>
          <legend>Look</legend>
          <SiteImageField which="logo" value={values.logo} onChange={(v) => set('logo', v)} error={form.fields.logo} />
          <SiteImageField which="icon" value={values.icon} onChange={(v) => set('icon', v)} error={form.fields.icon} />
          <AccentField value={values.accentColor} onChange={(v) => set('accentColor', v)} error={form.fields.accentColor} />
        </fieldset>

        <fieldset>
          <legend>Language and time</legend>
          <FormField label="Language" autoCapitalize="off" spellCheck={false} hint="A language tag such as en, de or pt-BR: the page language, feeds and how dates are written." {...text('language')} />
          <TimeZoneField {...text('timeZone')} />
        </fieldset>

        <fieldset>
          <legend>Reading</legend>
          <FormField label="Posts per page" type="number" inputMode="numeric" min={1} max={POSTS_PER_PAGE_MAX} hint={`From 1 to ${POSTS_PER_PAGE_MAX}.`} {...text('postsPerPage')} />
          <SelectField label="Default category" hint="Where a new post starts." {...text('defaultCategory')}>
            <option value="">None</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </SelectField>
          <CheckboxField
            name="feedFullText"
            label="Feeds carry each post's full text"
            hint="Off: feeds carry excerpts only."
            checked={values.feedFullText}
            onChange={(e) => set('feedFullText', e.target.checked)}
            error={form.fields.feedFullText}
          />
          <CheckboxField
            name="comments"
            label="Readers may comment"
            hint="Off: no post takes comments, and posts show none. Each post has its own switch too (Allow comments)."
            checked={values.comments}
            onChange={(e) => set('comments', e.target.checked)}
            error={form.fields.comments}
          />
        </fieldset>

        <SocialLinksField links={values.socialLinks} onChange={(links) => set('socialLinks', links)} fields={form.fields} />

        <fieldset>
          <legend>People</legend>
          <SelectField
            label="Registration"
            hint="Open: anyone registers and publishes as an author. Review: new accounts are contributors; an editor publishes what they submit. Invite only: the register page says so and only invited people join. Closed: nobody registers. Invitations work under every choice."
            {...text('registration')}
            onChange={(e) => set('registration', e.target.value as AdminSettings['registration'])}>
            {REGISTRATION_POLICIES.map((p) => (
              <option key={p} value={p}>
                {REGISTRATION_LABELS[p]}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Ask for an emailed code on a new device"
            hint="A browser an account has not signed in from before is asked for a 6-digit code mailed to the account. Always: every such login of an admin or editor (authors and contributors only when under attack)."
            {...text('deviceVerification')}
            onChange={(e) => set('deviceVerification', e.target.value as AdminSettings['deviceVerification'])}
          >
            {DEVICE_VERIFICATION_POLICIES.map((p) => (
              <option key={p} value={p}>
                {DEVICE_VERIFICATION_LABELS[p]}
              </option>
            ))}
          </SelectField>
        </fieldset>

        <FormActions
          sticky
          message={
            form.message ? <FormMessage message={form.message} /> : savedNotice && !dirty ? <FormMessage kind="ok" message="Settings saved." /> : null
          }
        >
          <button type="submit" className="primary" disabled={form.busy}>
            {form.busy ? 'Saving…' : 'Save settings'}
          </button>
          {dirty && !form.busy ? <span className="muted">Unsaved changes</span> : null}
        </FormActions>
      </form>
    </AdminPage>
  );
}
