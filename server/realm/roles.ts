/**
 * Organization roles (spec 4.10). The wire carries numbers, and a lower number is a stronger role;
 * code names them and compares them only through the helpers below.
 */
export const ROLE = { owner: 100, administrator: 200, moderator: 300, member: 400, guest: 600 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];

/** Whether `role` is `least` or stronger (an owner is at least an administrator). */
export function hasRoleAtLeast(role: number, least: Role): boolean {
  return role <= least;
}

/** Whether `role` is strictly stronger than `other`. */
export function isStrongerRole(role: number, other: number): boolean {
  return role < other;
}

interface HasRole {
  role: number;
}

export const isOwner = (u: HasRole): boolean => u.role === ROLE.owner;
export const isAdmin = (u: HasRole): boolean => hasRoleAtLeast(u.role, ROLE.administrator);
export const isModeratorOrAbove = (u: HasRole): boolean => hasRoleAtLeast(u.role, ROLE.moderator);
export const isMemberOrAbove = (u: HasRole): boolean => hasRoleAtLeast(u.role, ROLE.member);
export const isGuest = (u: HasRole): boolean => u.role === ROLE.guest;
