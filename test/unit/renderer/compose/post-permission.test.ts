import { describe, expect, it } from 'vitest';
import { mayPostInChannel } from '../../../../renderer/src/features/compose/post-permission';

const MEMBER = 10;
const ADMIN = 20;
const group = (id: number, name: string, members: number[], direct_subgroup_ids: number[] = []) => ({
  id,
  name,
  description: '',
  members,
  direct_subgroup_ids,
});
const admins = group(1, 'role:administrators', [ADMIN]);
const members = group(2, 'role:members', [MEMBER], [1]);
const channel = (stream_id: number, can_send_message_group?: unknown) =>
  ({
    stream_id,
    name: `c${stream_id}`,
    ...(can_send_message_group === undefined ? {} : { can_send_message_group }),
  }) as {
    stream_id: number;
    name: string;
  };
const state = (userId: number) => ({
  user_id: userId,
  realm_user_groups: [admins, members],
  subscriptions: [channel(100, 1), channel(101, 2)],
  unsubscribed: [channel(102, { direct_members: [MEMBER], direct_subgroups: [] })],
  never_subscribed: [channel(103)],
});

describe('who may post in a channel', () => {
  it('a channel for administrators refuses a member and takes an administrator', () => {
    expect(mayPostInChannel(state(MEMBER), 100)).toBe(false);
    expect(mayPostInChannel(state(ADMIN), 100)).toBe(true);
  });

  it('holding the group through a subgroup, or named in a set of people, is enough', () => {
    expect(mayPostInChannel(state(ADMIN), 101)).toBe(true);
    expect(mayPostInChannel(state(MEMBER), 102)).toBe(true);
    expect(mayPostInChannel(state(ADMIN), 102)).toBe(false);
  });

  it('the group’s membership as it is now: a member made an administrator may post', () => {
    const promoted = {
      ...state(MEMBER),
      realm_user_groups: [group(1, 'role:administrators', [ADMIN, MEMBER]), members],
    };
    expect(mayPostInChannel(promoted, 100)).toBe(true);
  });

  it('a server that does not send the setting, or a channel it does not know, is left to the server', () => {
    expect(mayPostInChannel(state(MEMBER), 103)).toBe(true);
    expect(mayPostInChannel(state(MEMBER), 999)).toBe(true);
    expect(mayPostInChannel(undefined, 100)).toBe(true);
  });
});
