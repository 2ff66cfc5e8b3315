// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BridgeContext } from '../../../../renderer/src/app/bridge-context';
import { sessionKey } from '../../../../renderer/src/api/keys';
import { createQueryClient } from '../../../../renderer/src/app/App';
import { useLocalDraftsFollowServer } from '../../../../renderer/src/features/drafts/useLocalDraftsFollowServer';
import { useLocalDrafts, type LocalDraft } from '../../../../renderer/src/features/drafts/local-drafts';
import { FakeBridge } from '../fake-bridge';
import { baseState } from '../fixtures';

// The Drafts screen and the compose boxes agree on which drafts exist: this computer's copies follow
// what the server says happened to its copies.
const linked = (key: string, serverId: number, synced = true): LocalDraft => ({
  key,
  draft: { type: 'stream', to: [1], topic: key, content: `text of ${key}`, timestamp: 10 },
  serverId,
  synced,
});
const serverCopy = (id: number, key: string) => ({
  id,
  type: 'stream',
  to: [1],
  topic: key,
  content: `text of ${key}`,
  timestamp: 10,
});

function Follower() {
  useLocalDraftsFollowServer();
  return null;
}

function mount(serverDrafts: ReturnType<typeof serverCopy>[]) {
  const bridge = new FakeBridge();
  bridge.startSession(baseState({ drafts: serverDrafts as never }));
  const queryClient = createQueryClient();
  queryClient.setQueryData(sessionKey, bridge.current);
  render(
    <BridgeContext.Provider value={bridge}>
      <QueryClientProvider client={queryClient}>
        <Follower />
      </QueryClientProvider>
    </BridgeContext.Provider>,
  );
  return { bridge, queryClient };
}

beforeEach(() => {
  localStorage.clear();
  useLocalDrafts.setState({ accountId: null, drafts: {}, retired: {} });
  useLocalDrafts.getState().load('acc');
});
afterEach(cleanup);

describe('this computer’s drafts follow the server’s', () => {
  it('a draft deleted on another client goes here too; one with newer text here stays, unlinked', () => {
    useLocalDrafts.getState().put(linked('a', 1));
    useLocalDrafts.getState().put(linked('b', 2, false));
    const { bridge } = mount([serverCopy(1, 'a'), serverCopy(2, 'b')]);
    act(() =>
      bridge.pushEvents([
        { id: 5, type: 'drafts', op: 'remove', draft_id: 1 },
        { id: 6, type: 'drafts', op: 'remove', draft_id: 2 },
      ]),
    );
    const drafts = useLocalDrafts.getState().drafts;
    expect(drafts.a).toBeUndefined();
    expect(drafts.b).toMatchObject({ synced: false, serverId: undefined });
  });

  it('sync turned off keeps every draft on this computer, to be sent anew when it is on again', () => {
    useLocalDrafts.getState().put(linked('a', 1));
    const { bridge } = mount([serverCopy(1, 'a')]);
    act(() =>
      bridge.pushEvents([
        {
          id: 7,
          type: 'user_settings',
          op: 'update',
          property: 'enable_drafts_synchronization',
          value: false,
        },
        {
          id: 8,
          type: 'user_settings',
          op: 'update',
          property: 'enable_drafts_synchronization',
          value: true,
        },
      ]),
    );
    const a = useLocalDrafts.getState().drafts.a;
    expect(a).toMatchObject({ synced: false, serverId: undefined, draft: { content: 'text of a' } });
    // Its last synced text counts as an unanswered create: a copy the server still holds is matched, not duplicated.
    expect(a?.unconfirmed).toEqual([linked('a', 1).draft]);
  });

  it('sync turned off and on in one batch sends the drafts again at once', async () => {
    useLocalDrafts.getState().put(linked('a', 1));
    const { bridge } = mount([serverCopy(1, 'a')]);
    // The server deleted its copy when sync went off; the unanswered-create check finds none.
    bridge.handlers.getDrafts = () => ({ result: 'success', msg: '', count: 0, drafts: [] });
    bridge.handlers.createDrafts = () => ({ result: 'success', msg: '', ids: [41] });
    const toggle = (id: number, value: boolean) => ({
      id,
      type: 'user_settings',
      op: 'update',
      property: 'enable_drafts_synchronization',
      value,
    });
    act(() => bridge.pushEvents([toggle(9, false), toggle(10, true)]));
    await waitFor(() =>
      expect(useLocalDrafts.getState().drafts.a).toMatchObject({ serverId: 41, synced: true }),
    );
    expect(bridge.callsTo('createDrafts')).toHaveLength(1);
  });

  it('a fresh session without a draft’s server copy keeps the draft here, unlinked', () => {
    useLocalDrafts.getState().put(linked('a', 1));
    useLocalDrafts.getState().put(linked('c', 3));
    mount([serverCopy(3, 'c')]);
    const drafts = useLocalDrafts.getState().drafts;
    expect(drafts.a).toMatchObject({ synced: false, serverId: undefined });
    expect(drafts.c).toMatchObject({ synced: true, serverId: 3 });
  });
});
