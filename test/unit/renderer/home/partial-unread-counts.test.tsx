// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChannelSidebar } from '../../../../renderer/src/features/channels/ChannelSidebar';
import { DmSidebar } from '../../../../renderer/src/features/direct-messages/DmSidebar';
import { InboxView } from '../../../../renderer/src/features/inbox/InboxView';
import { RecentView } from '../../../../renderer/src/features/recent/RecentView';
import { TopicRow } from '../../../../renderer/src/features/topics/TopicRow';
import { baseState, channelMessage, OTHER } from '../fixtures';
import { setup, withListLayout } from '../render-helpers';

withListLayout();

/** Two unread in general › lunch and three from Other, with the server's older unread left out or not. */
function unreadSetup(oldUnreadsMissing: boolean) {
  const { bridge, render } = setup(
    baseState({
      unread_msgs: {
        streams: [{ stream_id: 1, topic: 'lunch', unread_message_ids: [1, 2] }],
        pms: [{ other_user_id: OTHER, unread_message_ids: [3, 4, 5] }],
        huddles: [],
        mentions: [],
        old_unreads_missing: oldUnreadsMissing,
      },
      recent_private_conversations: [{ user_ids: [OTHER], max_message_id: 5 }],
    }),
  );
  bridge.handlers.getMessages = () => ({
    messages: [channelMessage({ id: 2, subject: 'lunch' })],
    found_oldest: true,
    found_newest: true,
  });
  bridge.handlers.getStreamTopics = () => ({ topics: [{ name: 'lunch', max_id: 2 }] });
  return render;
}

describe('per-conversation unread counts when the server left older unread out', () => {
  it('say "at least" (a "+") in the sidebar, the DM list and the Inbox', async () => {
    const render = unreadSetup(true);
    render(
      <>
        <ChannelSidebar />
        <TopicRow streamId={1} topic="lunch" maxId={2} unread={2} />
        <DmSidebar />
        <InboxView />
      </>,
    );
    expect((await screen.findByTestId('channel-unread-general')).textContent).toBe('2+');
    expect(screen.getByTestId('topic-unread-lunch').textContent).toBe('2+');
    expect((await screen.findByTestId(`dm-${OTHER}`)).querySelector('.unread-count')?.textContent).toBe('3+');
    expect(screen.getByTestId(`inbox-dm-${OTHER}-unread`).textContent).toBe('3+');
    expect(screen.getByTestId('inbox-topic-1-lunch-unread').textContent).toBe('2+');
    expect(screen.getByTestId('inbox-group-general-unread').textContent).toBe('2+');
  });

  it('say so in the recent conversations too', async () => {
    unreadSetup(true)(<RecentView />);
    expect((await screen.findByTestId('recent-topic-1-lunch-unread')).textContent).toBe('2+');
  });

  it('are plain numbers when the list is whole', async () => {
    const render = unreadSetup(false);
    render(
      <>
        <ChannelSidebar />
        <DmSidebar />
        <InboxView />
      </>,
    );
    expect((await screen.findByTestId('channel-unread-general')).textContent).toBe('2');
    expect((await screen.findByTestId(`dm-${OTHER}`)).querySelector('.unread-count')?.textContent).toBe('3');
    expect(screen.getByTestId('inbox-topic-1-lunch-unread').textContent).toBe('2');
  });
});
