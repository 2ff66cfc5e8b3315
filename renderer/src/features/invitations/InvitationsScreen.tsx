import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { Invitation } from '../../../../shared/api/resources';
import { ApiCallError } from '../../../../shared/errors';
import type { ChatBridge } from '../../../../shared/ipc';
import { callApi, errorText } from '../../api/call';
import { useApiQuery } from '../../api/queries';
import { useBridge } from '../../app/bridge-context';
import { useUsers } from '../../app/realm';
import { formatDateTime, useTwentyFourHourTime } from '../../app/time-format';
import { useFocusAfterRowRemoved } from '../../components/row-removal-focus';
import { Empty, ErrorState, Loading } from '../../components/states';
import { expiryText, roleLabel } from './invite-form';
import { INVITES_KEY, InviteFormView } from './InviteFormView';

/** Spec 4.10: invite people by email, and the invitations already sent. */
export function InvitationsScreen() {
  return (
    <div className="settings-page" data-testid="invitations-screen">
      <h2>Invite people</h2>
      <InviteFormView />
      <SentInvites />
    </div>
  );
}

function SentInvites() {
  const invites = useApiQuery('getInvites', {}, { staleTime: 0 });
  const twentyFour = useTwentyFourHourTime();
  const format = (t: number) => formatDateTime(t, twentyFour);
  const [notice, setNotice] = useState<string | null>(null);
  const users = useUsers();
  // Administrators see everyone's invitations (spec 4.10): say whose each one is.
  const inviters = new Set(invites.data?.invites.map((i) => i.invited_by_user_id));
  const showInviter = inviters.size > 1;
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = useRef<HTMLTableSectionElement>(null);
  // Once revoked (its row gone with the focus), the row now in its place has it, on its Revoke.
  const revoking = useFocusAfterRowRemoved(
    invites.data?.invites.map(inviteKey),
    rows,
    'button[data-testid^="invite-revoke-"]',
    () => heading.current,
  );
  return (
    <section className="settings-group" aria-labelledby="sent-invites">
      <h3 id="sent-invites" ref={heading} tabIndex={-1}>
        Invitations sent
      </h3>
      {notice && (
        <p className="notice" role="status" data-testid="invite-action-notice">
          {notice}
        </p>
      )}
      {invites.isPending ? (
        <Loading />
      ) : invites.isError ? (
        <ErrorState error={invites.error} retry={() => void invites.refetch()} />
      ) : invites.data.invites.length === 0 ? (
        <Empty>No pending invitations.</Empty>
      ) : (
        <table className="table" data-testid="invites-list">
          <thead>
            <tr>
              <th>Email</th>
              <th>Role</th>
              {showInviter && <th>Invited by</th>}
              <th>Sent</th>
              <th>Expiry</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody ref={rows}>
            {[...invites.data.invites]
              .sort((a, b) => (b.invited ?? 0) - (a.invited ?? 0))
              .map((i, index) => (
                <tr key={inviteKey(i)} data-testid={`invite-${i.email ?? i.id}`}>
                  <td>{i.email ?? (i.is_multiuse ? 'Invitation link' : '')}</td>
                  <td>{roleLabel(i.invited_as)}</td>
                  {showInviter && (
                    <td data-testid="invite-inviter">
                      {i.invited_by_user_id === undefined
                        ? ''
                        : (users.get(i.invited_by_user_id)?.full_name ?? `User ${i.invited_by_user_id}`)}
                    </td>
                  )}
                  <td>{i.invited ? format(i.invited) : ''}</td>
                  <td>{expiryText(i.expiry_date, format)}</td>
                  <td>
                    <InviteActions
                      invite={i}
                      onDone={setNotice}
                      onRevoking={(started) => revoking(started ? { key: inviteKey(i), at: index } : null)}
                    />
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Email invitations and links are numbered apart: the two together need the kind to be told apart. */
function inviteKey(invite: Invitation): string {
  return `${invite.is_multiuse ? 'link' : 'email'}-${invite.id}`;
}

/**
 * Resend and revoke for one sent invitation; a link (`is_multiuse`) can only be revoked.
 * `onRevoking` hears when a revocation starts (true) and when it was refused (false).
 */
function InviteActions({
  invite,
  onDone,
  onRevoking,
}: {
  invite: Invitation;
  onDone: (notice: string) => void;
  onRevoking: (started: boolean) => void;
}) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const who = invite.email ?? 'the invitation link';
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const revokeButton = useRef<HTMLButtonElement>(null);
  const act = useMutation({
    mutationFn: async (action: 'resend' | 'revoke') => {
      if (action === 'revoke') {
        await callApi(bridge, invite.is_multiuse ? 'revokeMultiuseInvite' : 'revokeInvite', {
          invite_id: invite.id,
        });
        return;
      }
      try {
        await callApi(bridge, 'resendInvite', { invite_id: invite.id });
      } catch (error) {
        // A resend whose answer was lost may have sent it: then it is dated anew, and sending it
        // again would mail the person twice.
        const refused = error instanceof ApiCallError && error.failure.kind === 'api';
        if (refused || !(await resentSince(bridge, invite))) throw error;
      }
    },
    onMutate: (action) => {
      if (action === 'revoke') onRevoking(true);
    },
    onError: (_, action) => {
      if (action === 'revoke') onRevoking(false);
    },
    onSuccess: (_, action) =>
      onDone(action === 'resend' ? `Invitation to ${who} sent again.` : `Invitation to ${who} revoked.`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVITES_KEY }),
  });
  const testId = invite.email ?? String(invite.id);
  return (
    <span className="inline">
      {!invite.is_multiuse && (
        <button
          type="button"
          className="btn btn-small"
          data-testid={`invite-resend-${testId}`}
          disabled={act.isPending}
          onClick={() => act.mutate('resend')}
        >
          Resend
        </button>
      )}
      {/* Revoking asks once more: the person's link stops working, and only a new invitation helps.
          One button asks and then confirms, so the keyboard's focus is on "Revoke it" once asked. */}
      <button
        type="button"
        ref={revokeButton}
        className="btn btn-small btn-danger"
        data-testid={confirmingRevoke ? `invite-revoke-confirm-${testId}` : `invite-revoke-${testId}`}
        disabled={act.isPending}
        onClick={() => (confirmingRevoke ? act.mutate('revoke') : setConfirmingRevoke(true))}
      >
        {!confirmingRevoke ? 'Revoke' : act.isPending ? 'Revoking…' : 'Revoke it'}
      </button>
      {confirmingRevoke && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            setConfirmingRevoke(false);
            revokeButton.current?.focus();
          }}
        >
          Keep
        </button>
      )}
      {act.isError && (
        <span className="form-error small" role="alert" data-testid={`invite-action-error-${testId}`}>
          {errorText(act.error)}
        </span>
      )}
    </span>
  );
}

/** True when the server answers that `invite` was sent again since it was listed; false when it cannot tell. */
async function resentSince(bridge: ChatBridge, invite: Invitation): Promise<boolean> {
  try {
    const { invites } = await callApi(bridge, 'getInvites', {});
    const now = invites.find((i) => i.id === invite.id && !i.is_multiuse);
    return now?.invited !== undefined && now.invited > (invite.invited ?? 0);
  } catch {
    return false;
  }
}
