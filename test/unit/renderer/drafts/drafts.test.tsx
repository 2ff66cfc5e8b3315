// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Draft } from '../../../../renderer/src/api/model';
import { applyEvents } from '../../../../renderer/src/events/apply';
import { Compose } from '../../../../renderer/src/features/compose/Compose';
import { draftOf, narrowOfDraft } from '../../../../renderer/src/features/drafts/draft-model';
import { draftRows, type DraftListing } from '../../../../renderer/src/features/drafts/draft-rows';
import { moveDraftsWithTopics } from '../../../../renderer/src/features/drafts/drafts-follow-moves';
import { DraftsScreen } from '../../../../renderer/src/features/drafts/DraftsScreen';
import {
  readLocalDrafts,
  readRetiredDrafts,
  STORAGE_PREFIX,
  useLocalDrafts,
} from '../../../../renderer/src/features/drafts/local-drafts';
import { useComposeStore } from '../../../../renderer/src/state/compose';
import { useConnectionStore } from '../../../../renderer/src/state/connection';
import { useNarrowStore } from '../../../../renderer/src/state/narrow';
import { apiError, FailWith } from '../fake-bridge';
import { baseState, OTHER, SELF, decoded } from '../fixtures';
import { setup } from '../render-helpers';
import { useUploadsStore } from '../../../../renderer/src/features/uploads/uploads-store';
import { useUnsyncedDraftsSync } from '../../../../renderer/src/features/drafts/useUnsyncedDraftsSync';

const topic = { kind: 'topic' as const, streamId: 1, topic: 'greetings' };
const topicKey = 'topic:1:greetings';
const PUSH_WAIT = { timeout: 3000 };
const listing = (change: Partial<DraftListing> = {}): DraftListing => ({
  syncOn: true,
  serverListCurrent: true,
  retired: {},
  ...change,
});

beforeEach(() => {
  localStorage.clear();
  useLocalDrafts.setState({ accountId: null, drafts: {} });
  useComposeStore.setState({ drafts: {}, topics: {} });
  useConnectionStore.setState({ status: { state: 'connected' } });
});
afterEach(cleanup);

const syncState = (on: boolean, drafts: Draft[] = []) =>
  baseState({ user_settings: { enter_sends: true, enable_drafts_synchronization: on }, drafts });

describe('draft model', () => {
  it('turns compose boxes into spec 2.6 drafts and back', () => {
    expect(draftOf(topic, '', 'hi', SELF, 5000)).toEqual({
      type: 'stream',
      to: [1],
      topic: 'greetings',
      content: 'hi',
      timestamp: 5,
    });
    expect(draftOf({ kind: 'channel', streamId: 2 }, 'plans', 'x', SELF)?.topic).toBe('plans');
    expect(draftOf({ kind: 'dm', userIds: [] }, '', 'note', SELF)?.to).toEqual([SELF]);
    expect(draftOf({ kind: 'all' }, '', 'x', SELF)).toBeNull();
    expect(narrowOfDraft({ type: 'private', to: [SELF, OTHER], topic: '' }, SELF)).toEqual({
      kind: 'dm',
      userIds: [OTHER],
    });
    expect(narrowOfDraft({ type: '', to: [], topic: '' })).toBeNull();
  });

  it('lists server drafts, local-only ones, and hides synced ones deleted elsewhere', () => {
    const server = [
      { id: 7, type: 'stream' as const, to: [1], topic: 't', content: 'server text', timestamp: 10 },
    ];
    const local = {
      a: {
        key: 'a',
        draft: { ...server[0]!, content: 'newer local', timestamp: 20 },
        serverId: 7,
        synced: false,
      },
      b: {
        key: 'b',
        draft: { type: 'private' as const, to: [OTHER], topic: '', content: 'offline', timestamp: 5 },
        synced: false,
      },
      c: {
        key: 'c',
        draft: { type: 'private' as const, to: [OTHER], topic: '', content: 'gone', timestamp: 1 },
        serverId: 99,
        synced: true,
      },
    };
    const rows = draftRows(server, local, listing());
    expect(rows.map((r) => r.draft.content)).toEqual(['newer local', 'offline']);
    expect(rows[0]!.localOnly).toBe(true);
    expect(draftRows(server, local, listing({ syncOn: false })).map((r) => r.draft.content)).toContain(
      'gone',
    );
    // A server list kept from the last launch (offline) may predate the draft's server copy.
    expect(
      draftRows(server, local, listing({ serverListCurrent: false })).map((r) => r.draft.content),
    ).toContain('gone');
  });

  it('does not list the server copy of a draft sent or emptied while it could not be deleted', () => {
    const sent = { type: 'stream' as const, to: [1], topic: 't', content: 'sent offline', timestamp: 10 };
    const retired = { 'topic:1:t@1': { key: 'topic:1:t', draft: sent, serverId: 7, synced: true } };
    const server = [
      { ...sent, id: 7 },
      { ...sent, id: 8, content: 'another draft' },
    ];
    expect(draftRows(server, {}, listing({ retired })).map((r) => r.draft.content)).toEqual([
      'another draft',
    ]);
  });
});

describe('useDraftAutosave (through Compose)', () => {
  it('saves locally at once, on the server after a pause, edits it, and discards it when emptied', async () => {
    const { bridge, render } = setup(syncState(true));
    bridge.handlers.setTypingStatus = () => ({});
    bridge.handlers.createDrafts = () => ({ ids: [41] });
    bridge.handlers.updateDraft = () => ({});
    bridge.handlers.deleteDraft = () => ({});
    render(<Compose narrow={topic} />);
    const input = screen.getByTestId('compose-input');
    fireEvent.change(input, { target: { value: 'half a thought' } });
    expect(readLocalDrafts('acc')[topicKey]?.draft.content).toBe('half a thought');
    await waitFor(() => expect(bridge.callsTo('createDrafts')).toHaveLength(1), PUSH_WAIT);
    expect(bridge.callsTo('createDrafts')[0]).toMatchObject({
      drafts: [{ type: 'stream', to: [1], topic: 'greetings', content: 'half a thought' }],
    });
    await waitFor(() =>
      expect(readLocalDrafts('acc')[topicKey]).toMatchObject({ serverId: 41, synced: true }),
    );

    fireEvent.change(input, { target: { value: 'a whole thought' } });
    await waitFor(() => expect(bridge.callsTo('updateDraft')).toHaveLength(1), PUSH_WAIT);
    expect(bridge.callsTo('updateDraft')[0]).toMatchObject({
      draft_id: 41,
      draft: { content: 'a whole thought' },
    });

    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(bridge.callsTo('deleteDraft')).toEqual([{ draft_id: 41 }]));
    expect(readLocalDrafts('acc')[topicKey]).toBeUndefined();
  });

  it('brings a draft back after a restart, and keeps it local only when sync is off', async () => {
    localStorage.setItem(
      `${STORAGE_PREFIX}acc`,
      JSON.stringify({
        [topicKey]: {
          key: topicKey,
          draft: {
            type: 'stream',
            to: [1],
            topic: 'greetings',
            content: 'from before the crash',
            timestamp: 1,
          },
          synced: true,
        },
      }),
    );
    const { bridge, render } = setup(syncState(false));
    bridge.handlers.setTypingStatus = () => ({});
    render(<Compose narrow={topic} />);
    await waitFor(() =>
      expect((screen.getByTestId('compose-input') as HTMLTextAreaElement).value).toBe(
        'from before the crash',
      ),
    );
    fireEvent.change(screen.getByTestId('compose-input'), { target: { value: 'edited offline' } });
    await new Promise((r) => setTimeout(r, 1000));
    expect(bridge.callsTo('createDrafts')).toEqual([]);
    expect(readLocalDrafts('acc')[topicKey]?.draft.content).toBe('edited offline');
  });

  it('a draft kept only on the server (written on another computer) comes back, and is the one edited', async () => {
    const remote: Draft = {
      id: 12,
      type: 'stream',
      to: [1],
      topic: 'Greetings',
      content: 'started on the laptop',
      timestamp: 100,
    };
    const { bridge, render } = setup(syncState(true, [remote]));
    bridge.handlers.setTypingStatus = () => ({});
    bridge.handlers.updateDraft = () => ({});
    bridge.handlers.createDrafts = () => ({ ids: [99] });
    render(<Compose narrow={topic} />);
    const input = screen.getByTestId('compose-input') as HTMLTextAreaElement;
    await waitFor(() => expect(input.value).toBe('started on the laptop'));
    fireEvent.change(input, { target: { value: 'started on the laptop, finished here' } });
    await waitFor(() => expect(bridge.callsTo('updateDraft')).toHaveLength(1), PUSH_WAIT);
    expect(bridge.callsTo('updateDraft')[0]).toMatchObject({ draft_id: 12 });
    expect(bridge.callsTo('createDrafts')).toEqual([]);
  });

  it('a quote put in the box before it opens goes after the saved draft, not over it', async () => {
    localStorage.setItem(
      `${STORAGE_PREFIX}acc`,
      JSON.stringify({
        [topicKey]: {
          key: topicKey,
          draft: { type: 'stream', to: [1], topic: 'greetings', content: 'KEEP ME', timestamp: 1 },
          synced: false,
        },
      }),
    );
    const { bridge, render } = setup(syncState(false));
    bridge.handlers.setTypingStatus = () => ({});
    // Quote and reply right after a restart: the text arrives before the box has opened.
    useComposeStore.getState().setText(topicKey, '> the quoted words');
    render(<Compose narrow={topic} />);
    const input = screen.getByTestId('compose-input') as HTMLTextAreaElement;
    await waitFor(() => expect(input.value).toBe('KEEP ME\n\n> the quoted words'));
    await waitFor(() => expect(readLocalDrafts('acc')[topicKey]?.draft.content).toBe(input.value));
  });

  it('keeps a draft that could not reach the server and sends it when the connection returns', async () => {
    const { bridge, render } = setup(syncState(true));
    bridge.handlers.setTypingStatus = () => ({});
    let offline = true;
    // A refused connection made nothing on the server: the look before the next create finds nothing.
    bridge.handlers.getDrafts = () => ({ drafts: [] });
    bridge.handlers.createDrafts = () => {
      if (offline) throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'down' });
      return { ids: [5] };
    };
    render(<Compose narrow={topic} />);
    fireEvent.change(screen.getByTestId('compose-input'), { target: { value: 'typed offline' } });
    await waitFor(() => expect(bridge.callsTo('createDrafts')).toHaveLength(1), PUSH_WAIT);
    expect(readLocalDrafts('acc')[topicKey]).toMatchObject({
      synced: false,
      draft: { content: 'typed offline' },
    });

    offline = false;
    act(() => useConnectionStore.getState().setStatus({ state: 'offline', reason: 'down' }));
    act(() => useConnectionStore.getState().setStatus({ state: 'connected' }));
    await waitFor(() =>
      expect(readLocalDrafts('acc')[topicKey]).toMatchObject({ serverId: 5, synced: true }),
    );
  });

  it('deletes the server copy of a draft emptied offline once the connection returns', async () => {
    localStorage.setItem(
      `${STORAGE_PREFIX}acc`,
      JSON.stringify({
        [topicKey]: {
          key: topicKey,
          draft: { type: 'stream', to: [1], topic: 'greetings', content: 'sent offline', timestamp: 1 },
          serverId: 3,
          synced: true,
        },
      }),
    );
    const { bridge, render } = setup(syncState(true));
    bridge.handlers.setTypingStatus = () => ({});
    let offline = true;
    bridge.handlers.deleteDraft = () => {
      if (offline) throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'down' });
      return {};
    };
    function ShellWithCompose() {
      useUnsyncedDraftsSync();
      return <Compose narrow={topic} />;
    }
    render(<ShellWithCompose />);
    const input = screen.getByTestId('compose-input') as HTMLTextAreaElement;
    await waitFor(() => expect(input.value).toBe('sent offline'));
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(bridge.callsTo('deleteDraft')).toHaveLength(1));
    // Gone from the box, but remembered until its server copy is deleted.
    expect(readLocalDrafts('acc')[topicKey]).toBeUndefined();
    await waitFor(() =>
      expect(Object.values(readRetiredDrafts('acc'))).toEqual([expect.objectContaining({ serverId: 3 })]),
    );

    offline = false;
    act(() => useConnectionStore.getState().setStatus({ state: 'offline', reason: 'down' }));
    act(() => useConnectionStore.getState().setStatus({ state: 'connected' }));
    await waitFor(() => expect(bridge.callsTo('deleteDraft')).toEqual([{ draft_id: 3 }, { draft_id: 3 }]));
    await waitFor(() => expect(readRetiredDrafts('acc')).toEqual({}));
  });

  it('creates the draft again when the server says it does not exist', async () => {
    localStorage.setItem(
      `${STORAGE_PREFIX}acc`,
      JSON.stringify({
        [topicKey]: {
          key: topicKey,
          draft: { type: 'stream', to: [1], topic: 'greetings', content: 'old', timestamp: 1 },
          serverId: 3,
          synced: true,
        },
      }),
    );
    const { bridge, render } = setup(syncState(true));
    bridge.handlers.setTypingStatus = () => ({});
    bridge.handlers.updateDraft = () => {
      throw new FailWith(apiError('BAD_REQUEST', 'Draft does not exist'));
    };
    bridge.handlers.createDrafts = () => ({ ids: [8] });
    render(<Compose narrow={topic} />);
    await waitFor(() =>
      expect((screen.getByTestId('compose-input') as HTMLTextAreaElement).value).toBe('old'),
    );
    fireEvent.change(screen.getByTestId('compose-input'), { target: { value: 'new' } });
    await waitFor(
      () => expect(readLocalDrafts('acc')[topicKey]).toMatchObject({ serverId: 8, synced: true }),
      PUSH_WAIT,
    );
    expect(bridge.callsTo('updateDraft')).toHaveLength(1);
  });
});

describe('DraftsScreen', () => {
  const serverDraft = {
    id: 12,
    type: 'stream',
    to: [1],
    topic: 'greetings',
    content: 'server draft',
    timestamp: 100,
  };

  it('lists drafts, follows drafts events, and restores one into its compose box', async () => {
    const { render, queryClient } = setup(syncState(true, [serverDraft]));
    render(<DraftsScreen />);
    expect((await screen.findByTestId('draft-12')).textContent).toContain('#general › greetings');
    applyEvents(
      queryClient,
      decoded([
        {
          id: 1,
          type: 'drafts',
          op: 'add',
          drafts: [
            { id: 13, type: 'private', to: [OTHER], topic: '', content: 'from my phone', timestamp: 200 },
          ],
        },
      ]),
    );
    expect((await screen.findByTestId('draft-13')).textContent).toContain('To Other Person');
    applyEvents(queryClient, decoded([{ id: 2, type: 'drafts', op: 'remove', draft_id: 13 }]));
    await waitFor(() => expect(screen.queryByTestId('draft-13')).toBeNull());

    fireEvent.click(screen.getByTestId('draft-restore'));
    expect(useNarrowStore.getState().narrow).toEqual(topic);
    expect(useComposeStore.getState().drafts[topicKey]).toBe('server draft');
    expect(useLocalDrafts.getState().drafts[topicKey]).toMatchObject({ serverId: 12, synced: true });
  });

  it('edits with PATCH and handles "Draft does not exist" by offering a new draft', async () => {
    const { bridge, render } = setup(syncState(true, [serverDraft]));
    bridge.handlers.updateDraft = () => {
      throw new FailWith(apiError('BAD_REQUEST', 'Draft does not exist'));
    };
    bridge.handlers.createDrafts = () => ({ ids: [20] });
    render(<DraftsScreen />);
    fireEvent.click(await screen.findByTestId('draft-edit'));
    fireEvent.change(screen.getByTestId('draft-edit-text'), { target: { value: 'edited text' } });
    fireEvent.click(screen.getByTestId('draft-save'));
    expect((await screen.findByTestId('draft-error')).textContent).toContain('no longer exists');
    expect(bridge.callsTo('updateDraft')[0]).toMatchObject({
      draft_id: 12,
      draft: { content: 'edited text', topic: 'greetings' },
    });
    expect(screen.getByTestId('draft-save').textContent).toBe('Save as a new draft');
    fireEvent.click(screen.getByTestId('draft-save'));
    await waitFor(() => expect(bridge.callsTo('createDrafts')).toHaveLength(1));
    expect(bridge.callsTo('createDrafts')[0]).toMatchObject({ drafts: [{ content: 'edited text' }] });
  });

  it('shows each draft as its message will look: markdown rendered, nothing run', async () => {
    const { render } = setup(
      syncState(true, [{ ...serverDraft, content: 'This is a **draft** <img src=x onerror=alert(1)>' }]),
    );
    render(<DraftsScreen />);
    const content = await screen.findByTestId('draft-content');
    expect(content.querySelector('strong')?.textContent).toBe('draft');
    expect(content.querySelector('img, [onerror]')).toBeNull();
    expect(content.textContent).not.toContain('**');
  });

  it('restoring into a box that holds other text keeps that text', async () => {
    const { render } = setup(syncState(true, [serverDraft]));
    useComposeStore.getState().setText(topicKey, 'typed meanwhile');
    render(<DraftsScreen />);
    fireEvent.click(await screen.findByTestId('draft-restore'));
    expect(useComposeStore.getState().drafts[topicKey]).toBe('typed meanwhile\n\nserver draft');
  });

  it('a draft typed in a channel’s box is restored into its topic’s box and leaves the channel’s (it was sent twice from there)', async () => {
    localStorage.setItem(
      `${STORAGE_PREFIX}acc`,
      JSON.stringify({
        'channel:1': {
          key: 'channel:1',
          draft: { type: 'stream', to: [1], topic: 'dup test', content: 'dup content', timestamp: 50 },
          synced: true,
        },
      }),
    );
    const { render } = setup(syncState(false));
    useComposeStore.getState().setText('channel:1', 'dup content');
    useComposeStore.getState().setTopic('channel:1', 'dup test');
    render(<DraftsScreen />);
    fireEvent.click(await screen.findByTestId('draft-restore'));
    const compose = useComposeStore.getState();
    expect(compose.drafts['topic:1:dup test']).toBe('dup content');
    expect(compose.drafts['channel:1']).toBeUndefined();
    expect(compose.topics['channel:1']).toBe('');
  });

  it('sends a draft kept only on this computer when asked, and says why it could not', async () => {
    localStorage.setItem(
      `${STORAGE_PREFIX}acc`,
      JSON.stringify({
        'dm:11': {
          key: 'dm:11',
          draft: { type: 'private', to: [OTHER], topic: '', content: 'written offline', timestamp: 50 },
          synced: false,
        },
      }),
    );
    const { bridge, render } = setup(syncState(true));
    let offline = true;
    // A refused connection made nothing on the server: the look before the next create finds nothing.
    bridge.handlers.getDrafts = () => ({ drafts: [] });
    bridge.handlers.createDrafts = () => {
      if (offline) throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'down' });
      return { ids: [31] };
    };
    render(<DraftsScreen />);
    fireEvent.click(await screen.findByTestId('draft-upload'));
    expect((await screen.findByTestId('draft-error')).textContent).toContain('Could not reach the server');
    offline = false;
    fireEvent.click(screen.getByTestId('draft-upload'));
    await waitFor(() =>
      expect(readLocalDrafts('acc')['dm:11']).toMatchObject({ serverId: 31, synced: true }),
    );
  });

  it('deletes a draft on the server', async () => {
    const { bridge, render } = setup(syncState(true, [serverDraft]));
    bridge.handlers.deleteDraft = () => ({});
    render(<DraftsScreen />);
    fireEvent.click(await screen.findByTestId('draft-delete'));
    await waitFor(() => expect(bridge.callsTo('deleteDraft')).toEqual([{ draft_id: 12 }]));
  });
});

/** Server-side drafts for the fake bridge: creates that land, and whose answer can be lost. */
function draftServer(bridge: ReturnType<typeof setup>['bridge']) {
  const drafts = new Map<number, Record<string, unknown>>();
  let nextId = 40;
  const state = { loseAnswers: false };
  bridge.handlers.getDrafts = () => ({ drafts: [...drafts.values()] });
  bridge.handlers.createDrafts = (params) => {
    const ids = (params.drafts as Record<string, unknown>[]).map((draft) => {
      const id = nextId++;
      drafts.set(id, { ...draft, id });
      return id;
    });
    // The server did it; the answer never arrived (the connection died on the way back).
    if (state.loseAnswers) throw new FailWith({ kind: 'network', reason: 'timeout', message: 'no answer' });
    return { ids };
  };
  bridge.handlers.updateDraft = (params) => {
    const id = params.draft_id as number;
    if (!drafts.has(id)) throw new FailWith(apiError('BAD_REQUEST', 'Draft does not exist'));
    drafts.set(id, { ...(params.draft as Record<string, unknown>), id });
    return {};
  };
  bridge.handlers.deleteDraft = (params) => {
    drafts.delete(params.draft_id as number);
    return {};
  };
  return { drafts, state };
}

describe('drafts and lost answers (an outage in the middle of a save)', () => {
  it('a create whose answer was lost is found and edited afterwards, not made twice', async () => {
    const { bridge, render } = setup(syncState(true));
    bridge.handlers.setTypingStatus = () => ({});
    const server = draftServer(bridge);
    server.state.loseAnswers = true;
    render(<Compose narrow={topic} />);
    fireEvent.change(screen.getByTestId('compose-input'), { target: { value: 'typed as the line died' } });
    await waitFor(() => expect(bridge.callsTo('createDrafts')).toHaveLength(1), PUSH_WAIT);
    await waitFor(() => expect(readLocalDrafts('acc')[topicKey]?.unconfirmed).toHaveLength(1));
    expect(readLocalDrafts('acc')[topicKey]).toMatchObject({ synced: false });
    expect(readLocalDrafts('acc')[topicKey]?.serverId).toBeUndefined();

    // More typing, then the connection comes back.
    fireEvent.change(screen.getByTestId('compose-input'), {
      target: { value: 'typed as the line died, and after' },
    });
    server.state.loseAnswers = false;
    act(() => useConnectionStore.getState().setStatus({ state: 'offline', reason: 'down' }));
    act(() => useConnectionStore.getState().setStatus({ state: 'connected' }));
    await waitFor(() => expect(readLocalDrafts('acc')[topicKey]).toMatchObject({ synced: true }), PUSH_WAIT);
    // One draft on the server, the one first created, holding the newest text.
    expect([...server.drafts.values()].map((d) => [d.id, d.content])).toEqual([
      [40, 'typed as the line died, and after'],
    ]);
    expect(bridge.callsTo('createDrafts')).toHaveLength(1);
    expect(readLocalDrafts('acc')[topicKey]).toMatchObject({ serverId: 40 });
    expect(readLocalDrafts('acc')[topicKey]?.unconfirmed).toBeUndefined();
  });

  it('lists such a copy and its local draft as one draft', () => {
    const attempt = { type: 'stream' as const, to: [1], topic: 't', content: 'lost answer', timestamp: 10 };
    const rows = draftRows(
      [{ ...attempt, id: 9 }],
      {
        k: {
          key: 'k',
          draft: { ...attempt, content: 'lost answer, edited', timestamp: 12 },
          synced: false,
          unconfirmed: [attempt],
        },
      },
      listing(),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      serverId: 9,
      localOnly: true,
      draft: { content: 'lost answer, edited' },
    });
    // A different draft of the same conversation (another device, other text) stays its own.
    const other = draftRows(
      [{ ...attempt, id: 9, content: 'from the phone' }],
      { k: { key: 'k', draft: attempt, synced: false, unconfirmed: [attempt] } },
      listing(),
    );
    expect(other).toHaveLength(2);
  });

  it('restoring a draft kept on this computer, then editing it, updates its server copy', async () => {
    const attempt = {
      type: 'stream',
      to: [1],
      topic: 'greetings',
      content: 'written offline',
      timestamp: 50,
    };
    localStorage.setItem(
      `${STORAGE_PREFIX}acc`,
      JSON.stringify({
        'channel:1': { key: 'channel:1', draft: attempt, synced: false, unconfirmed: [attempt] },
      }),
    );
    // The register state does not know the copy yet (its event has not come).
    const { bridge, render } = setup(syncState(true));
    bridge.handlers.setTypingStatus = () => ({});
    const server = draftServer(bridge);
    server.drafts.set(77, { ...attempt, id: 77 });
    render(<DraftsScreen />);
    expect((await screen.findByTestId('drafts-list')).textContent).toContain('on this computer');
    fireEvent.click(screen.getByTestId('draft-restore'));
    expect(useLocalDrafts.getState().drafts[topicKey]).toMatchObject({ unconfirmed: [attempt] });
    cleanup();
    render(<Compose narrow={topic} />);
    await waitFor(() =>
      expect((screen.getByTestId('compose-input') as HTMLTextAreaElement).value).toBe('written offline'),
    );
    fireEvent.change(screen.getByTestId('compose-input'), { target: { value: 'written offline, edited' } });
    await waitFor(() => expect(readLocalDrafts('acc')[topicKey]).toMatchObject({ synced: true }), PUSH_WAIT);
    expect(bridge.callsTo('createDrafts')).toEqual([]);
    expect([...server.drafts.values()].map((d) => [d.id, d.content])).toEqual([
      [77, 'written offline, edited'],
    ]);
  });

  it('sending the message removes the copies an unanswered create left behind', async () => {
    const { bridge, render } = setup(syncState(true));
    bridge.handlers.setTypingStatus = () => ({});
    bridge.handlers.sendMessage = () => ({ id: 1 });
    const server = draftServer(bridge);
    server.state.loseAnswers = true;
    render(<Compose narrow={topic} />);
    fireEvent.change(screen.getByTestId('compose-input'), { target: { value: 'about to be sent' } });
    await waitFor(() => expect(readLocalDrafts('acc')[topicKey]?.unconfirmed).toHaveLength(1), PUSH_WAIT);
    expect(server.drafts.size).toBe(1);
    fireEvent.click(screen.getByTestId('compose-send'));
    await waitFor(() => expect(server.drafts.size).toBe(0));
    expect(readLocalDrafts('acc')[topicKey]).toBeUndefined();
  });

  it('sending text that ends in a space or a newline empties the box and its draft (nothing left to send twice)', async () => {
    const { bridge, render } = setup(syncState(true));
    bridge.handlers.setTypingStatus = () => ({});
    const server = draftServer(bridge);
    render(<Compose narrow={topic} />);
    const input = screen.getByTestId('compose-input') as HTMLTextAreaElement;
    // An autocompleted mention ends with a space; Enter adds a newline.
    fireEvent.change(input, { target: { value: 'thanks @**Ben Okafor** \n' } });
    await waitFor(() => expect(server.drafts.size).toBe(1), PUSH_WAIT);
    // A file this box refused: the message goes without it, and the refusal goes with the send.
    act(() =>
      useUploadsStore.getState().add({
        id: 'refused',
        composeKey: topicKey,
        name: 'big.bin',
        size: 2,
        sent: 0,
        state: 'failed',
        error: 'too big',
      }),
    );
    expect(screen.getByTestId('upload-error')).toBeTruthy();
    fireEvent.click(screen.getByTestId('compose-send'));
    await waitFor(() => expect(input.value).toBe(''));
    expect(screen.queryByTestId('upload-error')).toBeNull();
    expect(bridge.outboxEntries.map((e) => e.content)).toEqual(['thanks @**Ben Okafor**']);
    await waitFor(() => expect(server.drafts.size).toBe(0), PUSH_WAIT);
    // A second send has nothing to send.
    fireEvent.click(screen.getByTestId('compose-send'));
    expect(bridge.outboxEntries).toHaveLength(1);
  });
});

describe('a draft goes with its topic', () => {
  it('follows a rename of the whole topic, here and on the server, with the compose box text', async () => {
    const { bridge } = setup(syncState(true));
    bridge.handlers.updateDraft = () => ({});
    useLocalDrafts.getState().load('acc');
    useLocalDrafts.getState().put({
      key: topicKey,
      draft: { type: 'stream', to: [1], topic: 'greetings', content: 'see you there', timestamp: 5 },
      serverId: 9,
      synced: true,
    });
    useComposeStore.getState().setText(topicKey, 'see you there');
    useComposeStore.getState().setTopic('channel:1', 'greetings');
    const resolvedKey = 'topic:1:✔ greetings';
    moveDraftsWithTopics(renamed('greetings', '✔ greetings'), bridge, () => true);
    expect(readLocalDrafts('acc')[topicKey]).toBeUndefined();
    expect(readLocalDrafts('acc')[resolvedKey]?.draft).toMatchObject({ to: [1], topic: '✔ greetings' });
    expect(useComposeStore.getState().drafts[resolvedKey]).toBe('see you there');
    expect(useComposeStore.getState().drafts[topicKey]).toBeUndefined();
    await waitFor(() =>
      expect(bridge.callsTo('updateDraft')[0]).toMatchObject({
        draft_id: 9,
        draft: { topic: '✔ greetings', content: 'see you there' },
      }),
    );
    // The channel's compose box addressed to the renamed topic followed it; one addressed to
    // another topic of the channel does not follow a rename of some other topic.
    const channelKey = 'channel:1';
    expect(useComposeStore.getState().topics[channelKey]).toBe('✔ greetings');
    useComposeStore.getState().setTopic(channelKey, 'lunch');
    moveDraftsWithTopics(renamed('standup', 'standup notes'), bridge, () => true);
    expect(useComposeStore.getState().topics[channelKey]).toBe('lunch');
    useComposeStore.getState().setTopic(channelKey, '✔ greetings');
    // One message moved (change_one) is not the topic moving: nothing follows it.
    moveDraftsWithTopics(renamed('✔ greetings', 'x', 'change_one'), bridge, () => true);
    expect(readLocalDrafts('acc')[resolvedKey]).toBeDefined();
    expect(useComposeStore.getState().topics[channelKey]).toBe('✔ greetings');
  });

  it('stays where it is when the topic moves into a channel the person cannot open', () => {
    const { bridge } = setup(syncState(true));
    useLocalDrafts.getState().load('acc');
    useLocalDrafts.getState().put({
      key: topicKey,
      draft: { type: 'stream', to: [1], topic: 'greetings', content: 'see you there', timestamp: 5 },
      synced: true,
    });
    useComposeStore.getState().setText(topicKey, 'see you there');
    const toPrivate = [{ ...renamed('greetings', 'greetings')[0], new_stream_id: 7 }];
    moveDraftsWithTopics(toPrivate, bridge, (streamId) => streamId !== 7);
    expect(readLocalDrafts('acc')[topicKey]?.draft).toMatchObject({ to: [1], topic: 'greetings' });
    expect(useComposeStore.getState().drafts[topicKey]).toBe('see you there');
    expect(bridge.callsTo('updateDraft')).toEqual([]);
  });
});

/** The event of a topic of channel 1 renamed, whole (`change_all`) or one message only. */
function renamed(from: string, to: string, mode: 'change_all' | 'change_one' = 'change_all') {
  return [{ type: 'update_message', propagate_mode: mode, stream_id: 1, orig_subject: from, subject: to }];
}
