import { randomBytes } from 'node:crypto';
import { ApiError } from '../http/errors';
import type { Realm } from './realm';
import { resolveGroupSetting } from './groups';
import { isAdmin, isGuest, isModeratorOrAbove, isOwner, ROLE, type Role } from './roles';
import { defaultUserSettings, type UserSettings } from './user-settings';

export interface UserStatus {
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
  away: boolean;
}

export interface User {
  user_id: number;
  email: string;
  delivery_email: string;
  full_name: string;
  role: Role;
  is_bot: boolean;
  /** 1 generic, 2 incoming webhook, 3 outgoing webhook, 4 embedded; null for humans. */
  bot_type: number | null;
  bot_owner_id: number | null;
  /** Internal notification bot: not listed among realm users, sends move/resolve notices. */
  is_system_bot: boolean;
  is_active: boolean;
  api_key: string;
  date_joined: string;
  timezone: string;
  avatar_version: number;
  settings: UserSettings;
  status: UserStatus;
  alert_words: string[];
  /** Login password (PATCH /settings checks `old_password` against it). */
  password: string;
  /** A new email address waiting for confirmation (PATCH /settings `email`); null when none. */
  pending_email: string | null;
}

/** Every seeded account's password, so `old_password` can be tested (documented in server/README.md). */
export const DEMO_PASSWORD = 'northwind-demo';

export function newApiKey(): string {
  return randomBytes(16).toString('hex');
}

export function createUser(
  realm: Realm,
  init: Pick<User, 'email' | 'full_name'> &
    Partial<
      Pick<User, 'role' | 'is_bot' | 'bot_type' | 'bot_owner_id' | 'is_system_bot' | 'api_key' | 'timezone'>
    > & {
      user_id?: number;
      date_joined?: number;
    },
): User {
  const user_id = init.user_id ?? realm.nextId('user');
  realm.reserveId('user', user_id);
  const user: User = {
    user_id,
    email: init.email,
    delivery_email: init.email,
    full_name: init.full_name,
    role: init.role ?? ROLE.member,
    is_bot: init.is_bot ?? false,
    bot_type: init.is_bot ? (init.bot_type ?? 1) : null,
    bot_owner_id: init.bot_owner_id ?? null,
    is_system_bot: init.is_system_bot ?? false,
    is_active: true,
    api_key: init.api_key ?? newApiKey(),
    date_joined: new Date((init.date_joined ?? realm.now()) * 1000).toISOString(),
    timezone: init.timezone ?? '',
    avatar_version: 1,
    settings: { ...(realm.userSettingsDefaults ?? defaultUserSettings()) },
    status: { status_text: '', emoji_name: '', emoji_code: '', reaction_type: '', away: false },
    alert_words: [],
    password: DEMO_PASSWORD,
    pending_email: null,
  };
  if (init.timezone) user.settings.timezone = init.timezone;
  realm.users.set(user_id, user);
  realm.usersByEmail.set(user.email.toLowerCase(), user);
  return user;
}

/** The real service's refusal of an administrator-only operation (its code is UNAUTHORIZED_PRINCIPAL). */
export function adminRequired(): ApiError {
  return new ApiError('Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL', 400);
}

export function requireAdmin(u: User): void {
  if (!isAdmin(u)) throw adminRequired();
}

const EMAIL_ADDRESS = /^[^\s@,<>]+@[^\s@,<>]+\.[^\s@,<>]+$/;

/** Whether `text` has the shape of an email address (invitations, email changes). */
export function isEmailAddress(text: string): boolean {
  return EMAIL_ADDRESS.test(text);
}

export function getUserByEmail(realm: Realm, email: string): User | undefined {
  return realm.usersByEmail.get(email.toLowerCase());
}

/** Users listed to clients (realm_users): everyone but the internal notification bot. */
export function listedUsers(realm: Realm): User[] {
  return [...realm.users.values()].filter((u) => !u.is_system_bot);
}

export function avatarUrl(realm: Realm, u: User): string {
  return `${realm.url}/avatar/${u.user_id}?v=${u.avatar_version}`;
}

/** Whether `viewer` may see `target`'s delivery email under `email_address_visibility`. */
export function canSeeDeliveryEmail(viewer: User, target: User): boolean {
  if (viewer.user_id === target.user_id) return true;
  switch (target.settings.email_address_visibility) {
    case 1:
      return true;
    case 2:
      return !isGuest(viewer);
    case 3:
      return isAdmin(viewer);
    case 5:
      return isModeratorOrAbove(viewer);
    default:
      return false;
  }
}

export function userToWire(realm: Realm, viewer: User, u: User): Record<string, unknown> {
  const out: Record<string, unknown> = {
    user_id: u.user_id,
    email: u.email,
    full_name: u.full_name,
    role: u.role,
    is_admin: isAdmin(u),
    is_owner: isOwner(u),
    is_guest: isGuest(u),
    is_billing_admin: false,
    is_bot: u.is_bot,
    bot_type: u.bot_type,
    is_active: u.is_active,
    timezone: u.timezone,
    avatar_url: avatarUrl(realm, u),
    avatar_version: u.avatar_version,
    date_joined: u.date_joined,
    delivery_email: canSeeDeliveryEmail(viewer, u) ? u.delivery_email : null,
    profile_data: {},
  };
  if (u.is_bot) out.bot_owner_id = u.bot_owner_id;
  return out;
}

/** The `user` object embedded in reactions and typing events. */
export function userRef(u: User): {
  user_id: number;
  email: string;
  full_name: string;
  is_mirror_dummy: boolean;
} {
  return { user_id: u.user_id, email: u.email, full_name: u.full_name, is_mirror_dummy: false };
}

export function activeHumanIds(realm: Realm): number[] {
  return [...realm.users.values()].filter((u) => u.is_active && !u.is_system_bot).map((u) => u.user_id);
}

/**
 * The users `viewer` may access: everyone for members of `can_access_all_users_group`; otherwise
 * themselves, bots, people sharing a channel subscription and their direct-message partners.
 */
export function accessibleUserIds(realm: Realm, viewer: User): Set<number> {
  const all = listedUsers(realm).map((u) => u.user_id);
  if (resolveGroupSetting(realm, realm.settings.can_access_all_users_group).has(viewer.user_id))
    return new Set(all);
  const out = new Set<number>([viewer.user_id]);
  for (const u of listedUsers(realm)) if (u.is_bot) out.add(u.user_id);
  for (const c of realm.channels.values()) {
    if (c.subscriptions.get(viewer.user_id)?.active !== true) continue;
    for (const s of c.subscriptions.values()) if (s.active) out.add(s.user_id);
  }
  for (const m of realm.messages)
    if (m.type === 'private' && m.dm_user_ids.includes(viewer.user_id))
      for (const id of m.dm_user_ids) out.add(id);
  return out;
}

/** Active users (bots included, the internal notification bot not) who may access `target` (spec part 6 `realm_user`). */
export function usersWhoCanAccess(realm: Realm, target: User): number[] {
  return activeHumanIds(realm).filter((id) =>
    accessibleUserIds(realm, realm.users.get(id)!).has(target.user_id),
  );
}

/** GET /users/{user_id}: a listed user the viewer may access. */
export function accessibleUser(realm: Realm, viewer: User, userId: number): User {
  const target = realm.users.get(userId);
  if (!target || target.is_system_bot) throw new ApiError('No such user');
  if (!accessibleUserIds(realm, viewer).has(target.user_id)) throw new ApiError('Insufficient permission');
  return target;
}
