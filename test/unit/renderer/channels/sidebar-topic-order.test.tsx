// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../../../renderer/src/api/model';
import { ChannelSidebar } from '../../../../renderer/src/features/channels/ChannelSidebar';
import { useNarrowStore } from '../../../../renderer/src/state/narrow';
import { baseState } from '../fixtures';
import { setup, withListLayout } from '../render-helpers';

withListLayout();

function renderTopics(
  channelMuted: boolean,
  userTopics: { topic_name: string; visibility_policy: number }[],
) {
  const state = baseState();
  const subscriptions = (state.subscriptions as Subscription[]).map((c) =>
    c.stream_id === 1 ? { ...c, is_muted: channelMuted } : c,
  );
  const { bridge, render } = setup(
    baseState({
      subscriptions,
      user_topics: userTopics.map((t) => ({ stream_id: 1, last_updated: 0, ...t })),
    }),
  );
  bridge.handlers.getStreamTopics = () => ({
    topics: [
      { name: 'newest', max_id: 30 },
      { name: 'middle', max_id: 20 },
      { name: 'oldest', max_id: 10 },
    ],
  });
  useNarrowStore.getState().select({ kind: 'channel', streamId: 1 });
  render(<ChannelSidebar />);
}

const shownTopics = () =>
  screen.getAllByTestId(/^topic-row-/).map((row) => row.dataset.testid!.slice('topic-row-'.length));

describe('the topics of the channel open in the left sidebar', () => {
  it('keep the most recent first, with muted topics moved to the bottom', async () => {
    renderTopics(false, [{ topic_name: 'newest', visibility_policy: 1 }]);
    await screen.findByTestId('topic-row-oldest');
    expect(shownTopics()).toEqual(['middle', 'oldest', 'newest']);
  });

  it('in a muted channel, put the topics unmuted or followed there first', async () => {
    renderTopics(true, [{ topic_name: 'oldest', visibility_policy: 3 }]);
    await screen.findByTestId('topic-row-oldest');
    expect(shownTopics()).toEqual(['oldest', 'newest', 'middle']);
  });
});
