// `/profile/edit`: name, bio and avatar (upload or URL); the email (with the current password: the new
// address is confirmed by a mailed link, and a notice goes to the old one); changing the password ends the
// other sessions. Each form also works before hydration: it posts to its API path and comes back here with
// `?saved=` or with its errors (web/lib/form-post.ts).
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import { PENDING_EMAIL_PARAM, SAVED_PARAM, type SavedNotice } from '../../../contracts/form-posts';
import {
  EmailChangeSchema,
  PasswordChangeSchema,
  ProfileUpdateSchema,
  type ProfileUser,
} from '../../../contracts/profile';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { FormField, NewPasswordField, TextAreaField } from '../../components/form-field';
import { useApi } from '../../lib/api-context';
import { useSessionStore } from '../../lib/session';
import { useImageUpload } from '../../lib/use-image-upload';
import { ImageUrlField } from '../../components/image-url-field';
import { useFormSubmit } from '../../lib/use-form-submit';
import { useFormPost } from '../../lib/form-post';
import { pendingEmailNotice } from '../../lib/email-change-notices';
import { useUnsavedChangesWarning } from '../../lib/use-unsaved-changes';
import { FormMessage } from '../../components/form-message';
import { BIO_MAX, NAME_MAX } from '../../../contracts/limits';
import { changePassword, updateProfile } from './api';
import { useSectionForm } from './use-section-form';

export const loader: PageModule['loader'] = async (_args, { reads }) =>
  (await reads.profile()).user;

export const handle: RouteHandle = { head: () => ({ title: 'Edit profile', noindex: true }) };

const PROFILE_SAVED = 'Profile saved.';
const PASSWORD_CHANGED = 'Password changed. You have been signed out everywhere else.';

/** What the page says once an email change is asked for: the address to confirm, or (at once) the new one. */
function emailChanged(before: string, after: string, pending: string | null): string {
  if (pending) return pendingEmailNotice(pending);
  return after === before ? 'That is already your email.' : `Email changed to ${after}. A notice went to ${before}.`;
}

/** The line for a form posted before hydration that came back saved (`?saved=…`). */
function savedNotice(params: URLSearchParams, email: string): Record<SavedNotice, string | null> {
  const saved = params.get(SAVED_PARAM);
  const pending = params.get(PENDING_EMAIL_PARAM);
  return {
    profile: saved === 'profile' ? PROFILE_SAVED : null,
    email: saved === 'email' ? (pending ? pendingEmailNotice(pending) : `Email changed to ${email}.`) : null,
    password: saved === 'password' ? PASSWORD_CHANGED : null,
  };
}

export function Component() {
  const initial = useLoaderData() as ProfileUser;
  const api = useApi();
  const session = useSessionStore();
  const [params] = useSearchParams();
  const done = savedNotice(params, initial.email);
  const profilePost = useFormPost('profile');
  const emailPost = useFormPost('email');
  const passwordPost = useFormPost('password');
  const stored = { name: initial.name, bio: initial.bio, image: initial.image ?? '' };
  // After a post before hydration that failed, the fields hold what was typed, not what is stored.
  const [values, setValues] = useState(() => ({ ...stored, ...profilePost.values }));
  const [saved, setSaved] = useState(stored);
  const [profileOk, setProfileOk] = useState<string | null>(done.profile);
  const [email, setEmail] = useState(initial.email);
  const avatar = useImageUpload(api.private);
  // named, not useId() (see components/form-field.tsx)
  const bioId = 'profile-bio';
  const avatarId = 'profile-avatar';
  const dirty = JSON.stringify(values) !== JSON.stringify(saved);
  useUnsavedChangesWarning(dirty);

  const profileForm = useFormSubmit(ProfileUpdateSchema, (input) => updateProfile(api, input), profilePost);
  const passwordSection = useSectionForm(PasswordChangeSchema, (input) => changePassword(api, input), () => PASSWORD_CHANGED, {
    post: passwordPost,
    done: done.password,
  });
  const emailSection = useSectionForm(
    EmailChangeSchema,
    (input) => updateProfile(api, input),
    (answer) => {
      setEmail(answer.user.email);
      return emailChanged(email, answer.user.email, answer.pendingEmail ?? null);
    },
    { post: emailPost, done: done.email },
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
      setProfileOk(PROFILE_SAVED);
    }
  }

  return (
    <main id="main" className="page narrow">
      <h1>Edit profile</h1>
      <form {...profileForm.formProps} onSubmit={onSaveProfile} aria-busy={profileForm.busy}>
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
        <TextAreaField
          id={bioId}
          label="Bio"
          name="bio"
          rows={4}
          maxLength={BIO_MAX}
          value={values.bio}
          onChange={(e) => setValues((v) => ({ ...v, bio: e.target.value }))}
          error={profileForm.fields.bio}
        />
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

      <form {...emailForm.formProps} onSubmit={emailSection.onSubmit} aria-busy={emailForm.busy} className="section">
        <h2>Change email</h2>
        <p className="muted">Now: {email}</p>
        <FormMessage {...emailSection.status} />
        <FormField
          label="New email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={emailPost.values.email}
          error={emailForm.fields.email}
        />
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

      <form {...passwordForm.formProps} onSubmit={passwordSection.onSubmit} aria-busy={passwordForm.busy} className="section">
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
