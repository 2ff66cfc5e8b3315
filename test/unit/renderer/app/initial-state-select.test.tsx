// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionKey, updateInitialState } from '../../../../renderer/src/api/keys';
import type { InitialState } from '../../../../renderer/src/api/model';
import { useInitialState } from '../../../../renderer/src/app/session';
import { useUsers } from '../../../../renderer/src/app/realm';
import {
  useChannelIndex,
  useIsTopicHidden,
  useSubscriptions,
} from '../../../../renderer/src/features/channels/hooks';
import { useTopicPolicy } from '../../../../renderer/src/features/topics/topic-visibility';
import { baseState } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

describe('useInitialState with a selector defined once', () => {
  it('selects again when the register state changes, not at every render', async () => {
    let selections = 0;
    // Defined once, as the costly ones are (what one may invite to, the unread badge).
    const peopleCount = (s: InitialState) => {
      selections++;
      return s.realm_users?.length ?? 0;
    };
    let rerender = () => {};
    function Counted() {
      const [renders, setRenders] = useState(0);
      rerender = () => setRenders((n) => n + 1);
      const count = useInitialState(peopleCount);
      return (
        <p data-testid="counted">
          {count} people, render {renders}
        </p>
      );
    }
    const { queryClient, render } = setup(baseState());
    render(<Counted />);
    const first = selections;

    // A keystroke in a form, a timer: the component renders, the register state is the same.
    for (let i = 0; i < 10; i++) act(() => rerender());
    expect(screen.getByTestId('counted').textContent).toBe('3 people, render 10');
    expect(selections).toBe(first);

    act(() =>
      updateInitialState(queryClient, (s) => ({
        ...s,
        realm_users: [...(s.realm_users ?? []), { user_id: 99, email: 'new@x.example', full_name: 'New' }],
      })),
    );
    await waitFor(() => expect(screen.getByTestId('counted').textContent).toContain('4 people'));
    expect(selections).toBe(first + 1);
  });
});

describe('reading the register state from many components', () => {
  const users = (s: InitialState) => s.realm_users;

  it('adds no query observer per reader, and re-renders a reader only when its part changes', async () => {
    let renders = 0;
    function Reader() {
      renders++;
      return <span data-testid="reader">{useInitialState(users)?.length}</span>;
    }
    const { queryClient, render } = setup(baseState());
    render(
      <>
        {Array.from({ length: 50 }, (_, i) => (
          <Reader key={i} />
        ))}
      </>,
    );
    expect(screen.getAllByTestId('reader')[0]!.textContent).toBe('3');
    // The readers cost nothing to React Query: its observers are the session's own (none here).
    expect(queryClient.getQueryCache().find({ queryKey: sessionKey })?.getObserversCount()).toBe(0);
    const afterFirst = renders;

    // Another part of the state changes (an unread message): no reader renders again.
    act(() =>
      updateInitialState(queryClient, (s) => ({ ...s, unread_msgs: { ...s.unread_msgs!, count: 7 } })),
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(renders).toBe(afterFirst);

    act(() =>
      updateInitialState(queryClient, (s) => ({
        ...s,
        realm_users: [...(s.realm_users ?? []), { user_id: 99, email: 'new@x.example', full_name: 'New' }],
      })),
    );
    await waitFor(() => expect(screen.getAllByTestId('reader')[49]!.textContent).toBe('4'));
    expect(renders).toBe(afterFirst + 50);

    // Signed out or switched away: the cache is cleared and the readers see no state.
    act(() => queryClient.clear());
    await waitFor(() => expect(screen.getAllByTestId('reader')[0]!.textContent).toBe(''));
  });

  it('builds what the hooks derive once per version of the state, shared by every component', async () => {
    const seen: unknown[][] = [];
    function Deriving() {
      seen.push([useUsers(), useChannelIndex(), useSubscriptions(), useIsTopicHidden(), useTopicPolicy()]);
      return null;
    }
    const { queryClient, render } = setup(baseState());
    render(
      <>
        <Deriving />
        <Deriving />
      </>,
    );
    expect(seen).toHaveLength(2);
    seen[1]!.forEach((value, i) => expect(value).toBe(seen[0]![i]));

    // A new subscription list: the channel index and order are built anew, the users are not.
    const before = seen[0]!;
    act(() =>
      updateInitialState(queryClient, (s) => ({
        ...s,
        subscriptions: [...(s.subscriptions ?? []), { ...s.subscriptions![0]!, stream_id: 77, name: 'new' }],
      })),
    );
    await waitFor(() => expect(seen.length).toBeGreaterThanOrEqual(4));
    const after = seen.at(-1)!;
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[2]).not.toBe(before[2]);
    expect(seen.at(-2)![1]).toBe(after[1]);
  });
});
