// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../../shared/ipc';
import { destinationFor, echoesFor } from '../../../../renderer/src/features/outbox/echo';
import { connectOutbox } from '../../../../renderer/src/features/outbox/outbox-sync';
import { useOutboxStore } from '../../../../renderer/src/features/outbox/outbox-store';
import { PendingMessages } from '../../../../renderer/src/features/outbox/PendingMessages';
import { useComposeStore } from '../../../../renderer/src/state/compose';
import { FakeBridge } from '../fake-bridge';
import { channelMessage } from '../fixtures';
import { setup } from '../render-helpers';

const SELF = 5;
const topicNarrow = { kind: 'topic' as const, streamId: 1, topic: 'Plans' };

function entry(localId: string, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    localId,
    destination: { type: 'channel', streamId: 1, topic: 'plans' },
    content: `text of ${localId}`,
    createdAt: 0,
    state: 'sending',
    attempts: 1,
    mayBeOnServer: true,
    ...overrides,
  };
}

describe('local echoes', () => {
  const view = (loaded: number[] = [], atNewest = true) => ({
    loadedIds: new Set(loaded),
    atNewest,
    selfId: SELF,
  });

  it('shows the conversation’s own outbox messages, topics compared as the server does', () => {
    const entries = [
      entry('a'),
      entry('b', { destination: { type: 'channel', streamId: 1, topic: 'other' } }),
      entry('c', { destination: { type: 'channel', streamId: 2, topic: 'plans' } }),
      entry('d', { destination: { type: 'direct', userIds: [7] } }),
    ];
    expect(echoesFor(topicNarrow, entries, {}, view()).map((e) => e.localId)).toEqual(['a']);
    expect(echoesFor({ kind: 'channel', streamId: 1 }, entries, {}, view()).map((e) => e.localId)).toEqual([
      'a',
      'b',
    ]);
    expect(echoesFor({ kind: 'dm', userIds: [7, SELF] }, entries, {}, view()).map((e) => e.localId)).toEqual([
      'd',
    ]);
    expect(echoesFor({ kind: 'search', query: 'text' }, entries, {}, view())).toEqual([]);
  });

  it('is replaced, never doubled: gone once the feed holds its message, by the outbox’s id or the event’s', () => {
    const sent = entry('a', { state: 'sent', messageId: 40 });
    const confirmedByEvent = entry('b');
    const waiting = entry('c', { state: 'waiting' });
    const all = [sent, confirmedByEvent, waiting];
    // Delivered, but the feed has not got the messages yet: the echoes stay, so nothing blinks out.
    expect(echoesFor(topicNarrow, all, { b: 41 }, view([1, 2])).map((e) => e.localId)).toEqual([
      'a',
      'b',
      'c',
    ]);
    // The feed has them: only the undelivered one is still an echo.
    expect(echoesFor(topicNarrow, all, { b: 41 }, view([1, 40, 41])).map((e) => e.localId)).toEqual(['c']);
    // A feed that does not end at the newest message will not get them: their echoes go.
    expect(echoesFor(topicNarrow, all, { b: 41 }, view([1], false)).map((e) => e.localId)).toEqual(['c']);
  });

  it('sends to the conversation the compose box belongs to', () => {
    expect(destinationFor(topicNarrow, '', SELF)).toEqual({ type: 'channel', streamId: 1, topic: 'Plans' });
    expect(destinationFor({ kind: 'channel', streamId: 3 }, 'new topic', SELF)).toEqual({
      type: 'channel',
      streamId: 3,
      topic: 'new topic',
    });
    expect(destinationFor({ kind: 'dm', userIds: [] }, '', SELF)).toEqual({
      type: 'direct',
      userIds: [SELF],
    });
    expect(destinationFor({ kind: 'all' }, '', SELF)).toBeNull();
  });
});

describe('the outbox in the window', () => {
  afterEach(() => {
    cleanup();
    useOutboxStore.setState(useOutboxStore.getInitialState(), true);
    useComposeStore.setState(useComposeStore.getInitialState(), true);
  });

  it('follows main’s pushes and records the local ids message events confirm, in either spelling', async () => {
    const bridge = new FakeBridge();
    bridge.startSession({ user_id: SELF });
    const off = connectOutbox(bridge);
    bridge.pushOutbox([entry('a'), entry('b')]);
    expect(useOutboxStore.getState().entries.map((e) => e.localId)).toEqual(['a', 'b']);
    bridge.pushEvents([
      { id: 1, type: 'message', message: channelMessage({ id: 40 }), local_message_id: 'a' },
      { id: 2, type: 'message', message: channelMessage({ id: 41 }), local_id: 'b' },
      { id: 3, type: 'message', message: channelMessage({ id: 42 }) },
    ]);
    expect(useOutboxStore.getState().confirmed).toEqual({ a: 40, b: 41 });
    off();
  });

  it('says a failed message the server may have is not confirmed, not that it was not sent', () => {
    const { render } = setup({ user_id: SELF });
    const unsure = entry('u', { state: 'failed', reason: 'No answer after 8 attempts. HTTP 502.' });
    render(<PendingMessages echoes={[unsure]} narrow={topicNarrow} />);
    const row = screen.getByTestId('pending-message');
    expect(row.textContent).toContain(
      'Not confirmed: No answer after 8 attempts. HTTP 502. It may have reached',
    );
    expect(row.querySelector('[data-testid="pending-retry"]')).not.toBeNull();
    expect(row.querySelector('[data-testid="pending-discard"]')).not.toBeNull();
  });

  it('offers Retry, Edit and Discard on a failed message only; Edit puts its text back in the box', async () => {
    const { bridge, render } = setup({ user_id: SELF });
    const failed = entry('f', {
      state: 'failed',
      reason: 'Not allowed here.',
      content: 'my words',
      mayBeOnServer: false,
    });
    bridge.outboxEntries = [failed];
    // The compose box's key: the topic case-folded, as the box itself reads it (conversationKey).
    useComposeStore.getState().setText('topic:1:plans', 'half a thought');
    render(<PendingMessages echoes={[entry('s'), failed]} narrow={topicNarrow} />);
    const [sending, failedRow] = screen.getAllByTestId('pending-message');
    expect(sending!.textContent).toContain('Sending…');
    expect(sending!.querySelector('[data-testid="pending-retry"]')).toBeNull();
    expect(failedRow!.textContent).toContain('Not sent: Not allowed here.');

    fireEvent.click(screen.getByTestId('pending-retry'));
    await waitFor(() => expect(bridge.outboxRequests).toEqual(['retry f']));
    await act(async () => fireEvent.click(screen.getByTestId('pending-edit')));
    expect(bridge.outboxRequests).toEqual(['retry f', 'discard f']);
    expect(useComposeStore.getState().drafts['topic:1:plans']).toBe('half a thought\nmy words');
  });

  it('while the server cannot be reached: a message the server cannot have can be edited or discarded, one whose request may have arrived can be tried again or discarded, not edited', () => {
    const { render } = setup({ user_id: SELF });
    const queued = entry('q', { state: 'waiting', attempts: 0, mayBeOnServer: false });
    const tried = entry('t', { state: 'waiting', attempts: 2, mayBeOnServer: true });
    const refused = entry('r', { state: 'waiting', attempts: 1, mayBeOnServer: false });
    render(<PendingMessages echoes={[queued, tried, refused]} narrow={topicNarrow} />);
    const [queuedRow, triedRow, refusedRow] = screen.getAllByTestId('pending-message');
    // Its attempts found no server (connection refused): it is still only here.
    expect(refusedRow!.querySelector('[data-testid="pending-edit"]')).not.toBeNull();
    expect(refusedRow!.querySelector('[data-testid="pending-discard"]')).not.toBeNull();
    expect(refusedRow!.querySelector('[data-testid="pending-retry"]')!.textContent).toBe('Try now');
    expect(queuedRow!.textContent).toContain('Waiting to be sent…');
    expect(queuedRow!.querySelector('[data-testid="pending-edit"]')).not.toBeNull();
    expect(queuedRow!.querySelector('[data-testid="pending-discard"]')).not.toBeNull();
    expect(queuedRow!.querySelector('[data-testid="pending-retry"]')).toBeNull();
    // It may be on the server already (its answer lost): taking it back could make two.
    expect(triedRow!.querySelector('[data-testid="pending-retry"]')!.textContent).toBe('Try now');
    expect(triedRow!.querySelector('[data-testid="pending-edit"]')).toBeNull();
    expect(triedRow!.textContent).toContain('it may have reached the server');
    expect(triedRow!.querySelector('[data-testid="pending-discard"]')).not.toBeNull();
  });
});
