import { describe, expect, it } from 'vitest';
import type { User } from '../../../../renderer/src/api/model';
import { mutedUserRows } from '../../../../renderer/src/features/users/muted-user-rows';

describe('Settings → Muted users rows', () => {
  const users = new Map(
    [
      { user_id: 1, full_name: 'Zed', email: 'zed@x' },
      { user_id: 2, full_name: 'Amy', email: 'amy@x' },
    ].map((u) => [u.user_id, u as User]),
  );

  it('lists the newest mute first, with real names, and one the app does not know by id', () => {
    const rows = mutedUserRows(
      [
        { id: 1, timestamp: 100 },
        { id: 2, timestamp: 300 },
        { id: 9, timestamp: 200 },
      ],
      users,
      '',
    );
    expect(rows.map((r) => [r.name, r.timestamp])).toEqual([
      ['Amy', 300],
      ['User 9', 200],
      ['Zed', 100],
    ]);
  });

  it('searches names and emails', () => {
    const muted = [{ id: 1, timestamp: 100 }, { id: 2 }];
    expect(mutedUserRows(muted, users, ' AMY@').map((r) => r.userId)).toEqual([2]);
    expect(mutedUserRows(muted, users, 'ze').map((r) => r.userId)).toEqual([1]);
  });
});
