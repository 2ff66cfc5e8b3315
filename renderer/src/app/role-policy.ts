import { Role } from '../../../shared/api/plain-values';

/**
 * The real service's integer permission policies (`realm_delete_own_message_policy` and its
 * kind), which servers older than the group settings send in their place. Values as the service
 * numbers them (its common message policy values).
 */
export const RolePolicy = { members: 1, admins: 2, fullMembers: 3, moderators: 4, everyone: 5 } as const;

export interface PolicyHolder {
  role: number;
  /** When the person joined (UNIX seconds), for "full members"; unknown counts as full. */
  joinedAtSeconds?: number;
}

/**
 * Whether a person holds an integer policy. Administrators hold every one; a full member is a member
 * who joined at least `waitingPeriodDays` ago. A value this client does not know is left to the
 * server (held).
 */
export function holdsRolePolicy(
  policy: number,
  holder: PolicyHolder,
  waitingPeriodDays: number,
  nowSeconds: number,
): boolean {
  const { role, joinedAtSeconds } = holder;
  if (role <= Role.administrator) return true;
  switch (policy) {
    case RolePolicy.everyone:
      return true;
    case RolePolicy.members:
      return role <= Role.member;
    case RolePolicy.fullMembers:
      return (
        role <= Role.moderator ||
        (role === Role.member &&
          (joinedAtSeconds === undefined || nowSeconds - joinedAtSeconds >= waitingPeriodDays * 86_400))
      );
    case RolePolicy.moderators:
      return role <= Role.moderator;
    case RolePolicy.admins:
      return false;
    default:
      return true;
  }
}
