import { describe, expect, it } from 'vitest';
import { demoUsers, useServer } from './helpers';
import { SYSTEM_GROUPS } from '../../../server/realm/groups';

const h = useServer();
let n = 0;
const fresh = () => `group-${++n}`;

describe('GET /user_groups', () => {
  it('lists system and named groups with members and subgroups', async () => {
    const { member } = demoUsers(h.server);
    const body = await h.as(member).ok('GET', '/user_groups');
    const groups = body.user_groups as {
      id: number;
      name: string;
      members: number[];
      direct_subgroup_ids: number[];
      is_system_group: boolean;
    }[];
    const backend = groups.find((g) => g.name === 'backend')!;
    expect(backend.members).toContain(member.user_id);
    expect(groups.find((g) => g.name === 'engineering-team')!.direct_subgroup_ids).toContain(backend.id);
    expect(groups.find((g) => g.name === 'role:members')!.is_system_group).toBe(true);
  });

  it('deactivated groups only with include_deactivated_groups', async () => {
    const { member } = demoUsers(h.server);
    const realm = h.server.realm;
    const frontend = [...realm.groups.values()].find((g) => g.name === 'frontend')!;
    frontend.deactivated = true;
    try {
      const plain = (await h.as(member).ok('GET', '/user_groups')).user_groups as { id: number }[];
      expect(plain.map((g) => g.id)).not.toContain(frontend.id);
      const all = (await h.as(member).ok('GET', '/user_groups', { include_deactivated_groups: true }))
        .user_groups as { id: number }[];
      expect(all.map((g) => g.id)).toContain(frontend.id);
    } finally {
      frontend.deactivated = false;
    }
  });
});

describe('POST /user_groups/create (4.14)', () => {
  it('creates a group with members, subgroups and permissions; user_group add to everyone', async () => {
    const { member, member2, guest } = demoUsers(h.server);
    const backendId = [...h.server.realm.groups.values()].find((g) => g.name === 'backend')!.id;
    const q = await h.as(guest).register({ event_types: ['user_group'] });
    const name = fresh();
    const body = await h.as(member).ok('POST', '/user_groups/create', {
      name,
      description: 'Testers',
      members: [member.user_id, member2.user_id],
      subgroups: [backendId],
      can_mention_group: SYSTEM_GROUPS.members,
      can_join_group: { direct_members: [guest.user_id], direct_subgroups: [SYSTEM_GROUPS.moderators] },
    });
    const id = body.group_id as number;
    const group = h.server.realm.groups.get(id)!;
    expect(group).toMatchObject({ name, description: 'Testers', creator_id: member.user_id });
    expect([...group.members].sort()).toEqual([member.user_id, member2.user_id].sort());
    expect([...group.subgroups]).toEqual([backendId]);
    expect(group.can_mention_group).toBe(SYSTEM_GROUPS.members);
    expect(group.can_join_group).toEqual({
      direct_members: [guest.user_id],
      direct_subgroups: [SYSTEM_GROUPS.moderators],
    });
    const [ev] = await q.drain();
    expect(ev).toMatchObject({ type: 'user_group', op: 'add' });
    expect(ev!.group).toMatchObject({ id, name, description: 'Testers', direct_subgroup_ids: [backendId] });
  });

  it('"Invalid user ID: <id>" for a user who does not exist; bad subgroups refused', async () => {
    const { member } = demoUsers(h.server);
    const r = await h.as(member).call('POST', '/user_groups/create', {
      name: fresh(),
      description: '',
      members: [member.user_id, 4242],
    });
    expect(r.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid user ID: 4242' });
    const g = await h
      .as(member)
      .call('POST', '/user_groups/create', { name: fresh(), description: '', members: [], subgroups: [777] });
    expect(g.body.msg).toBe('Invalid user group ID: 777');
  });

  it('subgroups may be added regardless of other permissions; missing required params are named', async () => {
    const { member3, owner } = demoUsers(h.server);
    const locked = await h.as(owner).ok('POST', '/user_groups/create', {
      name: fresh(),
      description: 'only the owner manages it',
      members: [owner.user_id],
      can_manage_group: SYSTEM_GROUPS.owners,
      can_add_members_group: SYSTEM_GROUPS.owners,
    });
    const lockedId = locked.group_id as number;
    const body = await h.as(member3).ok('POST', '/user_groups/create', {
      name: fresh(),
      description: '',
      members: [],
      subgroups: [lockedId, SYSTEM_GROUPS.administrators],
    });
    expect([...h.server.realm.groups.get(body.group_id as number)!.subgroups].sort()).toEqual(
      [lockedId, SYSTEM_GROUPS.administrators].sort(),
    );
    for (const missing of ['name', 'description', 'members']) {
      const params: Record<string, unknown> = { name: fresh(), description: '', members: [] };
      delete params[missing];
      const r = await h.as(member3).call('POST', '/user_groups/create', params);
      expect(r.body, missing).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', var_name: missing });
    }
  });

  it('system-group restrictions of can_manage_group and can_mention_group', async () => {
    const { member } = demoUsers(h.server);
    const cases: [string, number, string][] = [
      ['can_manage_group', SYSTEM_GROUPS.internet, 'internet'],
      ['can_manage_group', SYSTEM_GROUPS.everyone, 'everyone'],
      ['can_mention_group', SYSTEM_GROUPS.internet, 'internet'],
      ['can_mention_group', SYSTEM_GROUPS.owners, 'owners'],
      ['can_join_group', SYSTEM_GROUPS.internet, 'internet'],
    ];
    for (const [setting, value, group] of cases) {
      const r = await h.as(member).call('POST', '/user_groups/create', {
        name: fresh(),
        description: '',
        members: [],
        [setting]: value,
      });
      expect(r.body).toMatchObject({
        result: 'error',
        msg: `'${setting}' setting cannot be set to 'role:${group}' group.`,
      });
    }
    // The allowed neighbours pass.
    await h.as(member).ok('POST', '/user_groups/create', {
      name: fresh(),
      description: '',
      members: [],
      can_manage_group: SYSTEM_GROUPS.members,
      can_mention_group: SYSTEM_GROUPS.everyone,
    });
  });

  it('names: empty, reserved prefixes, duplicates', async () => {
    const { member } = demoUsers(h.server);
    const call = (name: string) =>
      h.as(member).call('POST', '/user_groups/create', { name, description: '', members: [] });
    expect((await call('  ')).body.msg).toBe('User group name cannot be empty.');
    expect((await call('role:fake')).body.msg).toBe("User group name cannot start with 'role:'.");
    expect((await call('@team')).body.msg).toBe("User group name cannot start with '@'.");
    expect((await call('Backend')).body.msg).toBe("User group 'Backend' already exists.");
  });

  it('who may create groups follows the realm setting can_create_groups', async () => {
    const { guest, member, admin } = demoUsers(h.server);
    const realm = h.server.realm;
    const g = await h
      .as(guest)
      .call('POST', '/user_groups/create', { name: fresh(), description: '', members: [] });
    expect(g.body).toMatchObject({ result: 'error', msg: 'Insufficient permission' });
    realm.settings.can_create_groups = SYSTEM_GROUPS.administrators;
    try {
      const m = await h
        .as(member)
        .call('POST', '/user_groups/create', { name: fresh(), description: '', members: [] });
      expect(m.body.msg).toBe('Insufficient permission');
      await h.as(admin).ok('POST', '/user_groups/create', { name: fresh(), description: '', members: [] });
    } finally {
      realm.settings.can_create_groups = SYSTEM_GROUPS.members;
    }
  });
});
