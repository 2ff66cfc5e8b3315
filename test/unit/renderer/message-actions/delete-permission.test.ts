import { describe, expect, it } from 'vitest';
import { mayDeleteMessage } from '../../../../renderer/src/features/message-actions/delete-permission';

const SELF = 10;
const OTHER = 20;
const admins = {
  id: 1,
  name: 'role:administrators',
  description: '',
  members: [OTHER],
  direct_subgroup_ids: [],
};
const everyone = {
  id: 2,
  name: 'role:everyone',
  description: '',
  members: [SELF, OTHER],
  direct_subgroup_ids: [1],
};
const state = {
  user_id: SELF,
  realm_user_groups: [admins, everyone],
  realm_can_delete_any_message_group: 1,
  realm_can_delete_own_message_group: 2,
  realm_message_content_delete_limit_seconds: 600 as number | null,
};

describe('who may delete a message', () => {
  it('the sender, within the organization’s time limit; not someone else’s', () => {
    expect(mayDeleteMessage(state, { sender_id: SELF, timestamp: 1000 }, 1500)).toBe(true);
    expect(mayDeleteMessage(state, { sender_id: SELF, timestamp: 1000 }, 1700)).toBe(false);
    expect(
      mayDeleteMessage(
        { ...state, realm_message_content_delete_limit_seconds: null },
        { sender_id: SELF, timestamp: 1000 },
        99_999,
      ),
    ).toBe(true);
    expect(mayDeleteMessage(state, { sender_id: OTHER, timestamp: 1000 }, 1001)).toBe(false);
  });

  it('an administrator, any message at any time; nobody when the organization allows no one', () => {
    const admin = { ...state, user_id: OTHER };
    expect(mayDeleteMessage(admin, { sender_id: SELF, timestamp: 1000 }, 99_999)).toBe(true);
    const nobody = {
      ...state,
      realm_can_delete_own_message_group: { direct_members: [], direct_subgroups: [] },
    };
    expect(mayDeleteMessage(nobody, { sender_id: SELF, timestamp: 1000 }, 1001)).toBe(false);
  });
});

describe('who may delete a message on a server before the deletion group settings (feature levels 281, 291)', () => {
  const DAY = 86_400;
  const now = 1_000 * DAY;
  const older = (policy: number, role: number, joinedDaysAgo = 100) => ({
    user_id: SELF,
    role,
    realm_users: [
      {
        user_id: SELF,
        email: 's@x.example',
        full_name: 'Self',
        role,
        date_joined: new Date((now - joinedDaysAgo * DAY) * 1000).toISOString(),
      },
    ],
    realm_user_groups: [],
    realm_delete_own_message_policy: policy,
    realm_waiting_period_threshold: 10,
    realm_message_content_delete_limit_seconds: null,
  });
  const own = { sender_id: SELF, timestamp: now - 60 };
  const theirs = { sender_id: OTHER, timestamp: now - 60 };

  it('an administrator deletes any message', () => {
    expect(mayDeleteMessage(older(2, 200), theirs, now)).toBe(true);
    expect(mayDeleteMessage(older(2, 400), theirs, now)).toBe(false);
  });

  it('a sender deletes their own as realm_delete_own_message_policy says', () => {
    // 1 members, 2 administrators, 3 full members, 4 moderators, 5 everyone.
    expect(mayDeleteMessage(older(1, 400), own, now)).toBe(true);
    expect(mayDeleteMessage(older(1, 600), own, now)).toBe(false);
    expect(mayDeleteMessage(older(5, 600), own, now)).toBe(true);
    expect(mayDeleteMessage(older(2, 400), own, now)).toBe(false);
    expect(mayDeleteMessage(older(2, 200), own, now)).toBe(true);
    expect(mayDeleteMessage(older(4, 400), own, now)).toBe(false);
    expect(mayDeleteMessage(older(4, 300), own, now)).toBe(true);
    expect(mayDeleteMessage(older(3, 400, 100), own, now)).toBe(true);
    expect(mayDeleteMessage(older(3, 400, 3), own, now)).toBe(false);
  });
});
