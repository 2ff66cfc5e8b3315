// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addressesToKeep,
  allowedInviteRoles,
  inviteParams,
  parseEmails,
} from '../../../../renderer/src/features/invitations/invite-form';
import { InvitationsScreen } from '../../../../renderer/src/features/invitations/InvitationsScreen';
import { apiError, FailWith } from '../fake-bridge';
import { baseState, OTHER, SELF } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

describe('invite form', () => {
  it('splits addresses on commas and newlines', () => {
    expect(parseEmails('a@x.example, b@x.example\n\nc@x.example,')).toEqual([
      'a@x.example',
      'b@x.example',
      'c@x.example',
    ]);
  });

  it('counts an address typed twice, in any letter case, once', () => {
    expect(parseEmails('Ann@X.example\nb@x.example, ann@x.example, B@x.example')).toEqual([
      'Ann@X.example',
      'b@x.example',
    ]);
  });

  it('offers only the caller’s role or stricter ones', () => {
    expect(allowedInviteRoles(200).map((r) => r.label)).toEqual([
      'Administrator',
      'Moderator',
      'Member',
      'Guest',
    ]);
    expect(allowedInviteRoles(400).map((r) => r.label)).toEqual(['Member', 'Guest']);
    expect(allowedInviteRoles(100)).toHaveLength(5);
  });

  it('sends the expiry as minutes, null for never, and nothing for the server default', () => {
    const base = {
      emails: 'a@x.example',
      role: 400 as const,
      streamIds: [1],
      groupIds: [],
      includeDefaultChannels: false,
      notifyReferrer: true,
    };
    expect(inviteParams({ ...base, expiry: { kind: 'default' } })).not.toHaveProperty(
      'invite_expires_in_minutes',
    );
    expect(inviteParams({ ...base, expiry: { kind: 'never' } }).invite_expires_in_minutes).toBeNull();
    expect(
      inviteParams({ ...base, expiry: { kind: 'minutes', minutes: 30 } }).invite_expires_in_minutes,
    ).toBe(30);
  });
});

describe('InvitationsScreen', () => {
  it('shows which addresses failed and why, and whether the others were sent', async () => {
    const { bridge, render } = setup(baseState({ role: 400 }));
    bridge.handlers.getInvites = () => ({ invites: [] });
    bridge.handlers.sendInvites = () => {
      throw new FailWith(
        apiError('INVITATION_FAILED', 'Some of those addresses are already using the service', {
          errors: [['ada@northwind.example', 'Already has an account.', false]],
          sent_invitations: true,
          daily_limit_reached: false,
          license_limit_reached: false,
        }),
      );
    };
    render(<InvitationsScreen />);
    expect(
      [...(screen.getByTestId('invite-role') as HTMLSelectElement).options].map((o) => o.textContent),
    ).toEqual(['Member', 'Guest']);
    fireEvent.change(screen.getByTestId('invite-emails'), {
      target: { value: 'ada@northwind.example\nnew.person@northwind.example' },
    });
    fireEvent.click(screen.getByTestId('invite-channel-general'));
    fireEvent.change(screen.getByTestId('invite-expiry'), { target: { value: 'never' } });
    fireEvent.click(screen.getByTestId('invite-notify'));
    fireEvent.click(screen.getByTestId('invite-send'));
    const failure = await screen.findByTestId('invite-failure');
    expect(failure.textContent).toContain('ada@northwind.example: Already has an account.');
    expect(screen.getByTestId('invite-outcome').textContent).toBe('The other invitations were sent.');
    expect(bridge.callsTo('sendInvites')[0]).toEqual({
      invitee_emails: 'ada@northwind.example,new.person@northwind.example',
      invite_as: 400,
      stream_ids: [1],
      include_realm_default_subscriptions: true,
      notify_referrer_on_join: false,
      invite_expires_in_minutes: null,
    });
  });

  it('a custom expiry that is not a number of days blocks sending, and an earlier one is not sent instead', async () => {
    const { bridge, render } = setup(baseState({ role: 400 }));
    bridge.handlers.getInvites = () => ({ invites: [] });
    bridge.handlers.sendInvites = () => ({});
    render(<InvitationsScreen />);
    fireEvent.change(screen.getByTestId('invite-emails'), { target: { value: 'sam@x.example' } });
    fireEvent.change(screen.getByTestId('invite-expiry'), { target: { value: 'custom' } });
    const days = screen.getByTestId('invite-expiry-days');
    fireEvent.change(days, { target: { value: '1.5' } });
    for (const bad of ['', '0', '-2']) {
      fireEvent.change(days, { target: { value: bad } });
      expect(screen.getByTestId('invite-expiry-problem').textContent).toContain('more than 0');
      expect((screen.getByTestId('invite-send') as HTMLButtonElement).disabled).toBe(true);
    }
    fireEvent.submit(screen.getByTestId('invite-form'));
    expect(bridge.callsTo('sendInvites')).toEqual([]);
    fireEvent.change(days, { target: { value: '1.5' } });
    expect(screen.queryByTestId('invite-expiry-problem')).toBeNull();
    fireEvent.click(screen.getByTestId('invite-send'));
    await waitFor(() => expect(bridge.callsTo('sendInvites')).toHaveLength(1));
    expect(bridge.callsTo('sendInvites')[0]).toMatchObject({ invite_expires_in_minutes: 36 * 60 });
  });

  it('offers only the groups the person may add members to', async () => {
    const group = (id: number, name: string, canAdd: number[]) => ({
      id,
      name,
      description: '',
      members: [],
      direct_subgroup_ids: [],
      is_system_group: false,
      can_add_members_group: { direct_members: canAdd, direct_subgroups: [] },
      can_manage_group: { direct_members: [], direct_subgroups: [] },
    });
    const groups = [group(1, 'backend', [SELF]), group(2, 'frontend', [OTHER])];
    const member = setup(baseState({ role: 400, realm_user_groups: groups }));
    member.bridge.handlers.getInvites = () => ({ invites: [] });
    const view = member.render(<InvitationsScreen />);
    expect(screen.getByTestId('invite-group-backend')).toBeTruthy();
    expect(screen.queryByTestId('invite-group-frontend')).toBeNull();
    view.unmount();
    // An administrator may add members to any group.
    const admin = setup(baseState({ role: 200, realm_user_groups: groups }));
    admin.bridge.handlers.getInvites = () => ({ invites: [] });
    admin.render(<InvitationsScreen />);
    expect(screen.getByTestId('invite-group-frontend')).toBeTruthy();
  });

  it('lists sent invitations and refreshes after sending', async () => {
    const { bridge, render } = setup(baseState({ role: 200 }));
    const invites: Record<string, unknown>[] = [];
    bridge.handlers.getInvites = () => ({ invites: [...invites] });
    bridge.handlers.sendInvites = () => {
      invites.push({
        id: 1,
        email: 'sam@x.example',
        invited_as: 300,
        invited: 1_700_000_000,
        expiry_date: null,
      });
      return {};
    };
    render(<InvitationsScreen />);
    await screen.findByText('No pending invitations.');
    fireEvent.change(screen.getByTestId('invite-emails'), { target: { value: 'sam@x.example' } });
    fireEvent.change(screen.getByTestId('invite-role'), { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    await screen.findByTestId('invite-sent');
    await waitFor(() =>
      expect(screen.getByTestId('invite-sam@x.example').textContent).toContain('Moderator'),
    );
    expect(screen.getByTestId('invite-sam@x.example').textContent).toContain('never expires');
  });

  it('says who sent each invitation when the list holds more than one person’s', async () => {
    const { bridge, render } = setup(baseState({ role: 200 }));
    let invites: Record<string, unknown>[] = [
      { id: 1, email: 'a@x.example', invited_as: 400, invited: 1_700_000_000, invited_by_user_id: SELF },
    ];
    bridge.handlers.getInvites = () => ({ invites: [...invites] });
    const { unmount } = render(<InvitationsScreen />);
    await screen.findByTestId('invite-a@x.example');
    expect(screen.queryByText('Invited by')).toBeNull();
    expect(screen.queryByTestId('invite-inviter')).toBeNull();
    unmount();
    invites = [
      ...invites,
      { id: 2, email: 'b@x.example', invited_as: 400, invited: 1_700_000_100, invited_by_user_id: OTHER },
    ];
    render(<InvitationsScreen />);
    await screen.findByTestId('invite-b@x.example');
    expect(screen.getByText('Invited by')).toBeTruthy();
    expect(screen.getByTestId('invite-b@x.example').textContent).toContain('Other Person');
  });

  it('resends and revokes email invitations; an invitation link can only be revoked, with its own call', async () => {
    const { bridge, render } = setup(baseState({ role: 200 }));
    let invites: Record<string, unknown>[] = [
      { id: 4, email: 'kim@x.example', invited_as: 400, invited: 1_700_000_000, expiry_date: null },
      { id: 4, is_multiuse: true, invited_as: 400, invited: 1_600_000_000, expiry_date: null },
    ];
    bridge.handlers.getInvites = () => ({ invites: [...invites] });
    bridge.handlers.resendInvite = () => ({});
    bridge.handlers.revokeMultiuseInvite = () => {
      invites = invites.filter((i) => !i.is_multiuse);
      return {};
    };
    bridge.handlers.revokeInvite = () => {
      throw new FailWith(apiError('BAD_REQUEST', 'Must be an organization administrator'));
    };
    render(<InvitationsScreen />);
    await screen.findByTestId('invite-kim@x.example');
    expect(screen.queryByTestId('invite-resend-4')).toBeNull(); // the link has no resend
    fireEvent.click(screen.getByTestId('invite-resend-kim@x.example'));
    expect((await screen.findByTestId('invite-action-notice')).textContent).toBe(
      'Invitation to kim@x.example sent again.',
    );
    expect(bridge.callsTo('resendInvite')).toEqual([{ invite_id: 4 }]);
    fireEvent.click(screen.getByTestId('invite-revoke-4'));
    // Asked once more before anything is revoked.
    expect(bridge.callsTo('revokeMultiuseInvite')).toEqual([]);
    fireEvent.click(screen.getByTestId('invite-revoke-confirm-4'));
    await waitFor(() => expect(screen.queryByTestId('invite-4')).toBeNull());
    expect(bridge.callsTo('revokeMultiuseInvite')).toEqual([{ invite_id: 4 }]);
    expect(bridge.callsTo('revokeInvite')).toEqual([]);
    fireEvent.click(screen.getByTestId('invite-revoke-kim@x.example'));
    fireEvent.click(screen.getByTestId('invite-revoke-confirm-kim@x.example'));
    expect((await screen.findByTestId('invite-action-error-kim@x.example')).textContent).toBe(
      'Must be an organization administrator',
    );
    expect(screen.getByTestId('invite-kim@x.example')).toBeTruthy();
  });

  it('says plainly when the server refuses', async () => {
    const { bridge, render } = setup(baseState({ role: 400 }));
    bridge.handlers.getInvites = () => ({ invites: [] });
    bridge.handlers.sendInvites = () => {
      throw new FailWith(apiError('BAD_REQUEST', 'Insufficient permission'));
    };
    render(<InvitationsScreen />);
    fireEvent.change(screen.getByTestId('invite-emails'), { target: { value: 'x@x.example' } });
    fireEvent.click(screen.getByTestId('invite-send'));
    expect((await screen.findByTestId('invite-error')).textContent).toBe('Not sent: Insufficient permission');
  });
});

describe('the address box after a send', () => {
  it('is emptied when all went out, keeps only the failures when the others went out, keeps all when none did', () => {
    const typed = 'a@x.example, taken@x.example\nb@x.example';
    expect(addressesToKeep(typed, null)).toBe('');
    const failure = (sent: boolean) => ({
      errors: [['Taken@x.example', 'Already has an account.', false]] as [string, string, boolean][],
      sent_invitations: sent,
      daily_limit_reached: false,
      license_limit_reached: false,
    });
    expect(addressesToKeep(typed, failure(true))).toBe('taken@x.example');
    expect(addressesToKeep(typed, failure(false))).toBe(typed);
  });
});

describe('the invite form on a big organization', () => {
  it('does not draw its list of channels again for each keystroke in the addresses', () => {
    // Channels whose names count how often they are read: each drawn row reads its channel's name.
    let nameReads = 0;
    const channels = Array.from({ length: 200 }, (_, i) => {
      const channel = { stream_id: 100 + i, invite_only: false, is_web_public: false, description: '' };
      Object.defineProperty(channel, 'name', {
        enumerable: true,
        get: () => {
          nameReads++;
          return `channel ${String(i).padStart(3, '0')}`;
        },
      });
      return channel;
    });
    const { bridge, render } = setup(baseState({ role: 200, never_subscribed: channels as never }));
    bridge.handlers.getInvites = () => ({ invites: [] });
    render(<InvitationsScreen />);
    expect(screen.getByTestId('invite-channel-channel 199')).toBeTruthy();
    const drawn = nameReads;

    const address = 'new.person@x.example';
    for (let typed = 1; typed <= address.length; typed++)
      fireEvent.change(screen.getByTestId('invite-emails'), { target: { value: address.slice(0, typed) } });

    expect((screen.getByTestId('invite-emails') as HTMLTextAreaElement).value).toBe(address);
    expect(nameReads).toBe(drawn);
    // Ticking a channel draws the list again, with the tick.
    fireEvent.click(screen.getByTestId('invite-channel-channel 007'));
    expect((screen.getByTestId('invite-channel-channel 007') as HTMLInputElement).checked).toBe(true);
  });
});
