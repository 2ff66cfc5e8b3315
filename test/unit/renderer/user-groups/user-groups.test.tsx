// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserGroup } from '../../../../renderer/src/api/model';
import { applyEvents } from '../../../../renderer/src/events/apply';
import {
  allowedGroups,
  createGroupParams,
  emptyGroupForm,
  groupFormProblems,
} from '../../../../renderer/src/features/user-groups/group-rules';
import { UserGroupsScreen } from '../../../../renderer/src/features/user-groups/UserGroupsScreen';
import { apiError, FailWith } from '../fake-bridge';
import { baseState, OTHER, SELF, decoded } from '../fixtures';
import { setup } from '../render-helpers';

afterEach(cleanup);

const sys = (id: number, name: string): UserGroup => ({
  id,
  name,
  description: name,
  is_system_group: true,
  members: [],
});
const groups: UserGroup[] = [
  sys(1, 'role:internet'),
  sys(2, 'role:everyone'),
  sys(3, 'role:members'),
  sys(6, 'role:administrators'),
  sys(7, 'role:owners'),
  {
    id: 20,
    name: 'backend',
    description: 'Backend team',
    members: [SELF],
    direct_subgroup_ids: [],
    is_system_group: false,
  },
];

/** The server's word that a group was made: its user_group add event. */
function groupAdded(queryClient: QueryClient, group: Record<string, unknown>): void {
  applyEvents(queryClient, decoded([{ id: 1, type: 'user_group', op: 'add', group }]));
}

describe('group rules', () => {
  it('keeps forbidden system groups out of can_manage_group and can_mention_group', () => {
    const manage = allowedGroups(groups, 'can_manage_group').map((g) => g.name);
    expect(allowedGroups(groups, 'can_join_group').map((g) => g.name)).not.toContain('role:internet');
    expect(manage).not.toContain('role:internet');
    expect(manage).not.toContain('role:everyone');
    expect(manage).toContain('role:owners');
    const mention = allowedGroups(groups, 'can_mention_group').map((g) => g.name);
    expect(mention).not.toContain('role:owners');
    expect(mention).toContain('role:everyone');
  });

  it('reports a missing name, unknown users and forbidden groups before sending', () => {
    const problems = groupFormProblems(
      { ...emptyGroupForm, members: [SELF, 999], permissions: { can_manage_group: 2 } },
      groups,
      new Set([SELF]),
    );
    expect(problems).toEqual([
      'Give the group a name.',
      'Unknown user ID: 999',
      'Who can manage this group: this system group is not allowed.',
    ]);
  });

  it('sends only the permissions that were set', () => {
    expect(
      createGroupParams({
        name: ' qa ',
        description: 'Quality',
        members: [SELF],
        subgroups: [20],
        permissions: { can_join_group: { direct_members: [OTHER], direct_subgroups: [20] } },
      }),
    ).toEqual({
      name: 'qa',
      description: 'Quality',
      members: [SELF],
      subgroups: [20],
      can_join_group: { direct_members: [OTHER], direct_subgroups: [20] },
    });
  });
});

describe('UserGroupsScreen', () => {
  it('creates a group with members, a subgroup and a permission, and shows the server’s error', async () => {
    const { bridge, render, queryClient } = setup(baseState({ realm_user_groups: groups }));
    let fail = true;
    bridge.handlers.createUserGroup = () => {
      if (fail) throw new FailWith(apiError('BAD_REQUEST', `Invalid user ID: ${OTHER}`));
      return { group_id: 30 };
    };
    render(<UserGroupsScreen />);
    expect(screen.getByTestId('group-backend')).toBeTruthy();
    fireEvent.click(screen.getByTestId('new-group'));
    fireEvent.change(screen.getByTestId('group-name'), { target: { value: 'frontend' } });
    fireEvent.change(screen.getByTestId('group-description'), { target: { value: 'Web and desktop' } });
    fireEvent.click(screen.getByTestId('member-other@x.example'));
    fireEvent.click(screen.getByTestId('subgroup-backend'));
    fireEvent.click(screen.getByTestId('perm-can_manage_group-set'));
    const options = [...(screen.getByTestId('gs-can_manage_group-group') as HTMLSelectElement).options].map(
      (o) => o.textContent,
    );
    expect(options).not.toContain('Everyone on the internet');
    expect(options).not.toContain('Everyone, including guests');
    fireEvent.change(screen.getByTestId('gs-can_manage_group-group'), { target: { value: '6' } });
    fireEvent.click(screen.getByTestId('group-create'));
    expect((await screen.findByTestId('group-error')).textContent).toContain(`Invalid user ID: ${OTHER}`);
    expect(bridge.callsTo('createUserGroup')[0]).toEqual({
      name: 'frontend',
      description: 'Web and desktop',
      members: [OTHER],
      subgroups: [20],
      can_manage_group: 6,
    });

    fail = false;
    fireEvent.click(screen.getByTestId('group-create'));
    expect((await screen.findByTestId('group-created')).textContent).toContain('frontend');
    groupAdded(queryClient, { id: 30, name: 'frontend', description: 'Web and desktop', members: [OTHER] });
    await waitFor(() => expect(screen.getByTestId('group-frontend')).toBeTruthy());
  });

  it('a create whose answer was lost counts as created once the group arrives, not as a name now taken', async () => {
    const { bridge, render, queryClient } = setup(baseState({ realm_user_groups: groups }));
    bridge.handlers.createUserGroup = () => {
      throw new FailWith({ kind: 'network', reason: 'connection_failed', message: 'socket hang up' });
    };
    render(<UserGroupsScreen />);
    fireEvent.click(screen.getByTestId('new-group'));
    fireEvent.change(screen.getByTestId('group-name'), { target: { value: 'frontend' } });
    fireEvent.click(screen.getByTestId('group-create'));
    expect((await screen.findByTestId('group-error')).textContent).toMatch(/could not reach/i);
    // The server made it: its event comes.
    act(() => groupAdded(queryClient, { id: 30, name: 'frontend', description: '', members: [] }));
    expect((await screen.findByTestId('group-created')).textContent).toContain('frontend');
    expect(screen.queryByTestId('create-group-form')).toBeNull();
    expect(bridge.callsTo('createUserGroup')).toHaveLength(1);
  });
});
