// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChannelDetails } from '../../../../renderer/src/features/channels/ChannelDetails';
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
    },
  };
}

describe('ChannelDetails', () => {
  it('says a public channel may be joined by anyone but guests, and counts a single message as one', async () => {
    const { bridge, render } = setup();
    bridge.handlers.getStreamById = () => channel(false, 1);
    render(<ChannelDetails streamId={1} />);
    expect((await screen.findByTestId('channel-can_subscribe_group')).textContent).toBe(
      'Anyone but guests (the channel is public)',
    );
    expect(screen.getByText('1 message a week')).toBeTruthy();
  });

  it('says who the setting names for a private channel', async () => {
    const { bridge, render } = setup();
    bridge.handlers.getStreamById = () => channel(true, 20);
    render(<ChannelDetails streamId={1} />);
    expect((await screen.findByTestId('channel-can_subscribe_group')).textContent).toBe('Nobody');
    expect(screen.getByText('20 messages a week')).toBeTruthy();
  });
});
