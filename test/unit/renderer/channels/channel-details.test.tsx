// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { groupLabel } from '../../../../renderer/src/features/channel-settings/group-setting';
import { ChannelDetails } from '../../../../renderer/src/features/channels/ChannelDetails';
import type { InitialState } from '../../../../renderer/src/api/model';
import { baseState } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

function channel(inviteOnly: boolean, traffic: number) {
  return {
    stream: {
      stream_id: 1,
      name: 'general',
      description: '',
      rendered_description: '',
      invite_only: inviteOnly,
      is_web_public: false,
      history_public_to_subscribers: true,
      message_retention_days: null,
      stream_weekly_traffic: traffic,
      can_subscribe_group: { direct_members: [], direct_subgroups: [] },
      can_add_subscribers_group: { direct_members: [], direct_subgroups: [] },
    },
  };
}

describe('ChannelDetails', () => {
  it('says a public channel may be joined by anyone but guests, and counts a single message as one', async () => {
    const members = {
      id: 11,
      name: 'role:members',
      description: '',
      members: [],
      direct_subgroup_ids: [],
      is_system_group: true,
    };
    const { bridge, render } = setup({
      ...baseState(),
      realm_user_groups: [members],
      realm_can_add_subscribers_group: 11,
    } as unknown as Partial<InitialState>);
    bridge.handlers.getStreamById = () => channel(false, 1);
    render(<ChannelDetails streamId={1} />);
    expect((await screen.findByTestId('channel-can_subscribe_group')).textContent).toBe(
      'Anyone but guests (the channel is public)',
    );
    expect(screen.getByText('1 message a week')).toBeTruthy();
    // Nobody is named by the channel, but the organization lets its members add people.
    expect(screen.getByTestId('channel-can_add_subscribers_group').textContent).toBe(
      `${groupLabel(members as never)} (the organization's setting)`,
    );
  });

  it('says who the setting names for a private channel', async () => {
    const { bridge, render } = setup();
    bridge.handlers.getStreamById = () => channel(true, 20);
    render(<ChannelDetails streamId={1} />);
    expect((await screen.findByTestId('channel-can_subscribe_group')).textContent).toBe('Nobody');
    expect(screen.getByText('20 messages a week')).toBeTruthy();
  });
});
