import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import type { EndpointParams } from '../../../../shared/api';
import type { Invitation } from '../../../../shared/api/resources';
import { ApiCallError, ErrorCode, errorDetails, invitationFailedExtra } from '../../../../shared/errors';
import { callApi, errorText } from '../../api/call';
import { apiQueryKey, useApiQuery } from '../../api/queries';
import { useBridge } from '../../app/bridge-context';
import { useSelfId, useUsers } from '../../app/realm';
import { useInitialState } from '../../app/session';
import { formatDateTime, useTwentyFourHourTime } from '../../app/time-format';
import { Empty, ErrorState, Loading } from '../../components/states';
import {
  addressesToKeep,
  allowedInviteRoles,
  EXPIRY_PRESETS,
  expiryText,
  invitationFailureSummary,
  inviteParams,
  looksLikeEmail,
  parseEmails,
  roleLabel,
  type Expiry,
  type InviteForm,
} from './invite-form';

export const INVITES_KEY = apiQueryKey('getInvites', {});

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

function useOwnRole(): number | undefined {
  const selfId = useSelfId();
  const users = useUsers();
  const role = useInitialState((s) => s.role);
  return role ?? (selfId !== undefined ? users.get(selfId)?.role : undefined);
}

function InviteFormView() {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const ownRole = useOwnRole();
  const roles = allowedInviteRoles(ownRole);
  const channels = useInitialState((s) =>
    [...(s.subscriptions ?? []), ...(s.unsubscribed ?? []), ...(s.never_subscribed ?? [])].filter(
      (c) => !c.is_archived,
    ),
  );
  const groups = useInitialState((s) =>
    (s.realm_user_groups ?? []).filter((g) => !g.is_system_group && !g.deactivated),
  );
  const sortedChannels = useMemo(
    () =>
      [...new Map((channels ?? []).map((c) => [c.stream_id, c])).values()].sort((a, b) =>
        a.name.localeCompare(b.name),
      ),
    [channels],
  );
  const [form, setForm] = useState<InviteForm>({
    emails: '',
    role: 400,
    streamIds: [],
    groupIds: [],
    includeDefaultChannels: true,
    expiry: { kind: 'default' },
    notifyReferrer: true,
  });
  const [expiryKey, setExpiryKey] = useState('default');
  const [customDays, setCustomDays] = useState('7');
  const [sentTo, setSentTo] = useState<string[] | null>(null);
  const send = useMutation({
    mutationFn: (params: EndpointParams<'sendInvites'>) => callApi(bridge, 'sendInvites', params),
    onSettled: () => queryClient.invalidateQueries({ queryKey: INVITES_KEY }),
  });
  const emails = parseEmails(form.emails);
  const malformed = emails.filter((e) => !looksLikeEmail(e));
  const role = roles.some((r) => r.value === form.role) ? form.role : (roles[0]?.value ?? 600);
  const toggle = (list: number[], id: number) =>
    list.includes(id) ? list.filter((x) => x !== id) : [...list, id];

  const chooseExpiry = (key: string) => {
    setExpiryKey(key);
    if (key === 'custom') {
      const days = Number(customDays);
      setForm((f) => ({
        ...f,
        expiry: { kind: 'minutes', minutes: Math.max(1, Math.round(days * 24 * 60)) },
      }));
    } else {
      const preset = EXPIRY_PRESETS.find((p) => p.key === key);
      if (preset) setForm((f) => ({ ...f, expiry: preset.expiry as Expiry }));
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (emails.length === 0 || malformed.length || send.isPending) return;
    setSentTo(null);
    const typed = form.emails;
    send.mutate(inviteParams({ ...form, role }), {
      onSuccess: () => {
        setSentTo(emails);
        setForm((f) => ({ ...f, emails: addressesToKeep(typed, null) }));
      },
      onError: (error) => {
        const failed =
          error instanceof ApiCallError
            ? errorDetails(error.failure, ErrorCode.invitationFailed, invitationFailedExtra)
            : null;
        if (failed?.sent_invitations) setForm((f) => ({ ...f, emails: addressesToKeep(typed, failed) }));
      },
    });
  };

  const failure =
    send.error instanceof ApiCallError
      ? errorDetails(send.error.failure, ErrorCode.invitationFailed, invitationFailedExtra)
      : null;
  const summary = failure ? invitationFailureSummary(failure) : null;

  return (
    <form className="settings-group invite-form" onSubmit={submit} data-testid="invite-form">
      <label className="field">
        <span>Email addresses</span>
        <textarea
          data-testid="invite-emails"
          rows={3}
          placeholder="one@example.com, two@example.com — or one per line"
          value={form.emails}
          onChange={(e) => setForm({ ...form, emails: e.target.value })}
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
              setForm({ ...form, role: roles.find((r) => String(r.value) === e.target.value)?.value ?? role })
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
        <label className="field">
          <span>Invitation expires</span>
          <select
            data-testid="invite-expiry"
            value={expiryKey}
            onChange={(e) => chooseExpiry(e.target.value)}
          >
            {EXPIRY_PRESETS.map((p) => (
              <option key={p.key} value={p.key}>
                {p.label}
              </option>
            ))}
            <option value="custom">Custom…</option>
          </select>
          {expiryKey === 'custom' && (
            <span className="inline">
              <input
                type="number"
                min={1}
                className="days"
                aria-label="Days until the invitation expires"
                data-testid="invite-expiry-days"
                value={customDays}
                onChange={(e) => {
                  setCustomDays(e.target.value);
                  const days = Number(e.target.value);
                  if (days > 0)
                    setForm((f) => ({
                      ...f,
                      expiry: { kind: 'minutes', minutes: Math.round(days * 24 * 60) },
                    }));
                }}
              />
              <span className="small">days</span>
            </span>
          )}
        </label>
      </div>
      <div className="field-row">
        <fieldset className="field">
          <legend>Channels</legend>
          <label className="check">
            <input
              type="checkbox"
              data-testid="invite-default-channels"
              checked={form.includeDefaultChannels}
              onChange={(e) => setForm({ ...form, includeDefaultChannels: e.target.checked })}
            />
            The organization’s default channels
          </label>
          <div className="checklist tall">
            {sortedChannels.map((c) => (
              <label key={c.stream_id} className="check">
                <input
                  type="checkbox"
                  data-testid={`invite-channel-${c.name}`}
                  checked={form.streamIds.includes(c.stream_id)}
                  onChange={() => setForm((f) => ({ ...f, streamIds: toggle(f.streamIds, c.stream_id) }))}
                />
                #{c.name}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="field">
          <legend>Groups</legend>
          {groups?.length ? (
            <div className="checklist tall">
              {groups.map((g) => (
                <label key={g.id} className="check">
                  <input
                    type="checkbox"
                    data-testid={`invite-group-${g.name}`}
                    checked={form.groupIds.includes(g.id)}
                    onChange={() => setForm((f) => ({ ...f, groupIds: toggle(f.groupIds, g.id) }))}
                  />
                  {g.name}
                </label>
              ))}
            </div>
          ) : (
            <span className="muted small">No groups.</span>
          )}
        </fieldset>
      </div>
      <label className="check">
        <input
          type="checkbox"
          data-testid="invite-notify"
          checked={form.notifyReferrer}
          onChange={(e) => setForm({ ...form, notifyReferrer: e.target.checked })}
        />
        Send me a direct message when they join
      </label>
      {summary && (
        <div className="form-error invite-failure" role="alert" data-testid="invite-failure">
          <p>Some invitations could not be sent:</p>
          <ul>
            {summary.failed.map((f) => (
              <li key={f.email}>
                <strong>{f.email}</strong>: {f.reason}
              </li>
            ))}
          </ul>
          <p data-testid="invite-outcome">{summary.outcome}</p>
        </div>
      )}
      {send.isError && !summary && (
        <p className="form-error" role="alert" data-testid="invite-error">
          Not sent: {errorText(send.error)}
        </p>
      )}
      {sentTo && (
        <p className="notice" role="status" data-testid="invite-sent">
          Invitation sent to {sentTo.join(', ')}.
        </p>
      )}
      <div className="inline">
        <button
          type="submit"
          className="btn btn-primary"
          data-testid="invite-send"
          disabled={emails.length === 0 || malformed.length > 0 || send.isPending}
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

function SentInvites() {
  const invites = useApiQuery('getInvites', {}, { staleTime: 0 });
  const twentyFour = useTwentyFourHourTime();
  const format = (t: number) => formatDateTime(t, twentyFour);
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <section className="settings-group" aria-labelledby="sent-invites">
      <h3 id="sent-invites">Invitations sent</h3>
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
              <th>Sent</th>
              <th>Expiry</th>
              <th>
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...invites.data.invites]
              .sort((a, b) => (b.invited ?? 0) - (a.invited ?? 0))
              .map((i) => (
                <tr
                  key={`${i.is_multiuse ? 'link' : 'email'}-${i.id}`}
                  data-testid={`invite-${i.email ?? i.id}`}
                >
                  <td>{i.email ?? (i.is_multiuse ? 'Invitation link' : '')}</td>
                  <td>{roleLabel(i.invited_as)}</td>
                  <td>{i.invited ? format(i.invited) : ''}</td>
                  <td>{expiryText(i.expiry_date, format)}</td>
                  <td>
                    <InviteActions invite={i} onDone={setNotice} />
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Resend and revoke for one sent invitation; a link (`is_multiuse`) can only be revoked. */
function InviteActions({ invite, onDone }: { invite: Invitation; onDone: (notice: string) => void }) {
  const bridge = useBridge();
  const queryClient = useQueryClient();
  const who = invite.email ?? 'the invitation link';
  const act = useMutation({
    mutationFn: (action: 'resend' | 'revoke') =>
      action === 'resend'
        ? callApi(bridge, 'resendInvite', { invite_id: invite.id })
        : callApi(bridge, invite.is_multiuse ? 'revokeMultiuseInvite' : 'revokeInvite', {
            invite_id: invite.id,
          }),
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
      <button
        type="button"
        className="btn btn-small btn-danger"
        data-testid={`invite-revoke-${testId}`}
        disabled={act.isPending}
        onClick={() => act.mutate('revoke')}
      >
        Revoke
      </button>
      {act.isError && (
        <span className="form-error small" role="alert" data-testid={`invite-action-error-${testId}`}>
          {errorText(act.error)}
        </span>
      )}
    </span>
  );
}
