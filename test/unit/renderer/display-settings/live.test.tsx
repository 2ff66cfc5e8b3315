// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../../renderer/src/api/model';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { useApplyUserSettings } from '../../../../renderer/src/app/apply-user-settings';
import { StarredCount } from '../../../../renderer/src/app/StarredCount';
import { MessageDisplayProvider } from '../../../../renderer/src/features/messages/message-display';
import { Reactions } from '../../../../renderer/src/features/reactions/Reactions';
import { useDialogStore } from '../../../../renderer/src/state/dialogs';
import { useNarrowStore } from '../../../../renderer/src/state/narrow';
import { channelMessage, OTHER, SELF, THIRD, baseState, decoded } from '../fixtures';
import { setup } from '../render-helpers';

let eventId = 0;
const setting = (property: string, value: unknown) => ({
  id: ++eventId,
  type: 'user_settings',
  op: 'update',
  property,
  value,
});
const root = document.documentElement;

/** Applies events as the app does, then lets the query cache notify its (batched) observers. */
async function deliver(queryClient: QueryClient, events: Record<string, unknown>[]) {
  await act(async () => {
    applyEvents(queryClient, decoded(events));
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
}

function Probe() {
  useApplyUserSettings();
  return null;
}

beforeEach(() => {
  useNarrowStore.getState().select({ kind: 'topic', streamId: 1, topic: 'greetings' });
  useDialogStore.getState().close();
});
afterEach(cleanup);

describe('display settings applied live', () => {
  it('takes the register state, follows user_settings events, and clears on unmount', async () => {
    const { queryClient, render } = setup(
      baseState({
        user_settings: { web_font_size_px: 18, web_line_height_percent: 130, high_contrast_mode: false },
      }),
    );
    const { unmount } = render(<Probe />);
    expect(root.style.getPropertyValue('--message-font-size')).toBe('18px');
    expect(root.style.getPropertyValue('--message-line-height')).toBe('1.3');
    expect(root.hasAttribute('data-high-contrast')).toBe(false);

    await deliver(queryClient, [
      setting('web_font_size_px', 22),
      setting('high_contrast_mode', true),
      setting('color_scheme', 2),
      setting('fluid_layout_width', true),
    ]);
    expect(root.style.getPropertyValue('--message-font-size')).toBe('22px');
    expect(root.getAttribute('data-high-contrast')).toBe('true');
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(root.getAttribute('data-fluid-layout')).toBe('true');

    unmount();
    expect(root.style.getPropertyValue('--message-font-size')).toBe('');
    expect(root.hasAttribute('data-theme')).toBe(false);
  });

  it('Esc opens the home view unless a dialog is open or the setting is off', async () => {
    const { queryClient, render } = setup(
      baseState({
        user_settings: { web_home_view: 'all_messages', web_escape_navigates_to_home_view: true },
      }),
    );
    render(<Probe />);
    useDialogStore.getState().open({ kind: 'new-dm' });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(useNarrowStore.getState().narrow?.kind).toBe('topic');

    useDialogStore.getState().close();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(useNarrowStore.getState().narrow).toEqual({ kind: 'all' });

    await deliver(queryClient, [setting('web_home_view', 'inbox')]);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(useNarrowStore.getState().narrow).toBeNull();
    expect(useNarrowStore.getState().view).toBe('inbox');

    useNarrowStore.getState().select({ kind: 'starred' });
    await deliver(queryClient, [setting('web_home_view', 'recent_topics')]);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(useNarrowStore.getState().view).toBe('recent');

    useNarrowStore.getState().select({ kind: 'starred' });
    await deliver(queryClient, [setting('web_escape_navigates_to_home_view', false)]);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(useNarrowStore.getState().narrow).toEqual({ kind: 'starred' });
  });

  it('starred count appears and disappears with starred_message_counts and follows starring', async () => {
    const { queryClient, render } = setup(
      baseState({ starred_messages: [1, 2], user_settings: { starred_message_counts: true } }),
    );
    render(<StarredCount />);
    expect(screen.getByTestId('starred-count').textContent).toBe('2');
    await deliver(queryClient, [
      { id: ++eventId, type: 'update_message_flags', op: 'add', flag: 'starred', messages: [3], all: false },
    ]);
    expect(screen.getByTestId('starred-count').textContent).toBe('3');
    await deliver(queryClient, [setting('starred_message_counts', false)]);
    expect(screen.queryByTestId('starred-count')).toBeNull();
  });

  it('reaction chips name who reacted when few did, count otherwise, and text emoji by name', async () => {
    const { queryClient, render } = setup(
      baseState({ user_settings: { display_emoji_reaction_users: true } }),
    );
    const r = (user_id: number, emoji_name = 'octopus', emoji_code = '1f419') => ({
      emoji_name,
      emoji_code,
      reaction_type: 'unicode_emoji',
      user_id,
    });
    const few = channelMessage({ reactions: [r(SELF), r(OTHER)] });
    let show: (m: Message) => void = () => undefined;
    function Host() {
      const [message, setMessage] = useState(few);
      show = setMessage;
      return (
        <MessageDisplayProvider>
          <Reactions message={message} picking={false} setPicking={() => undefined} />
        </MessageDisplayProvider>
      );
    }
    render(<Host />);
    const rerender = (m: Message) => act(() => show(m));
    const chip = () => screen.getByTestId('reaction-octopus');
    expect(chip().textContent).toBe('🐙You, Other Person');

    const many = { ...few, reactions: [r(SELF), r(OTHER), r(THIRD), r(OTHER, 'tada', '1f389')] };
    rerender(many);
    expect(chip().textContent).toBe('🐙3');

    await deliver(queryClient, [setting('emojiset', 'text')]);
    expect(chip().textContent).toBe(':octopus:3');
    await deliver(queryClient, [setting('display_emoji_reaction_users', false)]);
    rerender(few);
    expect(chip().textContent).toBe(':octopus:2');
  });
});

describe('invites_changed', () => {
  it('invalidates the invitations list so an open screen refetches', () => {
    const { queryClient } = setup();
    queryClient.setQueryData(['getInvites', {}], { invites: [] });
    queryClient.setQueryData(['getStreams', {}], { streams: [] });
    applyEvents(queryClient, decoded([{ id: ++eventId, type: 'invites_changed' }]));
    expect(queryClient.getQueryState(['getInvites', {}])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['getStreams', {}])?.isInvalidated).toBe(false);
  });
});
