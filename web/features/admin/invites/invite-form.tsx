// "Invite someone": an email address and a role among those the signed-in user may invite (the permission
// table's `invitableRoles`), checked by the shared contract first; a taken or invited address (409) is shown
// at Email. Cleared once the invite is sent.
import { useState, type FormEvent } from 'react';
import { InviteInputSchema, type InviteCreated } from '../../../../contracts/invites';
import { invitableRoles } from '../../../../contracts/permissions';
import { ROLE_AUTHOR, roleLabel } from '../../../../contracts/roles';
import { FormField, SelectField } from '../../../components/form-field';
import { FormActions, FormMessage } from '../../../components/form-message';
import { useApi } from '../../../lib/api-context';
import { useSession } from '../../../lib/session';
import { formValues, useFormSubmit } from '../../../lib/use-form-submit';
import { sendInvite } from './invites-api';

export function InviteForm({ onSent, defaultEmail }: { onSent: (invite: InviteCreated) => void; defaultEmail?: string }) {
  const api = useApi();
  const roles = invitableRoles(useSession().user);
  const form = useFormSubmit(InviteInputSchema, (input) => sendInvite(api, input));
  // A new key empties the fields once an invite is sent.
  const [round, setRound] = useState(0);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const typed = formValues(e.currentTarget);
    const result = await form.submit({ email: typed.email ?? '', role: Number(typed.role ?? ROLE_AUTHOR) });
    if (!result) return;
    setRound((n) => n + 1);
    onSent(result);
  }

  return (
    <form key={round} className="admin-form invite-form" onSubmit={onSubmit} {...form.formProps} aria-busy={form.busy} aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <FormField
        id="invite-email"
        label="Email"
        name="email"
        type="email"
        required
        autoComplete="off"
        defaultValue={defaultEmail}
        hint="They get a link to choose their username and password; it works once, for 7 days."
        error={form.fields.email}
      />
      <SelectField id="invite-role" label="Role" name="role" defaultValue={String(roles.includes(ROLE_AUTHOR) ? ROLE_AUTHOR : roles[0])} error={form.fields.role}>
        {roles.map((role) => (
          <option key={role} value={role}>
            {roleLabel(role)}
          </option>
        ))}
      </SelectField>
      <FormActions message={<FormMessage message={form.message} />}>
        <button type="submit" className="primary" disabled={form.busy}>
          {form.busy ? 'Sending…' : 'Send invite'}
        </button>
      </FormActions>
    </form>
  );
}
