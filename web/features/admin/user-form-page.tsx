// `/admin/user/create` and `/admin/user/:slug`: invite someone with a role (they choose their own username and
// password), or create the account with a password as the secondary choice; edit name, email, bio, role;
// disable / enable (ends their sessions at once); set a new password.
import { useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router-dom';
import {
  AdminUserCreateSchema,
  AdminUserUpdateSchema,
  type AdminUser,
  type AdminUserUpdate,
} from '../../../contracts/admin';
import { paths } from '../../lib/paths';
import type { PageModule, RouteHandle } from '../../lib/route-kit';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormField, NewPasswordField, SelectField, TextAreaField } from '../../components/form-field';
import { FormActions, FormMessage } from '../../components/form-message';
import { useApi } from '../../lib/api-context';
import { ApiError } from '../../lib/http';
import { orNotFound } from '../../lib/loader-kit';
import { formValues, useFormSubmit } from '../../lib/use-form-submit';
import { AdminPage, type Flash } from './admin-kit';
import { ROLE_OPTIONS } from './role-options';
import { BIO_MAX, NAME_MAX } from '../../../contracts/limits';
import { USERNAME_MAX } from '../../../contracts/username-rule';
import { createUser, sendPasswordReset, updateUser } from './api';
import { InviteForm } from './invites/invite-form';
import { roleLabel } from '../../../contracts/roles';
import { withFeedback } from '../../lib/nav-feedback';

export const loader: PageModule['loader'] = async ({ params }, { reads }) =>
  params.slug
    ? await orNotFound(reads.admin.user(params.slug))
    : null;

export const handle: RouteHandle = {
  head: (data) => ({ title: data ? `Edit ${(data as AdminUser).name}` : 'New user', noindex: true }),
};

function RoleSelect({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <SelectField id="user-role" label="Role" name="role" value={value} onChange={(e) => onChange(e.target.value)} error={error}>
      {ROLE_OPTIONS.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </SelectField>
  );
}

function BioField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <TextAreaField
      id="user-bio"
      label="Bio"
      name="bio"
      rows={3}
      maxLength={BIO_MAX}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

function CreateUser() {
  const navigate = useNavigate();
  return (
    <AdminPage title="New user">
      <p className="muted">Invite them by email: they choose their own username and password, and nobody else ever knows it.</p>
      <InviteForm
        onSent={(invite) =>
          navigate(paths.admin.users(), {
            state: withFeedback({ kind: 'ok', text: `Invite sent to ${invite.email} as ${roleLabel(invite.role)}.` }),
          })
        }
      />
      <details className="section create-with-password">
        <summary>Or create the account with a password yourself</summary>
        <CreateWithPassword />
      </details>
    </AdminPage>
  );
}

/** The account made at once, with a password the admin types (and must hand over): the secondary choice. */
function CreateWithPassword() {
  const api = useApi();
  const navigate = useNavigate();
  const [role, setRole] = useState('1');
  const [bio, setBio] = useState('');
  const form = useFormSubmit(AdminUserCreateSchema, (input) => createUser(api, input));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const values = formValues(e.currentTarget);
    const result = await form.submit({ ...values, role: Number(role), bio });
    if (result) navigate(paths.admin.user(result.user.username));
  }

  return (
    <form onSubmit={onSubmit} {...form.formProps} aria-busy={form.busy} className="admin-form">
      <FormField label="Name" name="name" required maxLength={NAME_MAX} error={form.fields.name} />
      <FormField label="Username" name="username" required maxLength={USERNAME_MAX} autoComplete="off" error={form.fields.username} />
      <FormField label="Email" name="email" type="email" required autoComplete="off" error={form.fields.email} />
      <NewPasswordField label="Password" name="password" error={form.fields.password} />
      <RoleSelect value={role} onChange={setRole} error={form.fields.role} />
      <BioField value={bio} onChange={setBio} error={form.fields.bio} />
      <FormActions message={<FormMessage message={form.message} />}>
        <button type="submit" className="primary" disabled={form.busy}>
          {form.busy ? 'Creating…' : 'Create user'}
        </button>
        <Link to={paths.admin.users()}>Cancel</Link>
      </FormActions>
    </form>
  );
}

function EditUser({ initial }: { initial: AdminUser }) {
  const api = useApi();
  const [user, setUser] = useState(initial);
  const [values, setValues] = useState({ name: initial.name, email: initial.email, bio: initial.bio, role: String(initial.role) });
  const [flash, setFlash] = useState<Flash>(null);
  const [confirmDisable, setConfirmDisable] = useState(false);
  const [busy, setBusy] = useState(false);
  const patch = (input: AdminUserUpdate) => updateUser(api, user.username, input);
  const details = useFormSubmit(AdminUserUpdateSchema, patch);
  const password = useFormSubmit(AdminUserUpdateSchema.pick({ password: true }).required(), patch);

  async function onSave(e: FormEvent) {
    e.preventDefault();
    setFlash(null);
    const result = await details.submit({ ...values, role: Number(values.role) });
    if (result) {
      setUser(result.user);
      setFlash({ kind: 'ok', text: 'Saved.' });
    }
  }

  async function onPassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setFlash(null);
    const form = e.currentTarget;
    const result = await password.submit(formValues(form));
    if (result) {
      form.reset();
      setFlash({ kind: 'ok', text: 'New password set.' });
    }
  }

  async function sendResetLink() {
    setBusy(true);
    setFlash(null);
    try {
      const result = await sendPasswordReset(api, user.username);
      setFlash({ kind: 'ok', text: result.message });
    } catch (error) {
      setFlash({ kind: 'error', text: error instanceof ApiError ? error.message : 'Something went wrong.' });
    } finally {
      setBusy(false);
    }
  }

  async function setDisabled(disabled: boolean) {
    setBusy(true);
    setFlash(null);
    try {
      const result = await patch({ disabled });
      setUser(result.user);
      setFlash({ kind: 'ok', text: disabled ? `${user.name} is disabled and signed out everywhere.` : `${user.name} is enabled.` });
    } catch (error) {
      setFlash({ kind: 'error', text: error instanceof ApiError ? error.message : 'Something went wrong.' });
    } finally {
      setBusy(false);
      setConfirmDisable(false);
    }
  }

  return (
    <AdminPage
      title={`Edit ${user.name}`}
      actions={
        user.disabled ? (
          <button type="button" onClick={() => void setDisabled(false)} disabled={busy}>
            {busy ? 'Enabling…' : 'Enable account'}
          </button>
        ) : (
          <button type="button" className="danger" onClick={() => setConfirmDisable(true)} disabled={busy}>
            Disable account
          </button>
        )
      }
    >
      <p className="muted">
        @{user.username} · {user.postCount} {user.postCount === 1 ? 'post' : 'posts'} ·{' '}
        {user.disabled ? <span className="badge">Disabled</span> : <span className="badge published">Active</span>}
      </p>
      <FormMessage message={flash?.text} kind={flash?.kind} />
      <form onSubmit={onSave} {...details.formProps} aria-busy={details.busy} className="admin-form">
        <FormField label="Name" name="name" required maxLength={NAME_MAX} value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} error={details.fields.name} />
        <FormField label="Email" name="email" type="email" required value={values.email} onChange={(e) => setValues({ ...values, email: e.target.value })} error={details.fields.email} />
        <RoleSelect value={values.role} onChange={(role) => setValues({ ...values, role })} error={details.fields.role} />
        <BioField value={values.bio} onChange={(bio) => setValues({ ...values, bio })} error={details.fields.bio} />
        <FormActions message={<FormMessage message={details.message} />}>
          <button type="submit" className="primary" disabled={details.busy}>
            {details.busy ? 'Saving…' : 'Save changes'}
          </button>
          <Link to={paths.admin.users()}>Back to users</Link>
        </FormActions>
      </form>
      <form onSubmit={onPassword} {...password.formProps} aria-busy={password.busy} className="admin-form section">
        <h2>Set a new password</h2>
        <NewPasswordField label="New password" name="password" error={password.fields.password} />
        <FormActions message={<FormMessage message={password.message} />}>
          <button type="submit" disabled={password.busy}>
            {password.busy ? 'Setting…' : 'Set password'}
          </button>
        </FormActions>
      </form>
      <section className="admin-form section" aria-labelledby="send-reset-link">
        <h2 id="send-reset-link">Send a reset link</h2>
        <p className="muted">
          Mails {user.email} a link to choose a new password themselves; it works once, for one hour.
        </p>
        <FormActions>
          <button type="button" onClick={() => void sendResetLink()} disabled={busy || user.disabled}>
            {busy ? 'Sending…' : 'Send a reset link'}
          </button>
        </FormActions>
      </section>
      <ConfirmDialog
        open={confirmDisable}
        title={`Disable ${user.name}?`}
        message="They will be signed out everywhere at once and cannot log in until enabled again. Their posts stay."
        confirmLabel="Disable account"
        busy={busy}
        onCancel={() => setConfirmDisable(false)}
        onConfirm={() => void setDisabled(true)}
      />
    </AdminPage>
  );
}

export function Component() {
  const user = useLoaderData() as AdminUser | null;
  return user ? <EditUser key={user.username} initial={user} /> : <CreateUser />;
}
