// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { updateInitialState } from '../../../../renderer/src/api/keys';
import type { InitialState } from '../../../../renderer/src/api/model';
import { useInitialState } from '../../../../renderer/src/app/session';
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
