// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatEvent } from '../../../shared/api/events';
import type { Message } from '../../../renderer/src/api/model';
import { announceApplied } from '../../../renderer/src/events/taps';
import {
  noteSendingHere,
  useNoteSentHere,
  useSentBelow,
} from '../../../renderer/src/features/messages/select-sent';
import { channelMessage } from './fixtures';

afterEach(cleanup);

// "Sent! Scroll down to view your message.": for what this window sent, arriving below a reader
// who is scrolled up; not for what another window on the same outbox sent (the web host's tabs).
function feed(initial: Message[]) {
  return renderHook(
    ({ messages, following }: { messages: Message[]; following: boolean }) => {
      useNoteSentHere();
      return useSentBelow(messages, following);
    },
    { initialProps: { messages: initial, following: false } },
  );
}

const arrived = (message: Message, localId: string) =>
  announceApplied([
    { type: 'message', id: 1, message, flags: [], local_message_id: localId } as unknown as ChatEvent,
  ]);

describe('the sent-below notice', () => {
  it('says where a message this window sent went, and not one another window sent', () => {
    const first = channelMessage();
    const view = feed([first]);
    expect(view.result.current.sentBelow).toBeNull();

    // Another tab's message, with its own local id: just a new message.
    const theirs = channelMessage();
    act(() => arrived(theirs, 'other-tab-1'));
    view.rerender({ messages: [first, theirs], following: false });
    expect(view.result.current.sentBelow).toBeNull();

    noteSendingHere('this-window-1');
    const mine = channelMessage();
    act(() => arrived(mine, 'this-window-1'));
    view.rerender({ messages: [first, theirs, mine], following: false });
    expect(view.result.current.sentBelow).toBe(mine.id);

    // Back at the bottom: it has been seen.
    view.rerender({ messages: [first, theirs, mine], following: true });
    expect(view.result.current.sentBelow).toBeNull();
  });

  it('is not said for a message sent before the view opened, when the view loads on it', () => {
    const noter = renderHook(() => useNoteSentHere());
    noteSendingHere('this-window-earlier');
    const mine = channelMessage();
    act(() => arrived(mine, 'this-window-earlier'));
    noter.unmount();
    // A view opened later (All messages at the first unread, a search): empty while it loads, then
    // its page ends with that message.
    const view = feed([]);
    view.rerender({ messages: [channelMessage(), mine], following: false });
    expect(view.result.current.sentBelow).toBeNull();
  });
});
