// @vitest-environment jsdom
import { act, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { DmSidebar } from '../../../../renderer/src/features/direct-messages/DmSidebar';
import { ChannelSidebar } from '../../../../renderer/src/features/channels/ChannelSidebar';
import { baseState, channelMessage, decoded, dmMessage, OTHER, SELF } from '../fixtures';
import { setup, withListLayout } from '../render-helpers';

withListLayout();

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
