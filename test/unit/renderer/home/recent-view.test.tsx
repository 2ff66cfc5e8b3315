// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../../renderer/src/api/model';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { RecentView } from '../../../../renderer/src/features/recent/RecentView';
import { useRecentFilters } from '../../../../renderer/src/features/recent/recent-filters';
import { useConnectionStore } from '../../../../renderer/src/state/connection';
import { useNarrowStore } from '../../../../renderer/src/state/narrow';
import { baseState, channelMessage, decoded, SELF } from '../fixtures';
import { FailWith } from '../fake-bridge';
import { setup, withListLayout } from '../render-helpers';

withListLayout();

afterEach(() => {
  useRecentFilters.setState(useRecentFilters.getInitialState(), true);
  useConnectionStore.getState().setStatus({ state: 'connecting' });
});

/**
 * A history of `total` messages, ids 1..total: the newest `spread` in topics of their own, all
 * older ones in one busy topic. Answers GET /messages as the server would, and counts requests
 * in flight at once.
 */
function history(total: number, spread: number) {
  const all: Message[] = [];
  for (let id = 1; id <= total; id++)
    all.push(
      channelMessage({
        id,
        subject: id > total - spread ? `topic ${id}` : 'firehose',
        timestamp: 1_700_000_000 + id,
      }),
    );
  const state = { inFlight: 0, maxInFlight: 0 };
  const handler = async (params: Record<string, unknown>) => {
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    await new Promise((resolve) => setTimeout(resolve, 5));
    state.inFlight -= 1;
    const before = params.num_before as number;
    const end =
      params.anchor === 'newest'
        ? all.length
        : (params.anchor as number) - 1 + (params.include_anchor ? 1 : 0);
    const start = Math.max(0, end - before);
    return { messages: all.slice(start, end), found_oldest: start === 0, found_newest: true };
  };
  return { handler, state };
}

describe('RecentView', () => {
  it('asks for the newest page of every conversation, then pages back a bounded number of times', async () => {
    const { bridge, queryClient, render } = setup();
    const { handler, state } = history(3000, 5);
    bridge.handlers.getMessages = handler;
    render(<RecentView />);

    await screen.findByTestId('recent-topic-1-topic 3000');
    const calls = () => bridge.callsTo('getMessages');
    expect(calls()[0]).toMatchObject({ anchor: 'newest', num_before: 400, num_after: 0, narrow: [] });
    // The end of the list is in view, so older pages are fetched; they add nothing new (one busy
    // topic), so it stops after two and offers a button instead.
    await screen.findByTestId('recent-load-older');
    expect(calls()).toHaveLength(3);
    expect(calls()[1]).toMatchObject({ anchor: 2601, include_anchor: false, num_before: 400 });
    expect(calls()[2]).toMatchObject({ anchor: 2201, include_anchor: false });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls()).toHaveLength(3);
    // A conversation arriving live goes to the top: no reason to page back again.
    await act(async () => {
      applyEvents(
        queryClient,
        decoded([
          { id: 1, type: 'message', message: channelMessage({ id: 3001, subject: 'brand new' }), flags: [] },
        ]),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByTestId('recent-topic-1-brand new')).toBeTruthy();
    expect(calls()).toHaveLength(3);

    // The button asks for one more page, once however often it is clicked meanwhile.
    fireEvent.click(screen.getByTestId('recent-load-older'));
    await screen.findByTestId('loading');
    await screen.findByTestId('recent-load-older');
    expect(calls()).toHaveLength(4);
    expect(calls()[3]).toMatchObject({ anchor: 1801 });
    expect(state.maxInFlight).toBe(1);
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(5);
  });

  it('an older page that failed while the server was out of reach loads once the connection is back', async () => {
    const { bridge, render } = setup();
    useConnectionStore
      .getState()
      .setStatus({ state: 'reconnecting', failures: 1, retryInMs: 1000, reason: 'refused' });
    const { handler } = history(3000, 5);
    // The newest page came from before the outage; the older one meets it.
    let reachable = false;
    bridge.handlers.getMessages = (params) => {
      if (!reachable && params.anchor !== 'newest')
        throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'refused' });
      return handler(params);
    };
    render(<RecentView />);
    await screen.findByTestId('recent-topic-1-topic 3000');
    await screen.findByTestId('error');
    const calls = bridge.callsTo('getMessages').length;

    reachable = true;
    act(() => useConnectionStore.getState().setStatus({ state: 'connected' }));
    await screen.findByTestId('recent-load-older');
    expect(screen.queryByTestId('error')).toBeNull();
    expect(bridge.callsTo('getMessages').length).toBeGreaterThan(calls);
  });

  it('reaches the start of a short history and says so', async () => {
    const { bridge, render } = setup();
    bridge.handlers.getMessages = history(50, 3).handler;
    render(<RecentView />);
    await screen.findByTestId('recent-end');
    expect(bridge.callsTo('getMessages')).toHaveLength(1);
    expect(screen.getByTestId('recent-topic-1-firehose')).toBeTruthy();
  });

  it('takes new messages and moves live, and a row opens its conversation', async () => {
    const { bridge, queryClient, render } = setup();
    bridge.handlers.getMessages = history(10, 2).handler;
    render(<RecentView />);
    await screen.findByTestId('recent-topic-1-topic 10');
    const first = () => screen.getAllByRole('listitem')[0]!.querySelector('button')!.dataset.testid;
    expect(first()).toBe('recent-topic-1-topic 10');

    await act(async () => {
      applyEvents(
        queryClient,
        decoded([
          {
            id: 1,
            type: 'message',
            message: channelMessage({ id: 11, subject: 'firehose', sender_id: SELF }),
            flags: ['read'],
          },
        ]),
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(first()).toBe('recent-topic-1-firehose');
    expect(screen.getByTestId('recent-topic-1-firehose-participants').getAttribute('title')).toBe(
      'Self Person, Other Person',
    );

    await act(async () => {
      applyEvents(
        queryClient,
        decoded([
          {
            id: 2,
            type: 'update_message',
            message_id: 10,
            message_ids: [10],
            orig_subject: 'topic 10',
            subject: 'renamed',
            stream_id: 1,
          },
          { id: 3, type: 'delete_message', message_ids: [9], message_type: 'stream' },
        ]),
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(screen.getByTestId('recent-topic-1-renamed')).toBeTruthy();
    expect(screen.queryByTestId('recent-topic-1-topic 10')).toBeNull();
    expect(screen.queryByTestId('recent-topic-1-topic 9')).toBeNull();

    fireEvent.click(screen.getByTestId('recent-topic-1-renamed'));
    expect(useNarrowStore.getState().narrow).toEqual({ kind: 'topic', streamId: 1, topic: 'renamed' });
    expect(useNarrowStore.getState().anchor).toBeNull();
  });

  it('shows the unread count of each conversation from the register state', async () => {
    const { bridge, render } = setup(
      baseState({
        unread_msgs: {
          streams: [{ stream_id: 1, topic: 'Topic 10', unread_message_ids: [10] }],
          pms: [],
          huddles: [],
          mentions: [],
        },
      }),
    );
    bridge.handlers.getMessages = history(10, 2).handler;
    render(<RecentView />);
    expect((await screen.findByTestId('recent-topic-1-topic 10-unread')).textContent).toBe('1');
    expect(screen.queryByTestId('recent-topic-1-topic 9-unread')).toBeNull();
  });
});

describe('RecentView filters', () => {
  it('hide what does not match, and the end row says so', async () => {
    const { bridge, render } = setup();
    bridge.handlers.getMessages = history(10, 2).handler;
    render(<RecentView />);
    await screen.findByTestId('recent-topic-1-topic 10');
    fireEvent.click(screen.getByTestId('recent-filter-participated'));
    await waitFor(() => expect(screen.queryByTestId('recent-topic-1-topic 10')).toBeNull());
    expect(screen.getByTestId('recent-end').textContent).toBe('No conversations match these filters.');
    fireEvent.click(screen.getByTestId('recent-filter-participated'));
    await screen.findByTestId('recent-topic-1-topic 10');
  });
});

describe('Recent conversations on a big organization', () => {
  it('counts the unread topics of the channels it lists only, not every unread topic', async () => {
    // Unread topics of a channel none of the listed conversations is in, counting name foldings.
    let folded = 0;
    const elsewhere = Array.from({ length: 500 }, (_, i) => ({
      stream_id: 500,
      topic: {
        toLowerCase: () => {
          folded++;
          return `far topic ${i}`;
        },
      } as unknown as string,
      unread_message_ids: [10_000 + i],
    }));
    const { bridge, render } = setup(
      baseState({
        unread_msgs: {
          streams: [{ stream_id: 1, topic: 'lunch', unread_message_ids: [3] }, ...elsewhere],
          pms: [],
          huddles: [],
          mentions: [],
        },
      }),
    );
    bridge.handlers.getMessages = () => ({
      messages: [channelMessage({ id: 3, subject: 'lunch' })],
      found_oldest: true,
      found_newest: true,
    });
    render(<RecentView />);
    expect((await screen.findByTestId('recent-topic-1-lunch')).textContent).toContain('1');
    expect(folded).toBe(0);
  });
});
