// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SafeHtml, sanitizeHtml, setServerBase } from '../../../renderer/src/components/SafeHtml';
import { Compose } from '../../../renderer/src/features/compose/Compose';
import { EditMessageDialog } from '../../../renderer/src/features/edit-message/EditMessageDialog';
import { ConnectionBanner } from '../../../renderer/src/components/ConnectionBanner';
import { useComposeStore } from '../../../renderer/src/state/compose';
import { useAccountScope } from '../../../renderer/src/state/account-scope';
import { useNarrowStore } from '../../../renderer/src/state/narrow';
import { keepEdit, keptEdit } from '../../../renderer/src/features/edit-message/kept-edits';
import { applyEvents } from '../../../renderer/src/events/apply';
import { useConnectionStore } from '../../../renderer/src/state/connection';
import { useDialogStore } from '../../../renderer/src/state/dialogs';
import { useUploadsStore } from '../../../renderer/src/features/uploads/uploads-store';
import { apiError, FailWith } from './fake-bridge';
import { baseState, channelMessage, decoded, SELF } from './fixtures';
import { setup } from './render-helpers';

afterEach(cleanup);
beforeEach(() => {
  useComposeStore.setState({ drafts: {}, topics: {} });
  setServerBase(null);
  localStorage.clear();
  useAccountScope.setState({ accountId: 'acc' });
});

describe('SafeHtml', () => {
  it('strips scripts and handlers, resolves relative links, and opens links through the bridge', () => {
    setServerBase('https://chat.example');
    const { bridge, render } = setup();
    render(
      <SafeHtml
        testId="html"
        html={
          '<p onclick="x()">hi<script>alert(1)</script><img src="/user_uploads/a.png" onerror="y()"><a href="/help">help</a><a href="javascript:alert(1)">bad</a></p>'
        }
      />,
    );
    const el = screen.getByTestId('html');
    expect(el.innerHTML).not.toMatch(/script|onclick|onerror|javascript:/);
    expect(el.querySelector('img')!.getAttribute('src')).toBe('https://chat.example/user_uploads/a.png');
    fireEvent.click(screen.getByText('help'));
    expect(bridge.opened).toEqual(['https://chat.example/help']);
    fireEvent.click(screen.getByText('bad'));
    expect(bridge.opened).toHaveLength(1);
  });
});

describe('sanitizeHtml and unicode emoji', () => {
  it('shows the character named by the emoji class, including multi-codepoint emoji', () => {
    const html = sanitizeHtml(
      '<p>ok <span aria-label="+1" class="emoji emoji-1f44d" role="img" title="+1">:+1:</span> ' +
        '<span class="emoji emoji-1f1eb-1f1f7" role="img" title="france">:france:</span></p>',
    );
    expect(html).toContain('\u{1F44D}</span>');
    expect(html).toContain('\u{1F1EB}\u{1F1F7}</span>');
    expect(html).not.toContain(':+1:<');
  });

  it('leaves spans that are not emoji, and impossible codes, as the server wrote them', () => {
    expect(sanitizeHtml('<span class="emoji-1f44d">:x:</span>')).toContain(':x:');
    expect(sanitizeHtml('<span class="emoji emoji-ffffff">:odd:</span>')).toContain(':odd:');
  });
});

describe('Compose', () => {
  const narrow = { kind: 'topic' as const, streamId: 1, topic: 'greetings' };

  it('keeps the text when the outbox cannot take the message, and clears it once the outbox has it', async () => {
    const { bridge, render } = setup();
    bridge.outboxRefusal = apiError('CLIENT_OUTBOX_FULL', '100 messages are still waiting');
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={narrow} />);
    const input = screen.getByTestId('compose-input');
    fireEvent.change(input, { target: { value: 'hello there' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByTestId('compose-error')).textContent).toContain(
      '100 messages are still waiting',
    );
    expect((input as HTMLTextAreaElement).value).toBe('hello there');

    bridge.outboxRefusal = null;
    fireEvent.click(screen.getByTestId('compose-send'));
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe(''));
    // Through the outbox only, never a direct call: main delivers it, with its local id.
    expect(bridge.outboxEntries.map((e) => [e.destination, e.content])).toEqual([
      [{ type: 'channel', streamId: 1, topic: 'greetings' }, 'hello there'],
    ]);
    expect(bridge.callsTo('sendMessage')).toEqual([]);
  });

  it('empties the box at once on send: what is typed while the outbox answers is the next message, alone', async () => {
    const { bridge, render } = setup();
    bridge.handlers.setTypingStatus = () => ({});
    const accept = bridge.outbox.send;
    // Main answers each send when the test says, in order.
    const answers: Array<() => void> = [];
    const answer = () => answers.shift()?.();
    bridge.outbox.send = async (request) => {
      await new Promise<void>((resolve) => answers.push(resolve));
      return accept(request);
    };
    render(<Compose narrow={narrow} />);
    const input = screen.getByTestId('compose-input') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'first message' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.value).toBe(''));
    // Typed and sent before main has answered for the first one.
    fireEvent.change(input, { target: { value: 'second message' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.value).toBe(''));
    answer();
    await waitFor(() => expect(bridge.outboxEntries).toHaveLength(1));
    answer();
    await waitFor(() => expect(bridge.outboxEntries).toHaveLength(2));
    expect(bridge.outboxEntries.map((e) => e.content)).toEqual(['first message', 'second message']);
    expect(input.value).toBe('');
  });

  it('a send the outbox refuses puts its text back, ahead of what was typed since', async () => {
    const { bridge, render } = setup();
    bridge.handlers.setTypingStatus = () => ({});
    let answer: () => void = () => undefined;
    bridge.outbox.send = async () => {
      await new Promise<void>((resolve) => (answer = resolve));
      return { ok: false, error: apiError('CLIENT_OUTBOX_FULL', '100 messages are still waiting') };
    };
    render(<Compose narrow={narrow} />);
    const input = screen.getByTestId('compose-input') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'the refused one' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.value).toBe(''));
    fireEvent.change(input, { target: { value: 'and more' } });
    answer();
    await waitFor(() => expect(input.value).toBe('the refused one\n\nand more'));
    expect((await screen.findByTestId('compose-error')).textContent).toContain(
      '100 messages are still waiting',
    );
  });

  it('does not send while a file is still going up into the box, and says which', async () => {
    const { bridge, render } = setup();
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={narrow} />);
    const input = screen.getByTestId('compose-input') as HTMLTextAreaElement;
    act(() =>
      useUploadsStore.getState().add({
        id: 'u1',
        composeKey: 'topic:1:greetings',
        name: 'big.bin',
        size: 20_000_000,
        sent: 1_000,
        state: 'uploading',
      }),
    );
    fireEvent.change(input, { target: { value: 'see the file [Uploading big.bin…]()' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((await screen.findByTestId('compose-uploading')).textContent).toContain(
      'big.bin is still uploading',
    );
    expect(bridge.outboxEntries).toHaveLength(0);
    expect(input.value).toBe('see the file [Uploading big.bin…]()');
    // Once it is up (its link in the text), the same key sends.
    act(() => useUploadsStore.getState().remove('u1'));
    expect(screen.queryByTestId('compose-uploading')).toBeNull();
    fireEvent.change(input, { target: { value: 'see the file [big.bin](/user_uploads/1/big.bin)' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(bridge.outboxEntries).toHaveLength(1));
  });

  it('Tab in the topic field goes to the message, past the tabs and the toolbar', () => {
    const { bridge, render } = setup();
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={{ kind: 'channel', streamId: 1 }} />);
    const topicField = screen.getByTestId('compose-topic');
    topicField.focus();
    fireEvent.keyDown(topicField, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByTestId('compose-input'));
  });

  it('keeps separate text per conversation', () => {
    const { render, bridge } = setup();
    bridge.handlers.setTypingStatus = () => ({});
    const view = render(<Compose narrow={narrow} />);
    fireEvent.change(screen.getByTestId('compose-input'), { target: { value: 'for greetings' } });
    view.unmount();
    const other = render(<Compose narrow={{ kind: 'dm', userIds: [11] }} />);
    expect((screen.getByTestId('compose-input') as HTMLTextAreaElement).value).toBe('');
    other.unmount();
    render(<Compose narrow={narrow} />);
    expect((screen.getByTestId('compose-input') as HTMLTextAreaElement).value).toBe('for greetings');
  });

  it("sends the text as the real web app does: its end trimmed, its leading spaces kept (they can be the message's markup)", async () => {
    const { bridge, render } = setup();
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={narrow} />);
    const input = screen.getByTestId('compose-input');
    fireEvent.change(input, { target: { value: '\n  - nested item\n- item  \n\n' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(bridge.outboxEntries).toHaveLength(1));
    expect(bridge.outboxEntries[0]!.content).toBe('  - nested item\n- item');
  });

  it('with enter_sends off, Enter does not send and Ctrl+Enter does', async () => {
    const { bridge, render } = setup({ ...{ user_id: SELF, user_settings: { enter_sends: false } } });
    bridge.handlers.sendMessage = () => ({ id: 1 });
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={narrow} />);
    const input = screen.getByTestId('compose-input');
    fireEvent.change(input, { target: { value: 'x' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await new Promise((r) => setTimeout(r, 20));
    expect(bridge.outboxEntries).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(bridge.outboxEntries).toHaveLength(1));
  });

  it('sends typing start on the first keystroke to the topic', () => {
    const { bridge, render } = setup();
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={narrow} />);
    fireEvent.change(screen.getByTestId('compose-input'), { target: { value: 'a' } });
    fireEvent.change(screen.getByTestId('compose-input'), { target: { value: 'ab' } });
    expect(bridge.callsTo('setTypingStatus')).toEqual([
      { type: 'channel', stream_id: 1, topic: 'greetings', op: 'start' },
    ]);
  });

  it('respects send_stream_typing_notifications = false', () => {
    const { bridge, render } = setup({
      user_id: SELF,
      user_settings: { send_stream_typing_notifications: false },
    });
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={narrow} />);
    fireEvent.change(screen.getByTestId('compose-input'), { target: { value: 'a' } });
    expect(bridge.callsTo('setTypingStatus')).toHaveLength(0);
  });
});

describe('EditMessageDialog', () => {
  it('offers a partial move after MOVE_MESSAGES_TIME_LIMIT_EXCEEDED and retries with change_later', async () => {
    const { bridge, render } = setup();
    const m = channelMessage({ id: 42, sender_id: SELF, content: 'raw **text**', subject: 'old' });
    bridge.handlers.getMessages = () => ({ messages: [m], found_oldest: true, found_newest: true });
    let calls = 0;
    bridge.handlers.updateMessage = () => {
      calls++;
      if (calls === 1)
        throw new FailWith(
          apiError('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', 'too late', {
            first_message_id_allowed_to_move: 40,
            total_messages_in_topic: 5,
            total_messages_allowed_to_move: 2,
          }),
        );
      return {};
    };
    useDialogStore.setState({ dialog: { kind: 'edit-message', messageId: 42 } });
    render(<EditMessageDialog messageId={42} />);
    const topic = await screen.findByTestId('edit-topic');
    expect((screen.getByTestId('edit-content') as HTMLTextAreaElement).value).toBe('raw **text**');
    fireEvent.change(topic, { target: { value: 'new' } });
    fireEvent.click(screen.getByTestId('propagate-change_all'));
    fireEvent.click(screen.getByTestId('edit-save'));
    expect((await screen.findByTestId('partial-move')).textContent).toContain('2 of 5');
    expect(bridge.callsTo('updateMessage')[0]).toMatchObject({
      message_id: 42,
      topic: 'new',
      propagate_mode: 'change_all',
    });
    fireEvent.click(screen.getByTestId('move-partial'));
    await waitFor(() => expect(useDialogStore.getState().dialog).toBeNull());
    expect(bridge.callsTo('updateMessage')[1]).toMatchObject({
      message_id: 40,
      topic: 'new',
      propagate_mode: 'change_later',
    });
  });

  it('keeps the edited text when the edit fails', async () => {
    const { bridge, render } = setup();
    const m = channelMessage({ id: 43, sender_id: SELF, content: 'before' });
    bridge.handlers.getMessages = () => ({ messages: [m], found_oldest: true, found_newest: true });
    bridge.handlers.updateMessage = () => {
      throw new FailWith(apiError('BAD_REQUEST', "You don't have permission to edit this message"));
    };
    render(<EditMessageDialog messageId={43} />);
    const content = await screen.findByTestId('edit-content');
    fireEvent.change(content, { target: { value: 'after' } });
    fireEvent.click(screen.getByTestId('edit-save'));
    expect((await screen.findByTestId('edit-error')).textContent).toContain("You don't have permission");
    expect((screen.getByTestId('edit-content') as HTMLTextAreaElement).value).toBe('after');
    // It names the text it replaces, so an edit made elsewhere meanwhile is refused, not overwritten.
    expect(bridge.callsTo('updateMessage')[0]).toEqual({
      message_id: 43,
      content: 'after',
      prev_content_sha256: createHash('sha256').update('before').digest('hex'),
    });
  });

  it('saving again after a save whose answer was lost closes as saved: the server already holds the text', async () => {
    const { bridge, render } = setup();
    const m = channelMessage({ id: 46, sender_id: SELF, content: 'before' });
    bridge.handlers.getMessages = () => ({ messages: [m], found_oldest: true, found_newest: true });
    bridge.handlers.updateMessage = (params) => {
      if (params.prev_content_sha256 !== createHash('sha256').update(m.content).digest('hex'))
        throw new FailWith(
          apiError(
            'BAD_REQUEST',
            "'prev_content_sha256' does not match the message's current content; it was edited by someone else",
          ),
        );
      // Applied, but the answer never arrives.
      m.content = params.content!;
      throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'socket hang up' });
    };
    useDialogStore.setState({ dialog: { kind: 'edit-message', messageId: 46 } });
    render(<EditMessageDialog messageId={46} />);
    fireEvent.change(await screen.findByTestId('edit-content'), { target: { value: 'after' } });
    // Checked while the server cannot say: the failure is shown, and the text kept.
    const source = bridge.handlers.getMessages;
    bridge.handlers.getMessages = () => {
      throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'socket hang up' });
    };
    fireEvent.click(screen.getByTestId('edit-save'));
    await screen.findByTestId('edit-error');
    bridge.handlers.getMessages = source;
    fireEvent.click(screen.getByTestId('edit-save'));
    await waitFor(() => expect(useDialogStore.getState().dialog).toBeNull());
    expect(screen.queryByTestId('edit-conflict')).toBeNull();
    expect(keptEdit('acc', 46)).toBeUndefined();
  });

  it('a save whose answer was lost closes as saved at once when the server holds the text', async () => {
    const { bridge, render } = setup();
    const m = channelMessage({ id: 48, sender_id: SELF, content: 'before' });
    bridge.handlers.getMessages = () => ({ messages: [m], found_oldest: true, found_newest: true });
    bridge.handlers.updateMessage = (params) => {
      // Applied, but the answer never arrives (a timeout after the server did the work).
      m.content = params.content!;
      throw new FailWith({
        kind: 'network',
        reason: 'timeout',
        message: 'The server did not answer in time.',
      });
    };
    useDialogStore.setState({ dialog: { kind: 'edit-message', messageId: 48 } });
    render(<EditMessageDialog messageId={48} />);
    fireEvent.change(await screen.findByTestId('edit-content'), { target: { value: 'after' } });
    fireEvent.click(screen.getByTestId('edit-save'));
    await waitFor(() => expect(useDialogStore.getState().dialog).toBeNull());
    expect(screen.queryByTestId('edit-error')).toBeNull();
    expect(bridge.callsTo('updateMessage')).toHaveLength(1);
    expect(keptEdit('acc', 48)).toBeUndefined();
  });

  it('an edit made elsewhere is still a conflict when the server holds other text', async () => {
    const { bridge, render } = setup();
    const m = channelMessage({ id: 47, sender_id: SELF, content: 'before' });
    bridge.handlers.getMessages = () => ({ messages: [m], found_oldest: true, found_newest: true });
    render(<EditMessageDialog messageId={47} />);
    fireEvent.change(await screen.findByTestId('edit-content'), { target: { value: 'mine' } });
    m.content = 'theirs';
    bridge.handlers.updateMessage = () => {
      throw new FailWith(
        apiError('BAD_REQUEST', "'prev_content_sha256' does not match the message's current content"),
      );
    };
    fireEvent.click(screen.getByTestId('edit-save'));
    expect((await screen.findByTestId('edit-conflict')).textContent).toContain('edited elsewhere');
  });

  it('after a failed save, closing keeps the changes: they come back when it is opened again', async () => {
    const { bridge, render } = setup();
    const m = channelMessage({ id: 44, sender_id: SELF, content: 'before' });
    bridge.handlers.getMessages = () => ({ messages: [m], found_oldest: true, found_newest: true });
    bridge.handlers.updateMessage = () => {
      throw new FailWith(apiError('BAD_REQUEST', 'The server had a problem'));
    };
    const first = render(<EditMessageDialog messageId={44} />);
    fireEvent.change(await screen.findByTestId('edit-content'), { target: { value: 'a long rewrite' } });
    fireEvent.click(screen.getByTestId('edit-save'));
    expect((await screen.findByTestId('edit-error')).textContent).toContain('Your changes are kept');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    first.unmount();
    // Kept in the browser's storage: it survives the app closing too.
    expect(keptEdit('acc', 44)).toBe('a long rewrite');
    render(<EditMessageDialog messageId={44} />);
    expect(((await screen.findByTestId('edit-content')) as HTMLTextAreaElement).value).toBe('a long rewrite');
    expect(screen.getByTestId('edit-restored')).toBeTruthy();
  });

  it('a message deleted while being edited: the dialog says so, and the text can go to a new message', async () => {
    const { bridge, queryClient, render } = setup();
    const m = channelMessage({ id: 45, sender_id: SELF, content: 'before', subject: 'plans' });
    bridge.handlers.getMessages = () => ({ messages: [m], found_oldest: true, found_newest: true });
    render(<EditMessageDialog messageId={45} />);
    fireEvent.change(await screen.findByTestId('edit-content'), { target: { value: 'my careful rewrite' } });
    act(() =>
      applyEvents(
        queryClient,
        decoded([
          {
            id: 9,
            type: 'delete_message',
            message_type: 'stream',
            message_id: 45,
            stream_id: m.stream_id,
            topic: 'plans',
          },
        ]),
      ),
    );
    expect((await screen.findByTestId('edit-deleted')).textContent).toContain(
      'deleted while you were editing',
    );
    expect((screen.getByTestId('edit-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('edit-to-compose'));
    expect(useComposeStore.getState().drafts[`topic:${m.stream_id}:plans`]).toBe('my careful rewrite');
    expect(useNarrowStore.getState().narrow).toEqual({
      kind: 'topic',
      streamId: m.stream_id,
      topic: 'plans',
    });
    expect(keptEdit('acc', 45)).toBeUndefined();
  });
});

describe('EditMessageDialog: what the user typed', () => {
  const ownMessage = (id: number, content: string) => {
    const { bridge, render } = setup();
    const m = channelMessage({ id, sender_id: SELF, content, subject: 'topic' });
    bridge.handlers.getMessages = () => ({ messages: [m], found_oldest: true, found_newest: true });
    bridge.handlers.updateMessage = () => ({});
    return { bridge, render };
  };
  const contentBox = async () => (await screen.findByTestId('edit-content')) as HTMLTextAreaElement;

  it('Cancel drops the edit: a later topic-only change does not send it', async () => {
    const { bridge, render } = ownMessage(50, 'original text');
    const first = render(<EditMessageDialog messageId={50} />);
    fireEvent.change(await contentBox(), { target: { value: 'original text ABANDONED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    first.unmount();
    expect(keptEdit('acc', 50)).toBeUndefined();

    render(<EditMessageDialog messageId={50} />);
    expect((await contentBox()).value).toBe('original text');
    expect(screen.queryByTestId('edit-restored')).toBeNull();
    fireEvent.change(screen.getByTestId('edit-topic'), { target: { value: 'renamed' } });
    fireEvent.click(screen.getByTestId('edit-save'));
    await waitFor(() => expect(bridge.callsTo('updateMessage')).toHaveLength(1));
    expect(bridge.callsTo('updateMessage')[0]).not.toHaveProperty('content');
  });

  it('Enter saves the edit as it sends a message (enter_sends), Shift+Enter adds a line', async () => {
    const { bridge, render } = ownMessage(53, 'first line');
    render(<EditMessageDialog messageId={53} />);
    const box = await contentBox();
    fireEvent.change(box, { target: { value: 'first line, fixed' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(bridge.callsTo('updateMessage')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(bridge.callsTo('updateMessage')).toHaveLength(1));
    expect(bridge.callsTo('updateMessage')[0]).toMatchObject({ content: 'first line, fixed' });
  });

  it('an edit left unsaved another way comes back, said so, and can be dropped', async () => {
    const { render } = ownMessage(51, 'original text');
    keepEdit('acc', 51, 'original text, improved');
    render(<EditMessageDialog messageId={51} />);
    expect((await contentBox()).value).toBe('original text, improved');
    fireEvent.click(await screen.findByTestId('edit-restored-discard'));
    expect((await contentBox()).value).toBe('original text');
    expect(screen.queryByTestId('edit-restored')).toBeNull();
    expect(keptEdit('acc', 51)).toBeUndefined();
  });

  it('keeps what was typed while the text loaded, after it, with the caret at the end', async () => {
    const { bridge, render } = ownMessage(52, 'loaded text');
    let answer: (() => void) | undefined;
    const loaded = new Promise<void>((resolve) => (answer = resolve));
    const original = bridge.handlers.getMessages!;
    bridge.handlers.getMessages = async (...args) => {
      await loaded;
      return original(...args);
    };
    render(<EditMessageDialog messageId={52} />);
    const early = (await screen.findByTestId('edit-content-early')) as HTMLTextAreaElement;
    fireEvent.change(early, { target: { value: ' and more' } });
    await act(async () => answer!());
    const box = await contentBox();
    expect(box.value).toBe('loaded text and more');
    expect(document.activeElement).toBe(box);
    expect(box.selectionStart).toBe(box.value.length);
  });

  it('with enter_sends on, Ctrl+Enter adds a line where the caret is and saves nothing, as in the real service', async () => {
    const { bridge, render } = ownMessage(54, 'one two');
    render(<EditMessageDialog messageId={54} />);
    const box = await contentBox();
    box.setSelectionRange(3, 3);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(box.value).toBe('one\n two');
    expect(bridge.callsTo('updateMessage')).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(bridge.callsTo('updateMessage')).toHaveLength(1));
    expect(bridge.callsTo('updateMessage')[0]).toMatchObject({ content: 'one\n two' });
  });

  it('Enter with nothing changed sends nothing; a new change clears the last error', async () => {
    const { bridge, render } = ownMessage(53, 'same');
    let refuse = true;
    bridge.handlers.updateMessage = () => {
      if (refuse) throw new FailWith(apiError('BAD_REQUEST', 'Refused once'));
      return {};
    };
    render(<EditMessageDialog messageId={53} />);
    const box = await contentBox();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(bridge.callsTo('updateMessage')).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'changed' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((await screen.findByTestId('edit-error')).textContent).toContain('Refused once');
    refuse = false;
    fireEvent.change(box, { target: { value: 'changed again' } });
    expect(screen.queryByTestId('edit-error')).toBeNull();
  });

  it('over the maximum message length, says so as the compose box does and does not save; the text stays', async () => {
    const { bridge, render } = setup(baseState({ max_message_length: 20 }));
    const m = channelMessage({ id: 55, sender_id: SELF, content: 'a short message', subject: 'topic' });
    bridge.handlers.getMessages = () => ({ messages: [m], found_oldest: true, found_newest: true });
    bridge.handlers.updateMessage = () => ({});
    render(<EditMessageDialog messageId={55} />);
    const box = await contentBox();
    fireEvent.change(box, { target: { value: 'a short message, now longer' } });
    expect(screen.getByTestId('edit-too-long').textContent).toBe('Too long: at most 20 characters.');
    expect((screen.getByTestId('edit-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(bridge.callsTo('updateMessage')).toHaveLength(0);
    expect(box.value).toBe('a short message, now longer');

    fireEvent.change(box, { target: { value: 'a shorter message' } });
    expect(screen.queryByTestId('edit-too-long')).toBeNull();
    fireEvent.click(screen.getByTestId('edit-save'));
    await waitFor(() => expect(bridge.callsTo('updateMessage')).toHaveLength(1));
    expect(bridge.callsTo('updateMessage')[0]).toMatchObject({ content: 'a shorter message' });
  });

  it('says before saving that an emptied message shows as "(deleted)"', async () => {
    const { render } = ownMessage(54, 'something');
    render(<EditMessageDialog messageId={54} />);
    fireEvent.change(await contentBox(), { target: { value: '   ' } });
    expect(screen.getByTestId('edit-emptied').textContent).toContain('(deleted)');
    expect(screen.getByTestId('edit-save').textContent).toBe('Save as “(deleted)”');
  });
});

describe('ConnectionBanner', () => {
  it('stays hidden for the first failures and appears after several', () => {
    const { render } = setup();
    render(<ConnectionBanner />);
    act(() =>
      useConnectionStore
        .getState()
        .setStatus({ state: 'reconnecting', failures: 1, retryInMs: 1000, reason: 'timeout' }),
    );
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    act(() =>
      useConnectionStore
        .getState()
        .setStatus({ state: 'reconnecting', failures: 3, retryInMs: 2000, reason: 'timeout' }),
    );
    expect(screen.getByTestId('connection-banner').textContent).toContain('Retrying in 2 s');
  });
});
