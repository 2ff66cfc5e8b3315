// @vitest-environment jsdom
import { act, cleanup, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InitialState } from '../../../../renderer/src/api/model';
import { openConversationKey } from '../../../../renderer/src/api/keys';
import { useLaunchAnswers } from '../../../../renderer/src/app/launch-answers';
import { useHomeWhenNothingShown } from '../../../../renderer/src/features/home/open-home';
import {
  reopenable,
  useRecordOpenConversation,
} from '../../../../renderer/src/features/home/reopen-conversation';
import { useNarrowStore } from '../../../../renderer/src/state/narrow';
import { useMessageSelection } from '../../../../renderer/src/state/message-selection';
import { OTHER, THIRD, baseState, channelMessage } from '../fixtures';
import { setup } from '../render-helpers';

const state = baseState() as InitialState;

describe('reopenable', () => {
  it('gives back a conversation the user can still open', () => {
    expect(reopenable({ kind: 'topic', streamId: 1, topic: 'deploy' }, state)).toEqual({
      kind: 'topic',
      streamId: 1,
      topic: 'deploy',
    });
    expect(reopenable({ kind: 'channel', streamId: 2 }, state)).toEqual({ kind: 'channel', streamId: 2 });
    expect(reopenable({ kind: 'dm', userIds: [OTHER, THIRD] }, state)).toEqual({
      kind: 'dm',
      userIds: [OTHER, THIRD],
    });
    expect(reopenable({ kind: 'all' }, state)).toEqual({ kind: 'all' });
    expect(reopenable({ kind: 'starred' }, state)).toEqual({ kind: 'starred' });
  });

  it('refuses a channel left meanwhile, a person gone, a search, and anything malformed', () => {
    expect(reopenable({ kind: 'topic', streamId: 9, topic: 'deploy' }, state)).toBeNull();
    expect(reopenable({ kind: 'channel', streamId: 9 }, state)).toBeNull();
    expect(reopenable({ kind: 'dm', userIds: [OTHER, 999] }, state)).toBeNull();
    expect(reopenable({ kind: 'search', query: 'deploy' }, state)).toBeNull();
    expect(reopenable({ kind: 'topic', streamId: 1 }, state)).toBeNull();
    expect(reopenable({ kind: 'dm', userIds: 'x' }, state)).toBeNull();
    expect(reopenable({ kind: 'channel', streamId: '1' }, state)).toBeNull();
    expect(reopenable('all', state)).toBeNull();
    expect(reopenable(null, state)).toBeNull();
    expect(reopenable({ kind: 'all' }, undefined)).toBeNull();
  });
});

function Launch({ accountId }: { accountId: string }) {
  const launch = useLaunchAnswers(accountId, true);
  useHomeWhenNothingShown(launch.settled, launch.lastOpen);
  useRecordOpenConversation(accountId);
  return null;
}

beforeEach(() => useNarrowStore.getState().clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the launch', () => {
  it('reopens the conversation that was open last time, not the home view', async () => {
    const { bridge, render } = setup(baseState({ user_settings: { web_home_view: 'inbox' } }));
    bridge.openConversation = { kind: 'topic', streamId: 1, topic: 'deploy' };
    render(<Launch accountId="acc-1" />);
    await waitFor(() =>
      expect(useNarrowStore.getState().narrow).toEqual({ kind: 'topic', streamId: 1, topic: 'deploy' }),
    );
    expect(useNarrowStore.getState().view).toBeNull();
    // Later, nothing shown (a search cleared) means the home view, as before.
    act(() => useNarrowStore.getState().clear());
    expect(useNarrowStore.getState().view).toBe('inbox');
  });

  it('the shell is drawn only once the launch has opened something, never first with nothing shown', async () => {
    for (const kept of [{ kind: 'topic', streamId: 1, topic: 'deploy' }, null]) {
      useNarrowStore.setState(useNarrowStore.getInitialState(), true);
      const { bridge, render } = setup(baseState({ user_settings: { web_home_view: 'inbox' } }));
      bridge.openConversation = kept;
      // What the shell would show at each render where it is drawn (ChatShell: once something was shown).
      const drawn: unknown[] = [];
      function Shell() {
        const launch = useLaunchAnswers('acc-1', true);
        useHomeWhenNothingShown(launch.settled, launch.lastOpen);
        const shownYet = useNarrowStore((s) => s.shown);
        const shown = useNarrowStore((s) => s.narrow ?? s.view);
        if (launch.settled && shownYet) drawn.push(shown);
        return null;
      }
      render(<Shell />);
      await waitFor(() => expect(drawn.length).toBeGreaterThan(0));
      expect(drawn[0]).toEqual(kept ?? 'inbox');
      expect(drawn).not.toContain(null);
      cleanup();
    }
  });

  it('opens the home view when the kept conversation cannot be opened, or none was kept', async () => {
    for (const kept of [{ kind: 'channel', streamId: 9 }, null]) {
      useNarrowStore.getState().clear();
      const { bridge, render } = setup(baseState({ user_settings: { web_home_view: 'recent_topics' } }));
      bridge.openConversation = kept;
      render(<Launch accountId="acc-1" />);
      await waitFor(() => expect(useNarrowStore.getState().view).toBe('recent'));
      expect(useNarrowStore.getState().narrow).toBeNull();
      cleanup();
    }
  });

  it('a conversation already shown at the launch (a link in the address) is kept, and later means the home view', async () => {
    const { bridge, queryClient, render } = setup(baseState({ user_settings: { web_home_view: 'inbox' } }));
    bridge.openConversation = { kind: 'topic', streamId: 1, topic: 'deploy' };
    useNarrowStore.getState().select({ kind: 'channel', streamId: 2 });
    render(<Launch accountId="acc-1" />);
    await waitFor(() =>
      expect(queryClient.getQueryState(openConversationKey('acc-1'))?.status).toBe('success'),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(useNarrowStore.getState().narrow).toEqual({ kind: 'channel', streamId: 2 });
    act(() => useNarrowStore.getState().clear());
    expect(useNarrowStore.getState().view).toBe('inbox');
  });

  it('tells main what is open once the user stays there, and nothing for a home view or a search', async () => {
    const { bridge, render } = setup();
    const setOpen = vi.spyOn(bridge.conversationCache, 'setOpen');
    render(<Launch accountId="acc-1" />);
    await waitFor(() => expect(useNarrowStore.getState().view).toBe('inbox'));
    // The launch's home view is written as "nothing open" (real timers: wait for it).
    await waitFor(() => expect(setOpen).toHaveBeenCalledWith(null, 'acc-1'));
    setOpen.mockClear();
    vi.useFakeTimers();
    act(() => useNarrowStore.getState().select({ kind: 'channel', streamId: 1 }));
    act(() => useNarrowStore.getState().select({ kind: 'channel', streamId: 2 }));
    await act(async () => vi.advanceTimersByTime(300));
    // Passed through on the way: not written. Named as this account's, whichever main has active.
    expect(setOpen.mock.calls).toEqual([[{ kind: 'channel', streamId: 2 }, 'acc-1']]);
    act(() => useNarrowStore.getState().select({ kind: 'search', query: 'deploy' }));
    await act(async () => vi.advanceTimersByTime(300));
    act(() => useNarrowStore.getState().showView('inbox'));
    await act(async () => vi.advanceTimersByTime(300));
    expect(setOpen.mock.calls.slice(1)).toEqual([[null, 'acc-1']]);
    expect(bridge.openConversation).toBeNull();
  });

  it('follows a topic moved while the app was closed to its new place, found from the message kept with it', async () => {
    const { bridge, render } = setup();
    bridge.openConversation = { kind: 'topic', streamId: 1, topic: 'deploy', messageId: 500 };
    bridge.handlers.getMessages = () => ({
      messages: [channelMessage({ id: 500, stream_id: 2, subject: 'shipping' })],
      found_oldest: true,
      found_newest: true,
    });
    render(<Launch accountId="acc-1" />);
    await waitFor(() =>
      expect(useNarrowStore.getState().narrow).toEqual({ kind: 'topic', streamId: 2, topic: 'shipping' }),
    );
  });

  it('keeps a message of the topic left open, once its feed has selected one', async () => {
    const { bridge, render } = setup();
    render(<Launch accountId="acc-1" />);
    await waitFor(() => expect(useNarrowStore.getState().view).toBe('inbox'));
    act(() => useNarrowStore.getState().select({ kind: 'topic', streamId: 1, topic: 'deploy' }));
    act(() => useMessageSelection.getState().select('topic:1:deploy', 42));
    await waitFor(() =>
      expect(bridge.openConversation).toEqual({ kind: 'topic', streamId: 1, topic: 'deploy', messageId: 42 }),
    );
  });

  it('a reader scrolling through a topic does not put off telling main it is open', async () => {
    const { bridge, render } = setup();
    const setOpen = vi.spyOn(bridge.conversationCache, 'setOpen');
    render(<Launch accountId="acc-1" />);
    await waitFor(() => expect(setOpen).toHaveBeenCalledWith(null, 'acc-1'));
    setOpen.mockClear();
    vi.useFakeTimers();
    act(() => useNarrowStore.getState().select({ kind: 'topic', streamId: 1, topic: 'deploy' }));
    act(() => useMessageSelection.getState().select('topic:1:deploy', 40));
    // The selection moves every 100 ms, for longer than the wait.
    for (let id = 41; id < 47; id++) {
      await act(async () => vi.advanceTimersByTime(100));
      act(() => useMessageSelection.getState().select('topic:1:deploy', id));
    }
    // Written while the reader still scrolls (put off at each step, it would not have been yet).
    expect(setOpen).toHaveBeenCalledTimes(1);
    expect(setOpen.mock.calls[0]![0]).toMatchObject({ kind: 'topic', topic: 'deploy' });
  });
});
