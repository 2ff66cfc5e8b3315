// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { editLastMessage } from '../../../../renderer/src/features/edit-message/edit-last';
import { registerActiveFeed } from '../../../../renderer/src/features/messages/active-feed';
import type { Message } from '../../../../renderer/src/api/model';
import { useDialogStore } from '../../../../renderer/src/state/dialogs';
import { useNoticeStore } from '../../../../renderer/src/state/notice';
import { baseState, channelMessage, OTHER, SELF } from '../fixtures';
import { setup } from '../render-helpers';

const now = () => Math.floor(Date.now() / 1000);

function feedOf(messages: Message[]) {
  const selected: number[] = [];
  const off = registerActiveFeed({
    narrow: { kind: 'topic', streamId: 1, topic: 'greetings' },
    messages: () => messages,
    selected: () => null,
    move: () => undefined,
    first: () => undefined,
    last: () => undefined,
    select: (id) => selected.push(id),
    reveal: () => undefined,
  });
  return { selected, off };
}

afterEach(() => {
  useDialogStore.setState(useDialogStore.getInitialState(), true);
  useNoticeStore.setState(useNoticeStore.getInitialState(), true);
});

describe('edit your last message (← in the view, ↑ in an empty compose box)', () => {
  it('selects the newest of your messages in the view and opens it for editing', () => {
    const { queryClient } = setup();
    const older = channelMessage({ sender_id: SELF, timestamp: now() - 30 });
    const newest = channelMessage({ sender_id: SELF, timestamp: now() - 10 });
    const feed = feedOf([older, newest, channelMessage({ sender_id: OTHER, timestamp: now() })]);
    expect(editLastMessage(queryClient)).toBe(true);
    feed.off();
    expect(feed.selected).toEqual([newest.id]);
    expect(useDialogStore.getState().dialog).toEqual({ kind: 'edit-message', messageId: newest.id });
  });

  it('says why when the time limit for editing has passed, and opens nothing', () => {
    const { queryClient } = setup(baseState({ realm_message_content_edit_limit_seconds: 600 }));
    const feed = feedOf([channelMessage({ sender_id: SELF, timestamp: now() - 700 })]);
    expect(editLastMessage(queryClient)).toBe(true);
    feed.off();
    expect(useDialogStore.getState().dialog).toBeNull();
    expect(useNoticeStore.getState().message).toBe(
      'Your last message here cannot be edited. The time limit for editing this message has passed (10 minutes after sending).',
    );
  });

  it('says so when the organization has turned editing off', () => {
    const { queryClient } = setup(baseState({ realm_allow_message_editing: false }));
    const feed = feedOf([channelMessage({ sender_id: SELF, timestamp: now() })]);
    expect(editLastMessage(queryClient)).toBe(true);
    feed.off();
    expect(useNoticeStore.getState().message).toContain('Your organization has turned off message editing.');
  });

  it('leaves the key alone when the view holds nothing of yours, or a dialog is open', () => {
    const { queryClient } = setup();
    const theirs = feedOf([channelMessage({ sender_id: OTHER })]);
    expect(editLastMessage(queryClient)).toBe(false);
    theirs.off();
    const mine = feedOf([channelMessage({ sender_id: SELF, timestamp: now() })]);
    useDialogStore.getState().open({ kind: 'keyboard-help' });
    expect(editLastMessage(queryClient)).toBe(false);
    mine.off();
    expect(useDialogStore.getState().dialog).toEqual({ kind: 'keyboard-help' });
    expect(useNoticeStore.getState().message).toBeNull();
  });
});
