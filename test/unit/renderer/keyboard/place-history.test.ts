// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { ACTIONS } from '../../../../renderer/src/features/keyboard/actions';
import { narrowKey, type Narrow } from '../../../../renderer/src/api/narrow';
import { useMessageSelection } from '../../../../renderer/src/state/message-selection';
import { useNarrowStore } from '../../../../renderer/src/state/narrow';
import { PLACE_HISTORY_MAX, step, visit, type Place } from '../../../../renderer/src/state/place-history';
import { enterAccountScope } from '../../../../renderer/src/state/account-scope';
import { QueryClient } from '@tanstack/react-query';
import type { ChatBridge } from '../../../../shared/ipc';

const general: Narrow = { kind: 'channel', streamId: 1 };
const deploy: Narrow = { kind: 'topic', streamId: 1, topic: 'deploy' };
const starred: Narrow = { kind: 'starred' };
const at = (narrow: Narrow | null, anchor: Place['anchor'] = null): Place => ({ narrow, anchor, view: null });

const where = () => {
  const { narrow, anchor, view } = useNarrowStore.getState();
  return { narrow, anchor, view };
};

beforeEach(() => {
  useNarrowStore.setState(useNarrowStore.getInitialState(), true);
  useMessageSelection.setState(useMessageSelection.getInitialState(), true);
});

describe('the history of places', () => {
  it('remembers the place left, forgets what Forward offered, and keeps at most its bound', () => {
    let history = visit({ back: [], forward: [at(starred)] }, at(general), at(deploy));
    expect(history).toEqual({ back: [at(general)], forward: [] });
    // Another message of the same conversation is no step.
    expect(visit(history, at(deploy), at(deploy, 42))).toBe(history);
    for (let i = 0; i < PLACE_HISTORY_MAX + 10; i++)
      history = visit(history, at({ kind: 'topic', streamId: 1, topic: `t${i}` }), at(general));
    expect(history.back).toHaveLength(PLACE_HISTORY_MAX);
    expect(history.back.at(-1)?.narrow).toEqual({
      kind: 'topic',
      streamId: 1,
      topic: `t${PLACE_HISTORY_MAX + 9}`,
    });
  });

  it('steps back and forward through the same places', () => {
    const history = { back: [at(general), at(deploy)], forward: [] };
    const back = step(history, at(starred), 'back')!;
    expect(back.place).toEqual(at(deploy));
    expect(back.history).toEqual({ back: [at(general)], forward: [at(starred)] });
    const forward = step(back.history, back.place, 'forward')!;
    expect(forward.place).toEqual(at(starred));
    expect(forward.history).toEqual(history);
    expect(step(forward.history, forward.place, 'forward')).toBeNull();
  });
});

describe('Back and Forward in the window', () => {
  it('goes back to the conversation left, at the message selected there, and forward again', () => {
    const store = useNarrowStore.getState();
    store.select(general);
    // The launch's first place starts the history: nothing to go back to yet.
    expect(useNarrowStore.getState().go('back')).toBe(false);
    useMessageSelection.getState().select(narrowKey(general), 77);
    store.select(deploy);
    store.showView('recent');
    expect(useNarrowStore.getState().go('back')).toBe(true);
    expect(where()).toEqual({ narrow: deploy, anchor: null, view: null });
    expect(useNarrowStore.getState().go('back')).toBe(true);
    expect(where()).toEqual({ narrow: general, anchor: 77, view: null });
    expect(useNarrowStore.getState().go('back')).toBe(false);
    expect(useNarrowStore.getState().go('forward')).toBe(true);
    expect(useNarrowStore.getState().go('forward')).toBe(true);
    expect(where()).toEqual({ narrow: null, anchor: null, view: 'recent' });
    expect(useNarrowStore.getState().go('forward')).toBe(false);
  });

  it('a new place after going back drops what Forward offered', () => {
    const store = useNarrowStore.getState();
    store.select(general);
    store.select(deploy);
    store.go('back');
    store.select(starred);
    expect(useNarrowStore.getState().go('forward')).toBe(false);
    expect(useNarrowStore.getState().go('back')).toBe(true);
    expect(where().narrow).toEqual(general);
  });

  it('follows a topic that moved while open: Back and Forward lead to its new place', () => {
    const store = useNarrowStore.getState();
    const moved: Narrow = { kind: 'topic', streamId: 1, topic: 'deploys' };
    store.select(deploy);
    store.select(general);
    store.select(deploy);
    store.follow(moved);
    expect(where().narrow).toEqual(moved);
    store.go('back');
    store.go('back');
    expect(where().narrow).toEqual(moved);
  });

  it('is kept per account: another account starts with none', () => {
    enterAccountScope('one');
    useNarrowStore.getState().select(general);
    useNarrowStore.getState().select(deploy);
    enterAccountScope('two');
    expect(useNarrowStore.getState().go('back')).toBe(false);
    enterAccountScope('one');
    expect(useNarrowStore.getState().go('back')).toBe(true);
    expect(where().narrow).toEqual(general);
    enterAccountScope(null);
  });
});

describe('Alt+← and Alt+→', () => {
  const context = { bridge: {} as ChatBridge, queryClient: new QueryClient() };

  it('leave the key to the browser when there is nowhere to go', () => {
    expect(ACTIONS['go-back'](context)).toBe(false);
    useNarrowStore.getState().select(general);
    useNarrowStore.getState().select(deploy);
    expect(ACTIONS['go-back'](context)).toBe(true);
    expect(where().narrow).toEqual(general);
    expect(ACTIONS['go-back'](context)).toBe(false);
    expect(ACTIONS['go-forward'](context)).toBe(true);
  });
});
