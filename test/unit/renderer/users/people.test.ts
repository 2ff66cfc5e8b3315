import { describe, expect, it } from 'vitest';
import { peopleForPanel, presenceOf, roleBadge } from '../../../../renderer/src/features/users/people';

describe('people panel helpers', () => {
  it('badges every role but plain members', () => {
    expect([100, 200, 300, 400, 600, undefined].map(roleBadge)).toEqual([
      'Owner',
      'Admin',
      'Moderator',
      null,
      'Guest',
      null,
    ]);
  });

  it('reads presence only where the server gave it', () => {
    const presences = {
      '1': { active_timestamp: 1000 },
      '2': { idle_timestamp: 990 },
      '3': { active_timestamp: 10 },
    };
    expect(presenceOf(presences, 1, 1060)).toBe('active');
    expect(presenceOf(presences, 2, 1060)).toBe('idle');
    expect(presenceOf(presences, 3, 1060)).toBe('offline');
    expect(presenceOf(presences, 4, 1060)).toBeUndefined();
    expect(presenceOf(undefined, 1, 1060)).toBeUndefined();
  });

  it('lists oneself first, then people by name, then bots; leaves out the deactivated; searches name and email', () => {
    const users = [
      { user_id: 1, full_name: 'Zed', email: 'z@x' },
      { user_id: 2, full_name: 'Amy', email: 'amy@x' },
      { user_id: 3, full_name: 'Bot', email: 'bot@x', is_bot: true },
      { user_id: 4, full_name: 'Gone', email: 'g@x', is_active: false },
      { user_id: 5, full_name: 'Me', email: 'me@x' },
    ];
    expect(peopleForPanel(users, 5).map((u) => u.user_id)).toEqual([5, 2, 1, 3]);
    expect(peopleForPanel(users, 5, 'AMY@').map((u) => u.user_id)).toEqual([2]);
  });
});
