import { badRequest } from '../http/errors';
import { p, type Param, type ParamSchema } from '../http/params';
import { route } from '../http/route';
import type { Realm } from '../realm/realm';
import { LANGUAGES, USER_SETTING_RULES, checkSettingValue, type UserSettings } from '../realm/user-settings';
import { canSeeDeliveryEmail, getUserByEmail, usersWhoCanAccess, type User } from '../realm/users';

type SettingName = keyof UserSettings;
type SettingValue = boolean | number | string;

/** Parameter declarations for the preferences a settings endpoint accepts. */
export function settingParams(include: (name: SettingName) => boolean): ParamSchema {
  const out: Record<string, Param<SettingValue>> = {};
  for (const [name, rule] of Object.entries(USER_SETTING_RULES)) {
    if (!include(name as SettingName)) continue;
    out[name] = rule.type === 'bool' ? p.bool() : rule.type === 'int' ? p.int() : p.string();
  }
  return out;
}

/** Validate every passed preference; returns those whose value differs from `current`. */
export function changedSettings(
  params: Record<string, unknown>,
  current: UserSettings,
  include: (name: SettingName) => boolean,
): [SettingName, SettingValue][] {
  const out: [SettingName, SettingValue][] = [];
  for (const [name, rule] of Object.entries(USER_SETTING_RULES) as [
    SettingName,
    (typeof USER_SETTING_RULES)[SettingName],
  ][]) {
    const value = params[name] as SettingValue | undefined;
    if (value === undefined || !include(name)) continue;
    checkSettingValue(name, rule, value);
    if (current[name] !== value) out.push([name, value]);
  }
  return out;
}

const MAX_NAME_LENGTH = 100;
const MIN_PASSWORD_LENGTH = 6;

function checkFullName(realm: Realm, user: User, raw: string): string {
  const name = raw.trim();
  if (name === '') throw badRequest('Name too short!');
  if ([...name].length > MAX_NAME_LENGTH) throw badRequest('Name too long!');
  const controlChar = [...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (controlChar || /[*`\\>"@]/.test(name)) throw badRequest('Invalid characters in name!');
  if (realm.settings.require_unique_names) {
    const lower = name.toLowerCase();
    for (const u of realm.users.values())
      if (u !== user && u.full_name.toLowerCase() === lower)
        throw badRequest('Unique names required in this organization.');
  }
  return name;
}

const EMAIL_RE = /^[^\s@,<>]+@[^\s@,<>]+\.[^\s@,<>]+$/;

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

const identityParams = {
  full_name: p.string(),
  email: p.string(),
  old_password: p.string(),
  new_password: p.string(),
};
const userSettingParams = settingParams(() => true);

/** PATCH /settings (4.3) and its deprecated aliases. */
function settingsRoute(path: string) {
  return route({
    method: 'PATCH',
    path,
    params: { ...identityParams, ...userSettingParams },
    handler: ({ realm, user }, params) => {
      const all = params as Record<string, unknown>;
      // Validate everything before changing anything.
      const fullName =
        params.full_name === undefined ? undefined : checkFullName(realm, user, params.full_name);
      let newEmail: string | undefined;
      if (params.email !== undefined) {
        const email = params.email.trim();
        if (!EMAIL_RE.test(email)) throw badRequest('Invalid address.');
        const holder = getUserByEmail(realm, email);
        if (holder && holder !== user) throw badRequest('Email is already in use.');
        if (email.toLowerCase() !== user.delivery_email.toLowerCase()) newEmail = email;
      }
      if (params.new_password !== undefined) {
        if (params.old_password === undefined || params.old_password !== user.password)
          throw badRequest('Wrong password!');
        if ([...params.new_password].length < MIN_PASSWORD_LENGTH)
          throw badRequest('New password is too weak!');
      }
      const changes = changedSettings(all, user.settings, () => true);

      if (fullName !== undefined && fullName !== user.full_name) {
        user.full_name = fullName;
        realm.renderEpoch++;
        realm.events.publish(usersWhoCanAccess(realm, user), {
          type: 'realm_user',
          op: 'update',
          person: { user_id: user.user_id, full_name: fullName },
        });
      }
      // The address changes only once the user confirms through the link sent to it.
      if (newEmail !== undefined) user.pending_email = newEmail;
      if (params.new_password !== undefined) user.password = params.new_password;
      applyUserSettings(realm, user, changes);
      return {};
    },
  });
}

export const settingsRoutes = [
  settingsRoute('/settings'),
  settingsRoute('/settings/display'),
  settingsRoute('/settings/notifications'),
];
