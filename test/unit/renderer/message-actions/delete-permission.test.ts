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
