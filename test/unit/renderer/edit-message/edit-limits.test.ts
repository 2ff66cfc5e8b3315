import { describe, expect, it } from 'vitest';
import {
  editAllowance,
  formatLimit,
  formatRemaining,
  type EditRules,
} from '../../../../renderer/src/features/edit-message/edit-limits';
import { userInGroupSetting } from '../../../../renderer/src/app/permissions';

const rules: EditRules = {
  allowEditing: true,
  contentLimitSeconds: 600,
  topicMoveLimitSeconds: 604800,
  canMoveTopics: true,
  exemptFromMoveLimit: false,
};

describe('editAllowance', () => {
  it('counts down the content limit and says when it has passed, while a topic move is still allowed', () => {
    expect(editAllowance(rules, { isOwn: true, ageSeconds: 100 }).content).toEqual({
      allowed: true,
      secondsLeft: 500,
    });
    const late = editAllowance(rules, { isOwn: true, ageSeconds: 601 });
    expect(late.content).toEqual({ allowed: false, reason: 'time-limit' });
    expect(late.topic).toEqual({ allowed: true, secondsLeft: 604800 - 601 });
  });

  it('treats a null or 0 limit as none, and exempts moderators from the move limit', () => {
    const open = { ...rules, contentLimitSeconds: 0, topicMoveLimitSeconds: null };
    expect(editAllowance(open, { isOwn: true, ageSeconds: 1e9 })).toEqual({
      content: { allowed: true, secondsLeft: null },
      topic: { allowed: true, secondsLeft: null },
    });
    const moderator = { ...rules, exemptFromMoveLimit: true };
    expect(editAllowance(moderator, { isOwn: false, ageSeconds: 1e9 }).topic).toEqual({
      allowed: true,
      secondsLeft: null,
    });
  });

  it("says why content cannot change: someone else's message, editing turned off; moves need the group", () => {
    expect(editAllowance(rules, { isOwn: false, ageSeconds: 1 }).content).toEqual({
      allowed: false,
      reason: 'not-permitted',
    });
    expect(editAllowance({ ...rules, allowEditing: false }, { isOwn: true, ageSeconds: 1 }).content).toEqual({
      allowed: false,
      reason: 'editing-off',
    });
    expect(editAllowance({ ...rules, canMoveTopics: false }, { isOwn: true, ageSeconds: 1 }).topic).toEqual({
      allowed: false,
      reason: 'not-permitted',
    });
  });
});

describe('userInGroupSetting', () => {
  const groups = [
    { id: 1, name: 'role:members', description: '', members: [5], direct_subgroup_ids: [2] },
    { id: 2, name: 'role:moderators', description: '', members: [3], direct_subgroup_ids: [1] },
  ];
  it('follows subgroups (and survives a cycle) and reads anonymous collections', () => {
    expect(userInGroupSetting(1, 3, groups)).toBe(true);
    expect(userInGroupSetting(2, 5, groups)).toBe(true);
    expect(userInGroupSetting(2, 9, groups)).toBe(false);
    expect(userInGroupSetting({ direct_members: [9], direct_subgroups: [] }, 9, groups)).toBe(true);
    expect(userInGroupSetting({ direct_members: [], direct_subgroups: [2] }, 3, groups)).toBe(true);
    expect(userInGroupSetting(undefined, 3, groups)).toBe(false);
  });
});

describe('formatting', () => {
  it('says how long is left at a useful precision', () => {
    expect(formatRemaining(42.7)).toBe('42 s');
    expect(formatRemaining(245)).toBe('4 min 05 s');
    expect(formatRemaining(7800)).toBe('2 h 10 min');
    expect(formatRemaining(3 * 86400 + 5)).toBe('3 days');
    expect(formatRemaining(-3)).toBe('0 s');
    expect(formatLimit(600)).toBe('10 minutes');
    expect(formatLimit(604800)).toBe('7 days');
    expect(formatLimit(3600)).toBe('1 hour');
    expect(formatLimit(90)).toBe('90 seconds');
  });
});
