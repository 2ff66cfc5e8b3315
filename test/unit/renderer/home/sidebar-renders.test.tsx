// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { DmSidebar } from '../../../../renderer/src/features/direct-messages/DmSidebar';
import { ChannelSidebar } from '../../../../renderer/src/features/channels/ChannelSidebar';
import { useNarrowStore } from '../../../../renderer/src/state/narrow';
import { baseState, channelMessage, decoded, dmMessage, OTHER, SELF } from '../fixtures';
import { setup } from '../render-helpers';

beforeEach(() => {
  // jsdom has no layout: give elements a size so the lists render rows.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(600);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useNarrowStore.setState(useNarrowStore.getInitialState(), true);
});

describe('the direct messages list when messages arrive', () => {
  it('is not drawn again for a channel message, only for a direct message', async () => {
    const { bridge, queryClient, render } = setup(
      baseState({ recent_private_conversations: [{ user_ids: [OTHER], max_message_id: 5 }] }),
    );
    bridge.handlers.getMessages = () => ({ messages: [], found_oldest: true, found_newest: true });
    let dmListRenders = 0;
    render(
      <>
        <ChannelSidebar />
        <Profiler id="dms" onRender={() => dmListRenders++}>
          <DmSidebar />
        </Profiler>
      </>,
    );
    await screen.findByTestId(`dm-${OTHER}`);
    await waitFor(() => expect(bridge.calls.some((c) => c.name === 'getMessages')).toBe(true));
    await act(async () => {});
    const before = dmListRenders;

    const inChannel = channelMessage({ stream_id: 1, subject: 'lunch' });
    act(() => applyEvents(queryClient, decoded([{ type: 'message', id: 1, message: inChannel, flags: [] }])));
    expect((await screen.findByTestId('channel-unread-general')).textContent).toBe('1');
    expect(dmListRenders).toBe(before);

    const direct = dmMessage([SELF, OTHER]);
    act(() => applyEvents(queryClient, decoded([{ type: 'message', id: 2, message: direct, flags: [] }])));
    await waitFor(() => expect(screen.getByTestId(`dm-${OTHER}`).textContent).toContain('1'));
    expect(dmListRenders).toBeGreaterThan(before);
  });
});
