import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';
import type { EndpointParams, EndpointResponse } from '../../../../shared/api';
import { Role } from '../../../../shared/api/plain-values';
import { ApiCallError, ErrorCode, errorDetails, invitationFailedExtra } from '../../../../shared/errors';
import { callApi } from '../../api/call';
import { apiQueryKey } from '../../api/queries';
import { useBridge } from '../../app/bridge-context';
import { useSelfId, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { takeDroppedFocus } from '../../components/focus-fallback';
import {
  addressesNotIn,
  addressesToKeep,
  allowedInviteRoles,
  inviteParams,
  looksLikeEmail,
  parseEmails,
  roleLabel,
  type InviteForm,
} from './invite-form';
import { InviteExpiryField } from './InviteExpiryField';
import { InviteSendFailure } from './InviteSendOutcome';
import { InviteTargetsFields } from './InviteTargetsFields';
import { useInviteChoices } from './invite-choices';
import { invitedMeanwhile } from './invited-meanwhile';

export const INVITES_KEY = apiQueryKey('getInvites', {});

function useOwnRole(): number | undefined {
  const selfId = useSelfId();
  const users = useUsers();
  const role = useInitialState((s) => s.role);
  return role ?? (selfId !== undefined ? users.get(selfId)?.role : undefined);
}

const EMPTY_FORM: InviteForm = {
  emails: '',
  role: Role.member,
  streamIds: [],
  groupIds: [],
  includeDefaultChannels: true,
  expiry: { kind: 'default' },
  notifyReferrer: true,
};

/** Spec 4.10: the addresses, the role, where they start, when the invitation expires; then send. */
export function InviteFormView() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const ownRole = useOwnRole();
  const roles = allowedInviteRoles(ownRole);
  const choices = useInviteChoices();
  const [form, setForm] = useState<InviteForm>(EMPTY_FORM);
  const [sent, setSent] = useState<{ to: string[]; unconfirmed: string[] } | null>(null);
  const emailsField = useRef<HTMLTextAreaElement>(null);
  const send = useMutation({
    /** Resolves to the addresses invited: all those asked, unless a lost answer was made up for. */
    mutationFn: async (params: EndpointParams<'sendInvites'>): Promise<string[]> => {
      const asked = parseEmails(params.invitee_emails);
      const listed = queryClient.getQueryData<EndpointResponse<'getInvites'>>(INVITES_KEY)?.invites;
      try {
        await callApi(bridge, 'sendInvites', params);
        return asked;
      } catch (error) {
        // A refusal is the server's answer; any other failure may have lost the answer of a send
        // that went through, and sending again would invite the same people twice.
        const refused = error instanceof ApiCallError && error.failure.kind === 'api';
        if (refused || !listed) throw error;
        const invited = await invitedMeanwhile(bridge, asked, new Set(listed.map((i) => i.id)));
        if (invited.length === 0) throw error;
        return invited;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVITES_KEY }),
  });
  const emails = parseEmails(form.emails);
  const malformed = emails.filter((e) => !looksLikeEmail(e));
  const role = roles.some((r) => r.value === form.role) ? form.role : (roles[0]?.value ?? Role.guest);
  const update = useCallback((change: Partial<InviteForm>) => setForm((f) => ({ ...f, ...change })), []);
  // The same object while they do not change: the lists of channels and groups (thousands of rows
  // on a big organization) are not drawn again for each keystroke in the addresses.
  const { streamIds, groupIds, includeDefaultChannels } = form;
  const targets = useMemo(
    () => ({ streamIds, groupIds, includeDefaultChannels }),
    [streamIds, groupIds, includeDefaultChannels],
  );
  const expiryProblem = form.expiry.kind === 'invalid' ? form.expiry.problem : null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (emails.length === 0 || malformed.length || expiryProblem || send.isPending) return;
    setSent(null);
    const typed = form.emails;
    // Only what is offered now: a channel or group ticked before the person lost the right to it
    // would have the server refuse the whole invitation.
    const offeredChannels = new Set(choices.channels.map((c) => c.stream_id));
    const offeredGroups = new Set(choices.groups.map((g) => g.id));
    const targets = {
      streamIds: form.streamIds.filter((id) => offeredChannels.has(id)),
      groupIds: form.groupIds.filter((id) => offeredGroups.has(id)),
    };
    send.mutate(inviteParams({ ...form, ...targets, role }), {
      onSuccess: (invited) => {
        const unconfirmed = addressesNotIn(emails, invited);
        setSent({ to: invited, unconfirmed });
        update({ emails: unconfirmed.join('\n') });
        // Send stays disabled with the box empty: the keyboard goes on in the box, for the next ones.
        takeDroppedFocus(emailsField.current);
      },
      onError: (error) => {
        // Addresses the server did invite leave the box; the others stay to be fixed.
        const failed =
          error instanceof ApiCallError
            ? errorDetails(error.failure, ErrorCode.invitationFailed, invitationFailedExtra)
            : null;
        if (failed?.sent_invitations) update({ emails: addressesToKeep(typed, failed) });
      },
    });
  };

  return (
    <form
      className="settings-group invite-form"
      onSubmit={submit}
      data-testid="invite-form"
      aria-labelledby="new-invitation"
    >
      <h3 id="new-invitation">New invitation</h3>
      <label className="field">
        <span>Email addresses</span>
        <textarea
          data-testid="invite-emails"
          ref={emailsField}
          rows={3}
          placeholder="one@example.com, two@example.com — or one per line"
          value={form.emails}
          onChange={(e) => {
            update({ emails: e.target.value });
            // The last send's outcome was about the addresses as they were.
            if (send.isError) send.reset();
          }}
        />
        <small className="muted">
          {emails.length} {emails.length === 1 ? 'address' : 'addresses'}
        </small>
      </label>
      {malformed.length > 0 && (
        <p className="form-error" data-testid="invite-malformed">
          Not an email address: {malformed.join(', ')}
        </p>
      )}
      <div className="field-row">
        <label className="field">
          <span>Invite as</span>
          <select
            data-testid="invite-role"
            value={role}
            onChange={(e) =>
              update({ role: roles.find((r) => String(r.value) === e.target.value)?.value ?? role })
            }
          >
            {roles.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
          <small className="muted">
            You can invite people as {roleLabel(ownRole).toLowerCase()} or a more limited role.
          </small>
        </label>
        <InviteExpiryField onChange={(expiry) => update({ expiry })} problem={expiryProblem} />
      </div>
      <InviteTargetsFields choices={choices} value={targets} onChange={update} />
      <label className="check">
        <input
          type="checkbox"
          data-testid="invite-notify"
          checked={form.notifyReferrer}
          onChange={(e) => update({ notifyReferrer: e.target.checked })}
        />
        Send me a direct message when they join
      </label>
      {send.isError && <InviteSendFailure error={send.error} />}
      {sent && (
        <p className="notice" role="status" data-testid="invite-sent">
          Invitation sent to {sent.to.join(', ')}.
          {sent.unconfirmed.length > 0 &&
            ` The answer was lost, and ${sent.unconfirmed.join(', ')} ${sent.unconfirmed.length === 1 ? 'is' : 'are'} not invited: send again to see why.`}
        </p>
      )}
      <div className="inline">
        <button
          type="submit"
          className="btn btn-primary"
          data-testid="invite-send"
          disabled={emails.length === 0 || malformed.length > 0 || expiryProblem !== null || send.isPending}
        >
          {send.isPending
            ? 'Sending…'
            : emails.length > 1
              ? `Send ${emails.length} invitations`
              : 'Send invitation'}
        </button>
      </div>
    </form>
  );
}
