// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getInitialState } from '../../../../renderer/src/api/keys';
import { MarkAllReadDialog } from '../../../../renderer/src/features/flags/MarkAllReadDialog';
import { baseState, OTHER, SELF, THIRD } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

describe('Mark all as read', () => {
  it('once everything is read, the unread counts are whole again (their "+" goes)', async () => {
    const state = baseState();
    const { bridge, queryClient, render } = setup({
      ...state,
      unread_msgs: { ...(state.unread_msgs as object), old_unreads_missing: true },
    });
    bridge.handlers.updateMessageFlagsForNarrow = () => ({
      processed_count: 3,
      updated_count: 3,
      first_processed_id: 1,
      last_processed_id: 3,
      found_oldest: true,
      found_newest: true,
    });
    render(<MarkAllReadDialog scope={{ kind: 'all' }} />);
    expect(getInitialState(queryClient)?.unread_msgs?.old_unreads_missing).toBe(true);
    fireEvent.click(screen.getByTestId('mark-read-confirm'));
    await waitFor(() => expect(getInitialState(queryClient)?.unread_msgs?.old_unreads_missing).toBe(false));
  });

  it('a channel marked read leaves the others as partial as they were', async () => {
    const state = baseState();
    const { bridge, queryClient, render } = setup({
      ...state,
      unread_msgs: { ...(state.unread_msgs as object), old_unreads_missing: true },
    });
    bridge.handlers.updateMessageFlagsForNarrow = () => ({
      processed_count: 1,
      updated_count: 1,
      first_processed_id: 1,
      last_processed_id: 1,
      found_oldest: true,
      found_newest: true,
    });
    render(<MarkAllReadDialog scope={{ kind: 'channel', streamId: 1 }} />);
    fireEvent.click(screen.getByTestId('mark-read-confirm'));
    await screen.findByText(/Done/);
    expect(getInitialState(queryClient)?.unread_msgs?.old_unreads_missing).toBe(true);
  });
});

describe('Mark a direct-message conversation as read', () => {
  const done = {
    processed_count: 2,
    updated_count: 2,
    first_processed_id: 1,
    last_processed_id: 2,
    found_oldest: true,
    found_newest: true,
  };

  it('names the people and marks the dm narrow of them', async () => {
    const { bridge, render } = setup(baseState());
    bridge.handlers.updateMessageFlagsForNarrow = () => done;
    render(<MarkAllReadDialog scope={{ kind: 'dm', userIds: [THIRD, OTHER] }} />);
    expect(
      screen.getByText('Mark your direct messages with Third Person, Other Person as read?'),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('mark-read-confirm'));
    await screen.findByText('Done: 2 messages marked as read.');
    expect(bridge.callsTo('updateMessageFlagsForNarrow')[0]).toMatchObject({
      narrow: [
        { operator: 'dm', operand: [OTHER, THIRD] },
        { operator: 'is', operand: 'unread' },
      ],
      op: 'add',
      flag: 'read',
    });
  });

  it('calls the notes to self so, however the conversation was opened', () => {
    const { render } = setup(baseState());
    render(<MarkAllReadDialog scope={{ kind: 'dm', userIds: [SELF] }} />);
    expect(screen.getByText('Mark your notes to self as read?')).toBeTruthy();
  });
});
