import { beforeEach, describe, expect, it } from 'vitest';
import { addUserGroup } from '../../../../server/realm/group-changes';
import { SYSTEM_GROUPS } from '../../../../server/realm/groups';
import { updateStatus } from '../../../../server/realm/user-status';
import { activeHumanIds } from '../../../../server/realm/users';
import { demoRealm, refusal, type DemoRealm } from './harness';

let d: DemoRealm;
beforeEach(() => {
  d = demoRealm();
});

describe('status (realm)', () => {
  it('refuses an empty change, a long text and an emoji code without its name, changing nothing', () => {
    const user = d.users.members[0];
    expect(refusal(() => updateStatus(d.realm, user, {}))).toMatchObject({
      msg: 'Client did not pass any new values.',
    });
    expect(refusal(() => updateStatus(d.realm, user, { status_text: 'x'.repeat(61) }))).toMatchObject({
      msg: 'status_text is too long (limit: 60 characters)',
    });
    expect(
      refusal(() => updateStatus(d.realm, user, { status_text: 'ok', emoji_code: '1f697' })),
    ).toMatchObject({
      msg: 'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    });
    expect(
      refusal(() => updateStatus(d.realm, user, { emoji_name: 'car', emoji_code: '1f419' })),
    ).toMatchObject({
      msg: 'Invalid emoji name.',
    });
    expect(user.status.status_text).toBe('');
    expect(d.published).toEqual([]);
  });

  it('tells everyone what was passed; `away` also turns presence off for the user', () => {
    const user = d.users.members[0];
    updateStatus(d.realm, user, { status_text: ' commuting ', emoji_name: 'car', away: true });
    expect(user.status).toMatchObject({
      status_text: 'commuting',
      emoji_name: 'car',
      emoji_code: '1f697',
      away: true,
    });
    expect(user.settings.presence_enabled).toBe(false);
    expect(d.published).toEqual([
      {
        userIds: [user.user_id],
        event: {
          type: 'user_settings',
          op: 'update',
          property: 'presence_enabled',
          value: false,
          __email: user.email,
        },
      },
      {
        userIds: activeHumanIds(d.realm),
        event: {
          type: 'user_status',
          user_id: user.user_id,
          status_text: 'commuting',
          emoji_name: 'car',
          emoji_code: '1f697',
          reaction_type: 'unicode_emoji',
          away: true,
        },
      },
    ]);
  });
});

describe('creating user groups (realm)', () => {
  const base = { description: 'd', members: [] as number[], subgroups: [] as number[], permissions: {} };

  it('needs can_create_groups (or can_manage_all_groups)', () => {
    expect(refusal(() => addUserGroup(d.realm, d.users.guest, { ...base, name: 'g' }))).toMatchObject({
      msg: 'Insufficient permission',
    });
    d.realm.settings.can_create_groups = SYSTEM_GROUPS.nobody;
    expect(refusal(() => addUserGroup(d.realm, d.users.members[0], { ...base, name: 'g' }))).toMatchObject({
      msg: 'Insufficient permission',
    });
    expect(addUserGroup(d.realm, d.users.owner, { ...base, name: 'g' }).name).toBe('g');
  });

  it('name, members, subgroups and permissions are checked before the group exists', () => {
    const groups = d.realm.groups.size;
    const m = d.users.members[0];
    const cases: [Parameters<typeof addUserGroup>[2], string][] = [
      [{ ...base, name: '  ' }, 'User group name cannot be empty.'],
      [{ ...base, name: 'role:x' }, "User group name cannot start with 'role:'."],
      [{ ...base, name: 'BACKEND' }, "User group 'BACKEND' already exists."],
      [
        { ...base, name: 'g', members: [d.users.notificationBot.user_id] },
        `Invalid user ID: ${d.users.notificationBot.user_id}`,
      ],
      [{ ...base, name: 'g', subgroups: [9999] }, 'Invalid user group ID: 9999'],
      [
        { ...base, name: 'g', permissions: { can_manage_group: SYSTEM_GROUPS.everyone } },
        "'can_manage_group' setting cannot be set to 'role:everyone' group.",
      ],
    ];
    for (const [request, msg] of cases)
      expect(refusal(() => addUserGroup(d.realm, m, request))).toMatchObject({ msg });
    expect(d.realm.groups.size).toBe(groups);
    expect(d.published).toEqual([]);
  });

  it('creates with deduplicated members and the creator, and tells everyone', () => {
    const m = d.users.members[0];
    const group = addUserGroup(d.realm, m, {
      ...base,
      name: ' reviewers ',
      members: [m.user_id, m.user_id, d.users.members[1].user_id],
      permissions: { can_mention_group: { direct_members: [], direct_subgroups: [SYSTEM_GROUPS.members] } },
    });
    expect(group).toMatchObject({
      name: 'reviewers',
      creator_id: m.user_id,
      can_mention_group: SYSTEM_GROUPS.members,
    });
    expect([...group.members]).toEqual([m.user_id, d.users.members[1].user_id]);
    expect(d.published).toHaveLength(1);
    expect(d.published[0]!.userIds).toEqual(activeHumanIds(d.realm));
    expect(d.published[0]!.event).toMatchObject({
      type: 'user_group',
      op: 'add',
      group: { id: group.id, name: 'reviewers' },
    });
  });
});
