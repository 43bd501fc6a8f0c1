// `/profile/edit`: name, bio and avatar (upload or URL); the email (with the current password; a notice
// goes to the old address); changing the password ends the other sessions.
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import {
  EmailChangeSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  type ProfileUser,
} from '../../../contracts/profile';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { FormField, NewPasswordField } from '../../components/form-field';
import { useApi } from '../../lib/api-context';
import { useSessionStore } from '../../lib/session';
import { useImageUpload } from '../../lib/use-image-upload';
import { ImageUrlField } from '../../components/image-url-field';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes';
import { FieldError, FormMessage } from '../../components/form-message';
import { BIO_MAX, NAME_MAX } from '../../../contracts/limits';
import { changePassword, getProfile, updateProfile } from './api';
import { useSectionForm } from './use-section-form';

export const loader: PageModule['loader'] = async (_args, { api }) =>
  (await getProfile(api)).user;

export const handle: RouteHandle = { head: () => ({ title: 'Edit profile', noindex: true }) };

export function Component() {
  const initial = useLoaderData() as ProfileUser;
  const api = useApi();
  const session = useSessionStore();
  const [values, setValues] = useState({ name: initial.name, bio: initial.bio, image: initial.image ?? '' });
  const [saved, setSaved] = useState(values);
  const [profileOk, setProfileOk] = useState<string | null>(null);
  const [email, setEmail] = useState(initial.email);
  const avatar = useImageUpload(api.private);
  // named, not useId() (see components/form-field.tsx)
  const bioId = 'profile-bio';
  const avatarId = 'profile-avatar';
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  useUnsavedChangesWarning(dirty);

  const profileForm = useFormSubmit(ProfileUpdateSchema, (input) =>
    updateProfile(api, input),
  );
  const passwordSection = useSectionForm(
    PasswordChangeSchema,
    (input) => changePassword(api, input),
    () => 'Password changed. You have been signed out everywhere else.',
  );
  const emailSection = useSectionForm(
    EmailChangeSchema,
    (input) => updateProfile(api, input),
    ({ user }) => {
      setEmail(user.email);
      return user.email === email ? 'That is already your email.' : `Email changed to ${user.email}. A notice went to ${email}.`;
    },
  );
  const emailForm = emailSection.form;
  const passwordForm = passwordSection.form;

  async function onSaveProfile(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setProfileOk(null);
    const result = await profileForm.submit({ name: values.name, bio: values.bio, image: values.image.trim() === '' ? null : values.image.trim() });
    if (result) {
      const { email: _email, ...current } = result.user;
      session.setUser(current);
      setSaved(values);
      setProfileOk('Profile saved.');
    }
  }

  return (
    <main id="main" className="page narrow">
      <h1>Edit profile</h1>
      <form onSubmit={onSaveProfile} {...profileForm.formProps} aria-busy={profileForm.busy}>
        <FormMessage message={profileForm.message ?? profileOk} kind={profileForm.message ? 'error' : 'ok'} />
        <FormField
          label="Name"
          name="name"
          required
          maxLength={NAME_MAX}
          value={values.name}
          onChange={(e) => setValues((v) => ({ ...v, name: e.target.value }))}
          error={profileForm.fields.name}
        />
        <div className="field">
          <label htmlFor={bioId}>Bio</label>
          <textarea
            id={bioId}
            rows={4}
            maxLength={BIO_MAX}
            value={values.bio}
            onChange={(e) => setValues((v) => ({ ...v, bio: e.target.value }))}
            aria-invalid={profileForm.fields.bio ? true : undefined}
            aria-describedby={profileForm.fields.bio ? `${bioId}-error` : undefined}
          />
          <FieldError id={`${bioId}-error`} message={profileForm.fields.bio} />
        </div>
        <ImageUrlField
          id={avatarId}
          name="image"
          label="Avatar URL"
          value={values.image}
          onChange={(image) => setValues((v) => ({ ...v, image }))}
          error={profileForm.fields.image}
          upload={avatar}
          preview={{ alt: 'Avatar preview', className: 'avatar avatar-large', size: 96 }}
        />
        <p className="inline-row">
          <button type="submit" className="primary" disabled={profileForm.busy || avatar.uploading}>
            {profileForm.busy ? 'Saving…' : 'Save profile'}
          </button>
          <Link to={paths.profile()}>Back to profile</Link>
        </p>
      </form>

      <form onSubmit={emailSection.onSubmit} {...emailForm.formProps} aria-busy={emailForm.busy} className="section">
        <h2>Change email</h2>
        <p className="muted">Now: {email}</p>
        <FormMessage {...emailSection.status} />
        <FormField label="New email" name="email" type="email" autoComplete="email" required error={emailForm.fields.email} />
        <FormField
          label="Your password"
          id="email-current-password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          hint="To confirm it is you"
          error={emailForm.fields.currentPassword}
        />
        <button type="submit" disabled={emailForm.busy}>
          {emailForm.busy ? 'Changing…' : 'Change email'}
        </button>
      </form>

      <form onSubmit={passwordSection.onSubmit} {...passwordForm.formProps} aria-busy={passwordForm.busy} className="section">
        <h2>Change password</h2>
        <FormMessage {...passwordSection.status} />
        <FormField
          label="Current password"
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          required
          error={passwordForm.fields.currentPassword}
        />
        <NewPasswordField label="New password" name="newPassword" error={passwordForm.fields.newPassword} />
        <button type="submit" disabled={passwordForm.busy}>
          {passwordForm.busy ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </main>
  );
}
