// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../../../renderer/src/api/model';
import { ChannelSidebar } from '../../../../renderer/src/features/channels/ChannelSidebar';
import { HomeLinks } from '../../../../renderer/src/features/home/HomeLinks';
import { InboxView } from '../../../../renderer/src/features/inbox/InboxView';
import { baseState } from '../fixtures';
import { setup, withListLayout } from '../render-helpers';

withListLayout();

describe('the unread count of a muted channel', () => {
  it('counts only the topics the user unmuted or follows there, as the Inbox does', async () => {
    const state = baseState();
    const subscriptions = (state.subscriptions as Subscription[]).map((c) =>
      c.name === 'design' ? { ...c, is_muted: true } : c,
    );
    setup(
      baseState({
        subscriptions,
        unread_msgs: {
          streams: [
            { stream_id: 2, topic: 'quiet', unread_message_ids: [1, 2, 3] },
            { stream_id: 2, topic: 'kept', unread_message_ids: [4] },
            { stream_id: 1, topic: 'lunch', unread_message_ids: [5, 6] },
          ],
          pms: [],
          huddles: [],
          mentions: [],
        },
        // "kept" is unmuted in the muted channel.
        user_topics: [{ stream_id: 2, topic_name: 'kept', visibility_policy: 2, last_updated: 0 }],
      }),
    ).render(
      <>
        <HomeLinks />
        <ChannelSidebar />
        <InboxView />
      </>,
    );
    expect((await screen.findByTestId('channel-unread-design')).textContent).toBe('1');
    expect(screen.getByTestId('inbox-group-design-unread').textContent).toBe('1');
    expect(screen.getByTestId('channel-unread-general').textContent).toBe('2');
    expect(screen.getByTestId('inbox-total').textContent).toBe('3 unread');
    expect(screen.getByTestId('inbox-count').textContent).toBe('3');
  });
});
