import type { GroupSettingValue, UserGroup } from '../../api/model';

export function sameGroupSetting(
  a: GroupSettingValue | undefined,
  b: GroupSettingValue | undefined,
): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y).join(',');
  return (
    sorted(a.direct_members) === sorted(b.direct_members) &&
    sorted(a.direct_subgroups) === sorted(b.direct_subgroups)
  );
}

/** Spec 4.2: a changed group setting goes as `{new, old}`; `old` is what the form started from. */
export function groupSettingUpdate(
  original: GroupSettingValue | undefined,
  next: GroupSettingValue,
): { new: GroupSettingValue; old?: GroupSettingValue } | undefined {
  if (sameGroupSetting(original, next)) return undefined;
  return original === undefined ? { new: next } : { new: next, old: original };
}

/** System groups are named like `role:everyone`; show them in the user's words. */
export function groupLabel(group: UserGroup): string {
  const names: Record<string, string> = {
    'role:internet': 'Everyone on the internet',
    'role:everyone': 'Everyone, including guests',
    'role:members': 'Members',
    'role:fullmembers': 'Full members',
    'role:moderators': 'Moderators',
    'role:administrators': 'Administrators',
    'role:owners': 'Owners',
    'role:nobody': 'Nobody',
  };
  return names[group.name] ?? group.name;
}

export function describeGroupSetting(
  value: GroupSettingValue | undefined,
  groups: Map<number, UserGroup>,
  userName: (id: number) => string,
): string {
  if (value === undefined) return 'Not set';
  if (typeof value === 'number') {
    const g = groups.get(value);
    return g ? groupLabel(g) : `Group ${value}`;
  }
  const parts = [
    ...value.direct_members.map(userName),
    ...value.direct_subgroups.map((id) => {
      const g = groups.get(id);
      return g ? groupLabel(g) : `Group ${id}`;
    }),
  ];
  return parts.length ? parts.join(', ') : 'Nobody';
}
