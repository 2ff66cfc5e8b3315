// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Message } from '../../../../renderer/src/api/model';
import { MessageDisplayProvider } from '../../../../renderer/src/features/messages/message-display';
import { MessageRow } from '../../../../renderer/src/features/messages/MessageRow';
import { FailWith } from '../fake-bridge';
import { channelMessage, OTHER, SELF } from '../fixtures';
import { setup } from '../render-helpers';

// A reaction or a star whose answer was lost on the way back: the call fails, yet the server made
// the change, and its event then shows it. The row must not go on saying it was not saved.

afterEach(cleanup);

const lostAnswer = new FailWith({ kind: 'network', reason: 'connection_failed', message: 'socket hang up' });
const octopus = { emoji_name: 'octopus', emoji_code: '1f419', reaction_type: 'unicode_emoji' };

/** Replaces the row's message, as an event reaching the cache would. */
let showMessage: (message: Message) => void = () => undefined;

function Row({ first }: { first: Message }) {
  const [message, setMessage] = useState(first);
  showMessage = setMessage;
  return (
    <MessageDisplayProvider>
      <MessageRow message={message} showSender recipientHeader={false} isOwn={false} twentyFour={false} />
    </MessageDisplayProvider>
  );
}

const show = (message: Message) => act(() => showMessage(message));

const rowErrors = (id: number) =>
  [...screen.getByTestId(`message-${id}`).querySelectorAll('[role="alert"]')].map((e) => e.textContent);

describe('a change whose answer was lost but which the server made', () => {
  it('a reaction: the error goes once the reaction shows as the user’s', async () => {
    const { bridge, render } = setup();
    bridge.handlers.addReaction = () => {
      throw lostAnswer;
    };
    const message = channelMessage({ sender_id: OTHER, reactions: [{ ...octopus, user_id: OTHER }] });
    render(<Row first={message} />);
    await act(async () => fireEvent.click(screen.getByTestId('reaction-octopus')));
    await waitFor(() =>
      expect(rowErrors(message.id)).toEqual([expect.stringMatching(/^Reaction not saved/)]),
    );

    const reacted = { ...message, reactions: [...message.reactions!, { ...octopus, user_id: SELF }] };
    show(reacted);
    expect(rowErrors(message.id)).toEqual([]);
  });

  it('a reaction taken back: the error goes once the user’s reaction is gone', async () => {
    const { bridge, render } = setup();
    bridge.handlers.removeReaction = () => {
      throw lostAnswer;
    };
    const message = channelMessage({ sender_id: OTHER, reactions: [{ ...octopus, user_id: SELF }] });
    render(<Row first={message} />);
    await act(async () => fireEvent.click(screen.getByTestId('reaction-octopus')));
    await waitFor(() =>
      expect(rowErrors(message.id)).toEqual([expect.stringMatching(/^Reaction not saved/)]),
    );

    show({ ...message, reactions: [] });
    expect(rowErrors(message.id)).toEqual([]);
  });

  it('a star: the error goes once the message shows as starred', async () => {
    const { bridge, render } = setup();
    bridge.handlers.updateMessageFlagsForNarrow = () => {
      throw lostAnswer;
    };
    const message = channelMessage({ sender_id: OTHER, flags: [] });
    render(<Row first={message} />);
    await act(async () => fireEvent.click(screen.getByTestId(`star-${message.id}`)));
    await waitFor(() => expect(rowErrors(message.id)).toHaveLength(1));

    show({ ...message, flags: ['starred'] });
    expect(rowErrors(message.id)).toEqual([]);
  });

  it('an error still stands while the change has not happened', async () => {
    const { bridge, render } = setup();
    bridge.handlers.updateMessageFlagsForNarrow = () => {
      throw lostAnswer;
    };
    const message = channelMessage({ sender_id: OTHER, flags: [] });
    render(<Row first={message} />);
    await act(async () => fireEvent.click(screen.getByTestId(`star-${message.id}`)));
    await waitFor(() => expect(rowErrors(message.id)).toHaveLength(1));
    show({ ...message, flags: ['read'] });
    expect(rowErrors(message.id)).toHaveLength(1);
  });
});
