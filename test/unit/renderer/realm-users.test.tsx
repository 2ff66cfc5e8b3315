// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { User } from '../../../renderer/src/api/model';
import { useIsAdmin, useUsers } from '../../../renderer/src/app/realm';
import { applyEvents } from '../../../renderer/src/events/apply';
import { baseState, decoded, OTHER, SELF } from './fixtures';
import { setup } from './render-helpers';

afterEach(cleanup);

const seen: Map<number, User>[] = [];
function Row({ n }: { n: number }) {
  const users = useUsers();
  seen.push(users);
  return <li data-testid={`row-${n}`}>{users.get(OTHER)?.full_name}</li>;
}

describe('useUsers', () => {
  it('gives every component the same map, built once per change of the people', async () => {
    const { render, queryClient } = setup(baseState());
    seen.length = 0;
    render(
      <ul>
        {[1, 2, 3].map((n) => (
          <Row key={n} n={n} />
        ))}
      </ul>,
    );
    expect(new Set(seen).size).toBe(1);
    applyEvents(
      queryClient,
      decoded([
        { id: 1, type: 'realm_user', op: 'update', person: { user_id: OTHER, full_name: 'Renamed Person' } },
      ]),
    );
    expect(await screen.findAllByText('Renamed Person')).toHaveLength(3);
    expect(new Set(seen).size).toBe(2);
  });
});

function AdminMark() {
  return <p data-testid="admin">{useIsAdmin() ? 'administrator' : 'not an administrator'}</p>;
}

describe('useIsAdmin', () => {
  it("follows a change of the user's own role (realm_user update), as a demotion or promotion happens", async () => {
    // As the real service registers an administrator: the register's own fields say so.
    const { render, queryClient } = setup(baseState({ role: 200, is_admin: true, is_owner: false }));
    render(<AdminMark />);
    expect(screen.getByTestId('admin').textContent).toBe('administrator');
    const roleChange = (id: number, role: number) =>
      applyEvents(
        queryClient,
        decoded([{ id, type: 'realm_user', op: 'update', person: { user_id: SELF, role } }]),
      );
    roleChange(1, 400);
    expect((await screen.findByText('not an administrator')).dataset.testid).toBe('admin');
    roleChange(2, 100);
    expect((await screen.findByText('administrator')).dataset.testid).toBe('admin');
  });
});
