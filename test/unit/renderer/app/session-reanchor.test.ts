import { afterEach, describe, expect, it } from 'vitest';
import type { SessionStarted } from '../../../../shared/ipc';
import { narrowKey, type Narrow } from '../../../../renderer/src/api/narrow';
import type { InitialState } from '../../../../renderer/src/api/model';
import { createQueryClient } from '../../../../renderer/src/app/App';
import { startSession } from '../../../../renderer/src/app/session';
import { useMessageSelection } from '../../../../renderer/src/state/message-selection';
import { useNarrowStore } from '../../../../renderer/src/state/narrow';

const state = { queue_id: 'q', realm_name: 'Org' } as unknown as InitialState;
const session = (generation: number, extra: Partial<SessionStarted> = {}): SessionStarted => ({
  accountId: 'a',
  generation,
  initialState: { ...state, queue_id: `q${generation}` },
  ...extra,
});
const topic: Narrow = { kind: 'topic', streamId: 1, topic: 'lunch' };

/** The topic open at its newest message (End), with message 40 selected in it. */
function readingAtNewest() {
  useNarrowStore.getState().select(topic, 'newest');
  useMessageSelection.getState().select(narrowKey(topic), 40);
}

afterEach(() => {
  useNarrowStore.getState().clear();
  useMessageSelection.setState({ byNarrow: {} });
});

describe('a registration that replaces a lost one', () => {
  it('reloads the open conversation at the selected message, not where it first opened', () => {
    const queryClient = createQueryClient();
    startSession(queryClient, session(1));
    readingAtNewest();
    const steps = useNarrowStore.getState().history.back.length;
    startSession(queryClient, session(2));
    expect(useNarrowStore.getState().narrow).toEqual(topic);
    expect(useNarrowStore.getState().anchor).toBe(40);
    // Not a visit of its own: Back still leads where it did.
    expect(useNarrowStore.getState().history.back.length).toBe(steps);
  });

  it('leaves the launch alone: the first live registration after the kept state opens at what is unread now', () => {
    const queryClient = createQueryClient();
    startSession(queryClient, session(0, { stale: true, keptFromLastLaunch: true }));
    readingAtNewest();
    startSession(queryClient, session(1));
    expect(useNarrowStore.getState().anchor).toBe('newest');
  });

  it('does not carry one account’s place into another account’s session', () => {
    const queryClient = createQueryClient();
    startSession(queryClient, session(1));
    readingAtNewest();
    startSession(queryClient, session(2, { accountId: 'b' }));
    expect(useNarrowStore.getState().anchor).toBe('newest');
  });
});
