// Pending invites (email, role, who invited, expiry) with Resend and Revoke (after confirmation), and the
// "Invite someone" form: on /admin/users for admins and on /admin/invites for editors (decision 055).
import { useState } from 'react';
import { useRevalidator } from 'react-router-dom';
import type { Invite, InviteCreated, InviteList } from '../../../../contracts/invites';
import { invitableRoles } from '../../../../contracts/permissions';
import { roleLabel } from '../../../../contracts/roles';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DataTable } from '../../../components/data-table';
import { useDates } from '../../../components/format';
import { FormMessage } from '../../../components/form-message';
import { useApi } from '../../../lib/api-context';
import { ApiError } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { useFlash } from '../admin-kit';
import { focusMessage, useConfirmedDelete } from '../use-confirmed-delete';
import { InviteForm } from './invite-form';
import { resendInvite, revokeInvite } from './invites-api';

const revokeButtonId = (id: number) => `invite-revoke-${id}`;

/** 404: accepted or revoked meanwhile. */
const goneOr = (error: unknown, email: string, otherwise: string) =>
  error instanceof ApiError && error.status === 404 ? `The invite to ${email} was already accepted or revoked.` : otherwise;

function InviteRow({ invite, mayAct, onResend, onRevoke, resending }: { invite: Invite; mayAct: boolean; onResend: () => void; onRevoke: () => void; resending: boolean }) {
  const { formatDate } = useDates();
  return (
    <tr>
      <td>{invite.email}</td>
      <td>{roleLabel(invite.role)}</td>
      <td>{invite.invitedBy.name}</td>
      <td>
        {invite.expired ? <span className="badge">Expired</span> : null} <time dateTime={invite.expiresAt}>{formatDate(invite.expiresAt)}</time>
      </td>
      <td className="row-actions">
        {mayAct ? (
          <>
            <button type="button" onClick={onResend} disabled={resending}>
              {resending ? 'Resending…' : 'Resend'}
              <span className="visually-hidden"> the invite to {invite.email}</span>
            </button>
            <button type="button" id={revokeButtonId(invite.id)} className="danger" onClick={onRevoke}>
              Revoke<span className="visually-hidden"> the invite to {invite.email}</span>
            </button>
          </>
        ) : null}
      </td>
    </tr>
  );
}

export function InvitesPanel({ invites }: { invites: InviteList }) {
  const api = useApi();
  const revalidator = useRevalidator();
  const [flash, setFlash] = useFlash();
  const [resendingId, setResendingId] = useState<number | null>(null);
  const mayInvite = invitableRoles(useSession().user);
  const revoke = useConfirmedDelete<Invite>({
    remove: (invite) => revokeInvite(api, invite.id),
    deleted: (invite) => `The invite to ${invite.email} was revoked; its link no longer works.`,
    failed: (error, invite) => goneOr(error, invite.email, `The invite to ${invite.email} could not be revoked; please try again.`),
    buttonId: (invite) => revokeButtonId(invite.id),
    setFlash,
  });

  async function resend(invite: Invite) {
    setResendingId(invite.id);
    try {
      const renewed = await resendInvite(api, invite.id);
      setFlash({ kind: 'ok', text: `The invite to ${renewed.email} was sent again with a new link; the old one no longer works.` });
    } catch (error) {
      setFlash({ kind: 'error', text: goneOr(error, invite.email, `The invite to ${invite.email} could not be sent again; please try again.`) });
    } finally {
      setResendingId(null);
      revalidator.revalidate();
      focusMessage();
    }
  }

  const sent = (invite: InviteCreated) => {
    setFlash({ kind: 'ok', text: `Invite sent to ${invite.email} as ${roleLabel(invite.role)}.` });
    revalidator.revalidate();
    focusMessage();
  };

  return (
    <section className="invites-panel" aria-labelledby="invites-heading">
      <h2 id="invites-heading">Pending invites</h2>
      <FormMessage message={flash?.text} kind={flash?.kind} />
      {invites.items.length === 0 ? (
        <p className="empty">No invites are waiting.</p>
      ) : (
        <DataTable caption="Pending invites" columns={['Email', 'Role', 'Invited by', 'Expires', { label: 'Actions', hidden: true }]}>
          {invites.items.map((invite) => (
            <InviteRow
              key={invite.id}
              invite={invite}
              mayAct={mayInvite.includes(invite.role)}
              resending={resendingId === invite.id}
              onResend={() => void resend(invite)}
              onRevoke={() => revoke.askDelete(invite)}
            />
          ))}
        </DataTable>
      )}
      <InviteForm onSent={sent} />
      <ConfirmDialog
        open={revoke.deleting !== null}
        title="Revoke this invite?"
        message={revoke.deleting ? `The link mailed to ${revoke.deleting.email} will stop working. You can invite them again later.` : ''}
        confirmLabel="Revoke invite"
        busy={revoke.busy}
        onCancel={revoke.cancelDelete}
        onConfirm={() => void revoke.confirmDelete()}
      />
    </section>
  );
}
