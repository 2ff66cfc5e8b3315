import { describe, expect, it } from 'vitest';
import type { UserGroup } from '../../../../renderer/src/api/model';
import { userInGroupSetting } from '../../../../renderer/src/app/permissions';
import { counted } from '../../work-counters';

const group = (id: number, members: number[], subgroups: number[] = []): UserGroup =>
  ({
    id,
    name: `group ${id}`,
    description: '',
    members,
    direct_subgroup_ids: subgroups,
    is_system_group: false,
  }) as UserGroup;

describe('userInGroupSetting over many groups', () => {
  const groups = [
    group(1, [7]),
    group(2, [], [1]),
    ...Array.from({ length: 300 }, (_, i) => group(10 + i, [8])),
  ];

  it('answers through subgroups and direct members', () => {
    expect(userInGroupSetting(2, 7, groups)).toBe(true);
    expect(userInGroupSetting(2, 8, groups)).toBe(false);
    expect(userInGroupSetting({ direct_members: [8], direct_subgroups: [] }, 8, groups)).toBe(true);
    expect(userInGroupSetting({ direct_members: [], direct_subgroups: [2] }, 7, groups)).toBe(true);
  });

  it('indexes the groups once for a list, not once per question (asked for each of 2,000 channels)', () => {
    const { list, walks } = counted(groups);
    for (let channel = 0; channel < 2000; channel++) expect(userInGroupSetting(2, 7, list)).toBe(true);
    expect(walks()).toBe(1);
    // A new list (an event replaced it) is indexed anew.
    const renamed = [...groups.slice(0, 1), { ...groups[1]!, members: [9] }, ...groups.slice(2)];
    expect(userInGroupSetting(2, 9, renamed)).toBe(true);
  });
});
