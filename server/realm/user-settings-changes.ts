import { badRequest } from '../http/errors';
import type { Realm } from './realm';
import { LANGUAGES, USER_SETTING_RULES, checkSettingValue, type UserSettings } from './user-settings';
import {
  activeHumanIds,
  canSeeDeliveryEmail,
  getUserByEmail,
  isEmailAddress,
  requireAdmin,
  usersWhoCanAccess,
  type User,
} from './users';

/*
 * Changes to a user's own account and preferences (PATCH /settings, 4.3 and 4.6) and to the
 * organization's defaults for new users (PATCH /realm/user_settings_defaults), with their events.
 */

export type SettingName = keyof UserSettings;
type SettingValue = boolean | number | string;

const MAX_NAME_LENGTH = 100;
const MIN_PASSWORD_LENGTH = 6;

/** Validate every passed preference; returns those whose value differs from `current`, in table order. */
export function changedSettings(
  values: Readonly<Record<string, unknown>>,
  current: UserSettings,
  include: (name: SettingName) => boolean,
): [SettingName, SettingValue][] {
  const out: [SettingName, SettingValue][] = [];
  for (const [name, rule] of Object.entries(USER_SETTING_RULES) as [
    SettingName,
    (typeof USER_SETTING_RULES)[SettingName],
  ][]) {
    const value = values[name] as SettingValue | undefined;
    if (value === undefined || !include(name)) continue;
    checkSettingValue(name, rule, value);
    if (current[name] !== value) out.push([name, value]);
  }
  return out;
}

function checkFullName(realm: Realm, user: User, raw: string): string {
  const name = raw.trim();
  if (name === '') throw badRequest('Name too short!');
  if ([...name].length > MAX_NAME_LENGTH) throw badRequest('Name too long!');
  const controlChar = [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (controlChar || /[*`\\>"@]/.test(name)) throw badRequest('Invalid characters in name!');
  // "Name|123" reads as the `@**Name|id**` syntax of a mention: the real service refuses it.
  if (/\|\d+$/.test(name)) throw badRequest('Invalid format!');
  if (realm.settings.require_unique_names) {
    const lower = name.toLowerCase();
    for (const u of realm.users.values())
      if (u !== user && u.full_name.toLowerCase() === lower)
        throw badRequest('Unique names required in this organization.');
  }
  return name;
}

/** The new address to record as pending, or undefined when it is the current one. */
function checkNewEmail(realm: Realm, user: User, raw: string): string | undefined {
  const email = raw.trim();
  if (!isEmailAddress(email)) throw badRequest('Invalid address.');
  const holder = getUserByEmail(realm, email);
  if (holder && holder !== user) throw badRequest('Email is already in use.');
  return email.toLowerCase() === user.delivery_email.toLowerCase() ? undefined : email;
}

function checkPasswordChange(user: User, oldPassword: string | undefined, newPassword: string): void {
  if (oldPassword === undefined || oldPassword !== user.password) throw badRequest('Wrong password!');
  if ([...newPassword].length < MIN_PASSWORD_LENGTH) throw badRequest('New password is too weak!');
}

/** Apply one user's preference changes and send the events they cause. */
function applyUserSettings(realm: Realm, user: User, changes: [SettingName, SettingValue][]): void {
  const visibleBefore = new Map(
    [...realm.users.values()].map((viewer) => [viewer.user_id, canSeeDeliveryEmail(viewer, user)]),
  );
  for (const [name, value] of changes) {
    (user.settings as unknown as Record<string, SettingValue>)[name] = value;
    realm.events.publish([user.user_id], {
      type: 'user_settings',
      op: 'update',
      property: name,
      value,
      ...(name === 'default_language' ? { language_name: LANGUAGES[value as string] } : {}),
      __email: user.email,
    });
    if (name === 'timezone') {
      user.timezone = value as string;
      realm.events.publish(usersWhoCanAccess(realm, user), {
        type: 'realm_user',
        op: 'update',
        person: { user_id: user.user_id, email: user.email, timezone: user.timezone },
      });
    }
    if (name === 'enable_drafts_synchronization' && value === false) {
      // Spec 4.6: disabling synchronization deletes the server-stored drafts (no events).
      for (const [id, d] of realm.drafts) if (d.user_id === user.user_id) realm.drafts.delete(id);
    }
  }
  if (changes.some(([name]) => name === 'email_address_visibility')) {
    const viewers = new Set(usersWhoCanAccess(realm, user));
    for (const viewer of realm.users.values()) {
      if (!viewers.has(viewer.user_id) || viewer === user) continue;
      const now = canSeeDeliveryEmail(viewer, user);
      if (now === visibleBefore.get(viewer.user_id)) continue;
      realm.events.publish([viewer.user_id], {
        type: 'realm_user',
        op: 'update',
        person: { user_id: user.user_id, delivery_email: now ? user.delivery_email : null },
      });
    }
  }
}

/** One preference, as other operations change it (the deprecated status `away` sets `presence_enabled`). */
export function setUserSetting(realm: Realm, user: User, name: SettingName, value: SettingValue): void {
  if (user.settings[name] === value) return;
  applyUserSettings(realm, user, [[name, value]]);
}

export interface OwnSettingsChange {
  full_name?: string;
  email?: string;
  old_password?: string;
  new_password?: string;
  /** Preferences by name (4.6); unknown names are not read. */
  settings: Readonly<Record<string, unknown>>;
}

/** PATCH /settings (4.3): everything is validated before anything changes. */
export function updateOwnSettings(realm: Realm, user: User, change: OwnSettingsChange): void {
  const fullName = change.full_name === undefined ? undefined : checkFullName(realm, user, change.full_name);
  const newEmail = change.email === undefined ? undefined : checkNewEmail(realm, user, change.email);
  if (change.new_password !== undefined) checkPasswordChange(user, change.old_password, change.new_password);
  const changes = changedSettings(change.settings, user.settings, () => true);

  if (fullName !== undefined && fullName !== user.full_name) {
    user.full_name = fullName;
    realm.events.publish(usersWhoCanAccess(realm, user), {
      type: 'realm_user',
      op: 'update',
      person: { user_id: user.user_id, full_name: fullName },
    });
  }
  // The address changes only once the user confirms through the link sent to it.
  if (newEmail !== undefined) user.pending_email = newEmail;
  if (change.new_password !== undefined) user.password = change.new_password;
  applyUserSettings(realm, user, changes);
}

/** PATCH /realm/user_settings_defaults (4.6 column D): administrators only; existing users keep theirs. */
export function updateUserSettingsDefaults(
  realm: Realm,
  actor: User,
  values: Readonly<Record<string, unknown>>,
): void {
  requireAdmin(actor);
  const changes = changedSettings(values, realm.userSettingsDefaults, isRealmDefaultSetting);
  for (const [name, value] of changes) {
    (realm.userSettingsDefaults as unknown as Record<string, unknown>)[name] = value;
    realm.events.publish(activeHumanIds(realm), {
      type: 'realm_user_settings_defaults',
      op: 'update',
      property: name,
      value,
    });
  }
}

/** Column D of 4.6: the preferences an organization sets defaults for. */
export function isRealmDefaultSetting(name: SettingName): boolean {
  return USER_SETTING_RULES[name].realmDefault;
}
