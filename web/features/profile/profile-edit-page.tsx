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
import { ApiError } from '../../lib/http';
import { useSessionStore } from '../../lib/session';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, uploadImage } from '../../lib/upload-image';
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
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
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

  async function onAvatar(file: File | undefined) {
    if (!file) return;
    setUploadError(null);
    if (file.size > MAX_IMAGE_BYTES) {
      setUploadError('Images must be 5 MB or smaller');
      return;
    }
    setUploading(true);
    try {
      const url = await uploadImage(api.private, file);
      setValues((v) => ({ ...v, image: url }));
    } catch (error) {
      setUploadError(error instanceof ApiError ? error.message : 'Upload failed');
    } finally {
      setUploading(false);
    }
  }

  const imageError = uploadError ?? profileForm.fields.image;
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
        <div className="field">
          <label htmlFor={avatarId}>Avatar URL</label>
          <div className="inline-row">
            <input
              id={avatarId}
              type="url"
              value={values.image}
              placeholder="https://… or upload"
              onChange={(e) => setValues((v) => ({ ...v, image: e.target.value }))}
              aria-invalid={imageError ? true : undefined}
              aria-describedby={imageError ? `${avatarId}-error` : undefined}
            />
            <label className="button file-button">
              {uploading ? 'Uploading…' : 'Upload image'}
              <input type="file" accept={IMAGE_TYPES} className="visually-hidden" onChange={(e) => void onAvatar(e.target.files?.[0])} />
            </label>
          </div>
          <FieldError id={`${avatarId}-error`} message={imageError} />
          {values.image ? <img className="avatar avatar-large" src={values.image} alt="Avatar preview" width={96} height={96} /> : null}
        </div>
        <p className="inline-row">
          <button type="submit" className="primary" disabled={profileForm.busy || uploading}>
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
