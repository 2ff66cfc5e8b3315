// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DeleteMessageDialog } from '../../../../renderer/src/features/message-actions/DeleteMessageDialog';
import { useDialogStore } from '../../../../renderer/src/state/dialogs';
import { useNoticeStore } from '../../../../renderer/src/state/notice';
import { apiError, FailWith } from '../fake-bridge';
import { channelMessage } from '../fixtures';
import { setup } from '../render-helpers';

// A Delete whose answer was lost on the way back: the server deleted the message, the feed dropped
// it on the event, and the dialog must not go on saying "Not deleted" (nor "Invalid message(s)"
// when Delete is clicked again). A message someone else deleted first is said to be so.

const id = 42;
beforeEach(() => useDialogStore.getState().open({ kind: 'delete-message', messageId: id }));
afterEach(() => {
  cleanup();
  useDialogStore.getState().close();
  useNoticeStore.getState().dismiss();
});

const lostAnswer = new FailWith({ kind: 'network', reason: 'connection_failed', message: 'socket hang up' });

describe('DeleteMessageDialog after a lost answer', () => {
  it('closes when the server no longer has the message', async () => {
    const { bridge, render } = setup();
    bridge.handlers.deleteMessage = () => {
      throw lostAnswer;
    };
    bridge.handlers.getMessages = () => ({ messages: [], found_oldest: true, found_newest: true });
    render(<DeleteMessageDialog messageId={id} />);
    fireEvent.click(screen.getByTestId('delete-message-confirm'));
    await waitFor(() => expect(useDialogStore.getState().dialog).toBeNull());
    expect(bridge.callsTo('getMessages')).toEqual([
      expect.objectContaining({ narrow: [{ operator: 'id', operand: id }] }),
    ]);
  });

  it('a Delete clicked again, told the message is invalid, closes when it is gone', async () => {
    const { bridge, render } = setup();
    bridge.handlers.deleteMessage = () => {
      throw lostAnswer;
    };
    // Too late to tell whether the first Delete went through.
    bridge.handlers.getMessages = () => {
      throw lostAnswer;
    };
    render(<DeleteMessageDialog messageId={id} />);
    fireEvent.click(screen.getByTestId('delete-message-confirm'));
    await screen.findByTestId('delete-message-error');
    bridge.handlers.deleteMessage = () => {
      throw new FailWith(apiError('BAD_REQUEST', 'Invalid message(s)'));
    };
    bridge.handlers.getMessages = () => ({ messages: [], found_oldest: true, found_newest: true });
    fireEvent.click(screen.getByTestId('delete-message-confirm'));
    await waitFor(() => expect(useDialogStore.getState().dialog).toBeNull());
    // It was this dialog's own first Delete: nothing to tell.
    expect(useNoticeStore.getState().message).toBeNull();
  });

  it('says the message was already deleted when someone else deleted it first', async () => {
    const { bridge, render } = setup();
    bridge.handlers.deleteMessage = () => {
      throw new FailWith(apiError('BAD_REQUEST', 'Invalid message(s)'));
    };
    bridge.handlers.getMessages = () => ({ messages: [], found_oldest: true, found_newest: true });
    render(<DeleteMessageDialog messageId={id} />);
    fireEvent.click(screen.getByTestId('delete-message-confirm'));
    await waitFor(() => expect(useDialogStore.getState().dialog).toBeNull());
    expect(useNoticeStore.getState().message).toBe('This message was already deleted.');
  });

  it('says it was not deleted while the message is still there, or the server cannot be asked', async () => {
    const { bridge, render } = setup();
    bridge.handlers.deleteMessage = () => {
      throw lostAnswer;
    };
    bridge.handlers.getMessages = () => ({
      messages: [channelMessage({ id })],
      found_oldest: true,
      found_newest: true,
    });
    render(<DeleteMessageDialog messageId={id} />);
    fireEvent.click(screen.getByTestId('delete-message-confirm'));
    expect((await screen.findByTestId('delete-message-error')).textContent).toMatch(
      /^Not deleted: could not reach the server/i,
    );
    bridge.handlers.getMessages = () => {
      throw lostAnswer;
    };
    fireEvent.click(screen.getByTestId('delete-message-confirm'));
    await waitFor(() => expect(bridge.callsTo('getMessages')).toHaveLength(2));
    expect((await screen.findByTestId('delete-message-error')).textContent).toMatch(/^Not deleted/);
    expect(useDialogStore.getState().dialog).not.toBeNull();
  });
});
