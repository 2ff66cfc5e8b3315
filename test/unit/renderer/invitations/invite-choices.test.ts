import { describe, expect, it } from 'vitest';
import type { Channel } from '../../../../renderer/src/api/model';
import {
  mayAddSubscribersTo,
  type Inviter,
} from '../../../../renderer/src/features/invitations/invite-choices';

const member: Inviter = {
  userId: 7,
  administrator: false,
  guest: false,
  groups: [],
  subscribedIds: new Set([1]),
};
const channel = (over: Partial<Channel>): Channel =>
  ({ stream_id: 2, name: 'c', invite_only: false, is_archived: false, ...over }) as Channel;
const nobody = { direct_members: [], direct_subgroups: [] };

describe('channels an invitation may name', () => {
  it('a public channel or one the person is in, but not a private one they left', () => {
    expect(mayAddSubscribersTo(channel({}), member)).toBe(true);
    expect(mayAddSubscribersTo(channel({ stream_id: 1, invite_only: true }), member)).toBe(true);
    expect(mayAddSubscribersTo(channel({ invite_only: true, can_subscribe_group: nobody }), member)).toBe(
      false,
    );
  });

  it('a private channel whose own settings let the person add subscribers or administer it', () => {
    const named = { direct_members: [7], direct_subgroups: [] };
    expect(
      mayAddSubscribersTo(channel({ invite_only: true, can_add_subscribers_group: named }), member),
    ).toBe(true);
    expect(
      mayAddSubscribersTo(channel({ invite_only: true, can_administer_channel_group: named }), member),
    ).toBe(true);
  });

  it('never an archived channel, nor a public one for a guest', () => {
    expect(mayAddSubscribersTo(channel({ is_archived: true }), { ...member, administrator: true })).toBe(
      false,
    );
    expect(mayAddSubscribersTo(channel({}), { ...member, guest: true })).toBe(false);
  });
});
